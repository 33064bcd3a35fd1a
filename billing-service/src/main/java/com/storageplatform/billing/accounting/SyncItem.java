package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A leased row, as the sender works on it. */
record SyncItem(UUID accountId, UUID id, UUID operatorId, Environment environment, String subjectType,
        UUID subjectId, String action, UUID invoiceId, JsonNode subject, int attempts) {

    /** Who the sender acts as for this row's account: its events, and its read of the connection from crm. */
    Caller actingCaller() {
        return Caller.actingFor(accountId, operatorId, environment, "billing:accounting-sync",
                "acs_" + id.toString().replace("-", ""));
    }

    LedgerEntry entry(String invoiceExternalId) {
        return new LedgerEntry(accountId, subjectType, subjectId, action, subject, invoiceExternalId, attempts);
    }

    String describe() {
        return subjectType + " " + subjectId + " " + action;
    }
}
