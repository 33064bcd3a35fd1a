package com.storageplatform.kitfixtures.boundaries.leaky.delta;

/** Writes alpha's table as well as its own. */
class DeltaWriter {

    String rename() {
        return "UPDATE alphas a SET name = :name WHERE a.id = :id";
    }
}
