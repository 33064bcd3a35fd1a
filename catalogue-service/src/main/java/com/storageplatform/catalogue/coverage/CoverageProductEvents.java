package com.storageplatform.catalogue.coverage;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/**
 * {@code coverage_product.created}, {@code coverage_product.updated} and {@code coverage_product.deleted} (the
 * product as it last was), with the product as {@code data}. Made inactive, a product is updated, not archived.
 */
@Component
class CoverageProductEvents extends ResourceEvents<CoverageProduct> {

    CoverageProductEvents(EventPublisher events) {
        super(events, CoverageProduct.OBJECT, CoverageProduct::id, product -> false);
    }
}
