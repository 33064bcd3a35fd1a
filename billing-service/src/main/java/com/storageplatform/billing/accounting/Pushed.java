package com.storageplatform.billing.accounting;

/** What an {@link AccountingLedger} answered a push. */
sealed interface Pushed {

    String provider();

    /** The system booked it: its id of what it booked (the invoice's for a void). */
    record Synced(String provider, String externalId) implements Pushed {
    }

    /** The system refused it for good (a contact or account it will not take, a closed period). */
    record Refused(String provider, String reason) implements Pushed {
    }

    /** The system, or the connection's read, could not be reached or was too slow: pushed again later. */
    record Unavailable(String provider, String reason) implements Pushed {
    }
}
