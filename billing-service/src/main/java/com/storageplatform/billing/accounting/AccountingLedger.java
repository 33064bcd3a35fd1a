package com.storageplatform.billing.accounting;

import reactor.core.publisher.Mono;

/**
 * The port to an account's accounting system: one push of one thing billing did (an invoice issued or voided, a
 * credit note issued, a payment succeeded or refunded). The sender calls it outside any transaction, at most once
 * at a time per invoice, and records what it answered; a push sent again after a lost answer carries the same
 * entry (the adapter keys it on the subject, so the system does not book it twice).
 */
interface AccountingLedger {

    /** {@code simulator}, {@code xero}: what a synced row names as its provider. */
    String provider();

    Mono<Pushed> push(LedgerEntry entry);

    /** The crm connection this ledger books with, which the sender reports each use of; null for the simulator. */
    default String connectionId() {
        return null;
    }
}
