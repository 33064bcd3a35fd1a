package com.storageplatform.kit.request;

/** Signals the transaction to roll back while still answering with {@code outcome}. */
final class RollbackWith extends RuntimeException {

    private final transient Outcome outcome;

    RollbackWith(Outcome outcome) {
        super(null, null, false, false);
        this.outcome = outcome;
    }

    Outcome outcome() {
        return outcome;
    }
}
