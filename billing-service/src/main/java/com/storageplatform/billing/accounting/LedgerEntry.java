package com.storageplatform.billing.accounting;

import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * One push, in the platform's words.
 *
 * @param subject           the invoice, credit note or payment as billing published it (snake_case fields)
 * @param invoiceExternalId the system's id of the invoice concerned when it was pushed: the invoice itself for a
 *                          void, the invoice a credit note or payment is against; null otherwise
 * @param attempt           1 for the first push of this row, 2 for the next, ...
 */
record LedgerEntry(UUID accountId, String subjectType, UUID subjectId, String action, JsonNode subject,
        String invoiceExternalId, int attempt) {

    /** The subject's amount in minor units: an invoice's total, a credit note's or payment's amount. */
    long amountMinor() {
        return subject.path(AccountingSync.INVOICE.equals(subjectType) ? "total_minor" : "amount_minor").asLong();
    }

    String currency() {
        return subject.path("currency").asString();
    }
}
