package com.storageplatform.catalogue.product;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The events a product change publishes, through the outbox in the request's transaction, with the product's API
 * shape as {@code data}. Internal (not in the public webhook catalogue): other services keep their projections of
 * products from them.
 */
@Component
class ProductEvents {

    static final String CREATED = "product.created";
    static final String UPDATED = "product.updated";
    static final String ARCHIVED = "product.archived";

    private final EventPublisher events;

    ProductEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, Product product) {
        return events.publish(caller, CREATED, product.id(), product).then();
    }

    /** {@code product.archived} when the change archives it, else {@code product.updated}. */
    Mono<Void> changed(Caller caller, Product before, Product after) {
        boolean archived = !Product.ARCHIVED.equals(before.status()) && Product.ARCHIVED.equals(after.status());
        return events.publish(caller, archived ? ARCHIVED : UPDATED, after.id(), after).then();
    }
}
