package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The internal events of coverage products on {@code catalogue.events}, with the product's API shape as
 * {@code data} (for a deletion, the product as it last was, like every catalogue {@code *.deleted}), in the
 * request's transaction.
 */
@Component
class CoverageProductEvents {

    static final String CREATED = "coverage_product.created";
    static final String UPDATED = "coverage_product.updated";
    static final String DELETED = "coverage_product.deleted";

    private final EventPublisher events;

    CoverageProductEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, CoverageProduct product) {
        return events.publish(caller, CREATED, product.id(), product).then();
    }

    Mono<Void> updated(Caller caller, CoverageProduct product) {
        return events.publish(caller, UPDATED, product.id(), product).then();
    }

    Mono<Void> deleted(Caller caller, CoverageProduct last) {
        return events.publish(caller, DELETED, last.id(), last).then();
    }
}
