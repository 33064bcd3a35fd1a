package com.storageplatform.catalogue.pricing;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Internal events of rate plan and price rule changes ({@code rate_plan.created|updated|deleted},
 * {@code price_rule.created|updated|deleted}), through the outbox in the same transaction, with the resource's API
 * shape as {@code data} (a deletion carries the resource as it was).
 */
@Component
class PricingEvents {

    private final EventPublisher events;

    PricingEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, String object, UUID id, Object data) {
        return events.publish(caller, object + ".created", id, data).then();
    }

    Mono<Void> updated(Caller caller, String object, UUID id, Object data) {
        return events.publish(caller, object + ".updated", id, data).then();
    }

    Mono<Void> deleted(Caller caller, String object, UUID id, Object data) {
        return events.publish(caller, object + ".deleted", id, data).then();
    }
}
