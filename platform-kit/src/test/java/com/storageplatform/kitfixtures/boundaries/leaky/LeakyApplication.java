package com.storageplatform.kitfixtures.boundaries.leaky;

/** A service whose features reach into each other's data (FeatureBoundariesTest). */
public class LeakyApplication {
}
