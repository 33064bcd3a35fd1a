package com.storageplatform.billing.payment;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code payment.*} events, in the mutation's (or the notification's) transaction, with the payment as a read
 * answers it: its {@code order_id} tells commerce which order it pays, its {@code provider_charge_date} the day the
 * bank took a Direct Debit. A refund's {@code payment.refunded} carries the refund itself.
 */
@Component
class PaymentEvents {

    static final String SUCCEEDED = "payment.succeeded";
    static final String FAILED = "payment.failed";
    static final String REQUIRES_ACTION = "payment.requires_action";
    static final String REFUNDED = "payment.refunded";
    static final String LATE_FAILURE_SETTLED = "payment.late_failure_settled";
    static final String CHARGEBACK_SETTLED = "payment.chargeback_settled";

    private final EventPublisher events;

    PaymentEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Payment> publish(Caller caller, String type, Payment payment) {
        return type == null ? Mono.just(payment)
                : events.publish(caller, type, payment.id(), payment).thenReturn(payment);
    }
}
