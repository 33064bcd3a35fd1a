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
 * Each event is applied once (the inbox); a repeated or late one changes nothing:
 * <ul>
 *   <li>{@code payment.succeeded} completes an order still awaiting payment (as its account, from the operator and
 *       environment stored on it), even when it is for an earlier attempt than the order's payment: the money was
 *       taken, so the order is provisioned with the payment that paid it, on its own terms even if its unit or
 *       cover could no longer be sold meanwhile. A second payment then still in flight, or one succeeding for an
 *       order already completed by another payment, cancelled or abandoned, is logged for billing to refund; so is
 *       an {@code amount_minor} other than the order's {@code total_due_today_minor} (the order still
 *       completes).</li>
 *   <li>{@code payment.failed} records the failure of the order's payment (or of a payment the order never
 *       recorded, when it has none); one for an earlier attempt never replaces the order's payment, so a payment
 *       still in flight stays in flight (the order cannot be changed, cancelled, paid again or abandoned under
 *       it).</li>
 * </ul>
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

    /** Only an order's payment: most payments (a plan's invoice, a desk payment) are none of commerce's business. */
    @Override
    public boolean wants(ConsumedEvent event) {
        return event.accountId() != null && EventData.id(event.data(), "order_id") != null;
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
            boolean succeeded = SUCCEEDED.equals(event.type());
            Order.Payment current = order.payment();
            boolean ofCurrent = current != null
                    && (paymentId == null || current.id() == null || paymentId.equals(current.id()));
            if (!order.awaitingPayment()) {
                if (succeeded && !(Order.COMPLETED.equals(order.status()) && ofCurrent)) {
                    log.warn("Payment {} succeeded for order {} which is {} (its payment: {}): billing must refund "
                            + "it", paymentId, orderId, order.status(), current == null ? null : current.id());
                }
                return Mono.empty();
            }
            boolean earlierAttempt = current != null && !ofCurrent;
            if (!succeeded && (earlierAttempt || ofCurrent && Order.Payment.FAILED.equals(current.status()))) {
                return Mono.empty();
            }
            if (succeeded && earlierAttempt && current.inFlight()) {
                log.warn("Payment {} succeeded for order {} while its payment {} is still {}: the order is completed "
                        + "by the one that succeeded; billing must cancel or refund the other", paymentId, orderId,
                        current.id(), current.status());
            }
            String status = succeeded ? Order.Payment.SUCCEEDED : Order.Payment.FAILED;
            Order.Payment payment = ofCurrent ? current.withStatus(status)
                    // Another attempt than the order shows (or none): its rail as billing says, else the one the
                    // order was paid by (an order's payment always names its rail).
                    : new Order.Payment(paymentId, rail(data, current), status,
                            data.path("amount_minor").asLong(order.totalDueTodayMinor()), null);
            Order updated = StoredOrder.withPayment(order, payment, order.returnUrl(), clock.instant());
            StoredOrder next = stored.with(updated);
            if (succeeded) {
                JsonNode taken = data.get("amount_minor");
                if (taken != null && taken.isIntegralNumber() && taken.longValue() != order.totalDueTodayMinor()) {
                    // The order's price is binding and the money was taken: completed all the same, for billing
                    // and staff to settle the difference.
                    log.warn("Payment {} succeeded for order {} with amount_minor {} but the order's "
                            + "total_due_today_minor is {}: the order is completed at its own price; billing must "
                            + "refund or collect the difference", paymentId, orderId, taken.longValue(),
                            order.totalDueTodayMinor());
                }
                return service.complete(stored.systemCaller(), next).then();
            }
            return orders.update(next).then(events.publish(stored.systemCaller(), "order.updated", updated));
        }).doOnError(e -> log.warn("Could not apply {} {} to order {} (tried again by the inbox)", event.type(),
                event.id(), orderId, e));
    }

    private static String rail(JsonNode data, Order.Payment current) {
        String rail = EventData.text(data, "rail");
        return rail != null || current == null ? rail : current.rail();
    }
}
