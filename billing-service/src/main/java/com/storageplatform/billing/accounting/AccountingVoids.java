package com.storageplatform.billing.accounting;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceVoidListener;
import com.storageplatform.kit.caller.Caller;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Void rule 5, "voids the invoice in a connected accounting system": queued in the void's own transaction, so a
 * void that commits is pushed and one rolled back is not. A draft was never issued, so never pushed, and its void
 * pushes nothing. An issued invoice's push is queued here too (a no-op when its {@code invoice.finalized} got
 * there first), since the void may commit before the inbox reads that event: the sender pushes the invoice, then
 * its void.
 */
@Component
class AccountingVoids implements InvoiceVoidListener {

    private final SyncQueue queue;
    private final JsonMapper json;

    AccountingVoids(SyncQueue queue, JsonMapper json) {
        this.queue = queue;
        this.json = json;
    }

    @Override
    public Mono<Void> voided(Caller caller, Invoice invoice) {
        if (Invoice.DRAFT.equals(invoice.voidedFrom())) {
            return Mono.empty();
        }
        JsonNode subject = json.valueToTree(invoice);
        return queue.queue(caller, AccountingSync.INVOICE, invoice.id(), AccountingSync.ISSUED, invoice.id(), subject)
                .then(queue.queue(caller, AccountingSync.INVOICE, invoice.id(), AccountingSync.VOIDED, invoice.id(),
                        subject));
    }
}
