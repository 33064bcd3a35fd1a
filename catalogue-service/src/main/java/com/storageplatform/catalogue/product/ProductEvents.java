package com.storageplatform.catalogue.product;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/** {@code product.created}, {@code product.updated} and {@code product.archived}, with the product as data. */
@Component
class ProductEvents extends ResourceEvents<Product> {

    ProductEvents(EventPublisher events) {
        super(events, Product.OBJECT, Product::id, product -> Product.ARCHIVED.equals(product.status()));
    }
}
