package com.storageplatform.kitfixtures.boundaries.clean;

/**
 * A service whose features meet only through their public classes (FeatureBoundariesTest). Outside the kit's
 * package, so the kit's test application does not scan it.
 */
public class CleanApplication {
}
