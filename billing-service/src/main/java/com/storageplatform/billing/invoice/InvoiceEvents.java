package com.storageplatform.billing.invoice;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code invoice.*} events, in the mutation's transaction, with the invoice as a read answers it. The public ones
 * are the spec's; {@code invoice.updated} (any other change of status or figures: overdue, reopened, credited) and
 * {@code invoice.written_off} stay internal, for billing's own consumers.
 */
@Component
class InvoiceEvents {

    static final String CREATED = "invoice.created";
    static final String FINALIZED = "invoice.finalized";
    static final String PAID = "invoice.paid";
    static final String PAYMENT_FAILED = "invoice.payment_failed";
    static final String VOIDED = "invoice.voided";
    static final String UPDATED = "invoice.updated";
    /** The debt written off as bad debt: internal, for billing's own consumers (dunning). */
    static final String WRITTEN_OFF = "invoice.written_off";

    private final EventPublisher events;

    InvoiceEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Invoice> publish(Caller caller, String type, Invoice invoice) {
        return events.publish(caller, type, invoice.id(), invoice).thenReturn(invoice);
    }

    /** {@code invoice.paid} when the change made it paid, else {@code invoice.updated} when anything changed. */
    Mono<Invoice> changed(Caller caller, Invoice before, Invoice after) {
        if (Invoice.PAID.equals(after.status()) && !Invoice.PAID.equals(before.status())) {
            return publish(caller, PAID, after);
        }
        return before.equals(after) ? Mono.just(after) : publish(caller, UPDATED, after);
    }
}
