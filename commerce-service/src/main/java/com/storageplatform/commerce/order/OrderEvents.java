package com.storageplatform.commerce.order;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code order.*} events, with the order as a read would answer it, and the {@code quote.*} contract of
 * docs/api/catalogue.md for an order that carries a coupon (the quote's id is the order's; it expires when the
 * order would be abandoned). All in the mutation's transaction.
 */
@Component
class OrderEvents {

    /** How long an order waits for its payment before the sweep abandons it. */
    static final Duration ABANDONED_AFTER = Duration.ofDays(1);

    static final String LIVE = "live";
    static final String ACCEPTED = "accepted";
    static final String WITHDRAWN = "withdrawn";

    private final EventPublisher events;

    OrderEvents(EventPublisher events) {
        this.events = events;
    }

    /**
     * The quote an order publishes.
     *
     * @param expiresAt when the order would be abandoned, so the catalogue stops protecting the coupon's terms
     */
    record Quote(UUID id, String object, UUID orderId, UUID couponId, String status, Instant expiresAt) {
        static Quote of(Order order, String status) {
            return new Quote(order.id(), "quote", order.id(), order.couponId(), status,
                    order.createdAt().plus(ABANDONED_AFTER));
        }
    }

    Mono<Void> publish(Caller caller, String type, Order order) {
        return events.publish(caller, type, order.id(), order).then();
    }

    Mono<Void> quote(Caller caller, String type, Order order, String status) {
        return events.publish(caller, type, order.id(), Quote.of(order, status)).then();
    }

    /**
     * After a change of coupon: {@code quote.created} the first time the order carries one, {@code quote.updated}
     * afterwards (with {@code coupon_id: null} when it was removed). Answers whether a quote now exists.
     */
    Mono<Boolean> couponChanged(Caller caller, StoredOrder before, Order after) {
        if (!before.quoted()) {
            return after.couponId() == null ? Mono.just(false)
                    : quote(caller, "quote.created", after, LIVE).thenReturn(true);
        }
        return quote(caller, "quote.updated", after, LIVE).thenReturn(true);
    }
}
