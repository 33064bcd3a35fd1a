package com.storageplatform.billing.collections;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Billing's own {@code invoice.*} events (through the inbox, each once) move the customer's arrears case: every path
 * that makes an invoice overdue or takes it out of arrears (the overdue sweep, a payment or its reversal, a credit
 * note, a write-off, a void) publishes one, so the case follows without the invoice feature knowing cases exist.
 * The event only names the customer and currency; the case is refreshed from the invoices as they are
 * ({@link ArrearsCases#refresh}), so order and repetition do not matter.
 */
@Component
class CaseInvoiceEvents implements EventHandler {

    private final ArrearsCases cases;

    CaseInvoiceEvents(ArrearsCases cases) {
        this.cases = cases;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("invoice.updated", "invoice.paid", "invoice.voided", "invoice.written_off",
                "invoice.payment_failed");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID contactId = EventData.id(event.data(), "contact_id");
        String currency = EventData.text(event.data(), "currency");
        if (contactId == null || currency == null || event.accountId() == null) {
            return Mono.empty();
        }
        return cases.refresh(event.actingCaller(), contactId, currency);
    }
}
