package com.storageplatform.commerce.order;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Billing's word on a payment that settles after {@code pay} answered (a Direct Debit, a card's step-up): the
 * contract commerce defines for billing is {@code payment.succeeded} and {@code payment.failed} on
 * {@code billing.events} whose {@code data} is the payment with {@code order_id} (and {@code id}, {@code status}).
 * Each event is applied once (the inbox); a repeated or late one changes nothing: {@code payment.succeeded}
 * completes an order still awaiting payment (as its account, from the operator and environment stored on it),
 * {@code payment.failed} records the failure on an order awaiting payment.
 */
@Component
class BillingPaymentEvents implements EventHandler {

    static final String TOPIC = "billing.events";
    static final String SUCCEEDED = "payment.succeeded";
    static final String FAILED = "payment.failed";

    private static final Logger log = LoggerFactory.getLogger(BillingPaymentEvents.class);

    private final OrderRepository orders;
    private final OrderService service;
    private final OrderEvents events;
    private final Clock clock;

    BillingPaymentEvents(OrderRepository orders, OrderService service, OrderEvents events, Clock clock) {
        this.orders = orders;
        this.service = service;
        this.events = events;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(SUCCEEDED, FAILED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID orderId = EventData.id(data, "order_id");
        if (orderId == null || event.accountId() == null) {
            return Mono.empty();
        }
        String paymentId = EventData.text(data, "id");
        return orders.findForUpdate(event.accountId(), orderId).flatMap(stored -> {
            Order order = stored.order();
            if (!order.awaitingPayment()) {
                if (SUCCEEDED.equals(event.type()) && !Order.COMPLETED.equals(order.status())) {
                    log.warn("Payment {} succeeded for order {} which is {}: billing must refund it", paymentId,
                            orderId, order.status());
                }
                return Mono.empty();
            }
            String status = SUCCEEDED.equals(event.type()) ? Order.Payment.SUCCEEDED : Order.Payment.FAILED;
            Order.Payment payment = order.payment() != null
                    && (paymentId == null || paymentId.equals(order.payment().id()))
                    ? order.payment().withStatus(status)
                    : new Order.Payment(paymentId, EventData.text(data, "rail"), status,
                            data.path("amount_minor").asLong(order.totalDueTodayMinor()), null);
            Order updated = StoredOrder.withPayment(order, payment, order.returnUrl(), clock.instant());
            StoredOrder next = stored.with(updated);
            if (Order.Payment.SUCCEEDED.equals(status)) {
                return service.complete(stored.systemCaller(), next).then();
            }
            return orders.update(next).then(events.publish(stored.systemCaller(), "order.updated", updated));
        }).doOnError(e -> log.warn("Could not apply {} {} to order {} (tried again by the inbox)", event.type(),
                event.id(), orderId, e));
    }
}
