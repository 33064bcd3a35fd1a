package com.storageplatform.commerce.order;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code order-abandonment}, every hour: an order awaiting payment for over a day (since it was created) with
 * nothing in flight (no payment, or one that failed) is {@code abandoned}: its hold released,
 * {@code order.updated} with status {@code abandoned} (the catalogue ends its hold on it), and its quote
 * withdrawn. At most 500 orders a run; the next run takes the rest.
 */
@Component
class OrderAbandonmentJob implements ScheduledJob {

    static final int BATCH = 500;

    private final OrderRepository orders;
    private final OrderService service;
    private final Clock clock;

    OrderAbandonmentJob(OrderRepository orders, OrderService service, Clock clock) {
        this.orders = orders;
        this.service = service;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "order-abandonment";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    @Override
    public Mono<String> run() {
        return orders.dueForAbandonment(clock.instant().minus(OrderEvents.ABANDONED_AFTER), BATCH)
                .concatMap(stored -> service.end(stored.systemCaller(), stored, Order.ABANDONED, "order.updated"))
                .count()
                .map(count -> "abandoned " + count + " orders");
    }
}
