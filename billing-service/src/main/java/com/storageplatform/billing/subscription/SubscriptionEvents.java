package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code subscription.*} events, in the change's transaction, with the plan as a read answers it:
 * {@code subscription.created}, {@code subscription.updated} (its terms, price or status changed) and
 * {@code subscription.cancelled}.
 */
@Component
class SubscriptionEvents {

    static final String CREATED = "subscription.created";
    static final String UPDATED = "subscription.updated";
    static final String CANCELLED = "subscription.cancelled";

    private final EventPublisher events;
    private final SubscriptionRepository plans;

    SubscriptionEvents(EventPublisher events, SubscriptionRepository plans) {
        this.events = events;
        this.plans = plans;
    }

    /** The plan as the caller holds it (exactly what a read would answer), published as {@code type}. */
    Mono<Subscription> publish(Caller caller, String type, Subscription plan) {
        return events.publish(caller, type, plan.id(), plan).thenReturn(plan);
    }

    /** The plan as it now reads, published as {@code type}. */
    Mono<Subscription> publish(Caller caller, String type, java.util.UUID planId) {
        return plans.find(caller.accountId(), planId)
                .flatMap(plan -> events.publish(caller, type, plan.id(), plan).thenReturn(plan));
    }
}
