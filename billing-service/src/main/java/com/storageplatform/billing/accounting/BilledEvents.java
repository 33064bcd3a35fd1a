package com.storageplatform.billing.accounting;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What billing did that the accounting system books, read from billing's own events through the inbox:
 * {@code invoice.finalized} (issued), {@code credit_note.created}, {@code payment.succeeded} of money taken and
 * {@code payment.refunded} (the refund, a payment of its own). Events rather than a port in each feature: every
 * path that issues an invoice or takes a payment (the API, the billing run, orders, the desk, a provider's
 * notification) already publishes exactly these, in its own transaction, so none can be missed or added without
 * them. Once each: the inbox applies an event id once, and a row per (subject, action) absorbs a second event for
 * the same thing. Voids are queued by {@link AccountingVoids} in the void's own transaction instead (void rule 5).
 */
@Component
class BilledEvents implements EventHandler {

    private final SyncQueue queue;

    BilledEvents(SyncQueue queue) {
        this.queue = queue;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("invoice.finalized", "credit_note.created", "payment.succeeded", "payment.refunded");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID id = EventData.id(event.data(), "id");
        if (id == null || event.accountId() == null) {
            return Mono.empty();
        }
        UUID invoiceId = EventData.id(event.data(), "invoice_id");
        return switch (event.type()) {
            case "invoice.finalized" -> queue.queue(event.actingCaller(), AccountingSync.INVOICE, id,
                    AccountingSync.ISSUED, id, event.data());
            case "credit_note.created" -> queue.queue(event.actingCaller(), AccountingSync.CREDIT_NOTE, id,
                    AccountingSync.ISSUED, invoiceId, event.data());
            case "payment.succeeded" -> "payment".equals(EventData.text(event.data(), "direction"))
                    ? queue.queue(event.actingCaller(), AccountingSync.PAYMENT, id, AccountingSync.SUCCEEDED,
                            invoiceId, event.data())
                    : Mono.empty();
            default -> queue.queue(event.actingCaller(), AccountingSync.PAYMENT, id, AccountingSync.REFUNDED,
                    invoiceId, event.data());
        };
    }
}
