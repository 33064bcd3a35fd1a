package com.storageplatform.billing.internal;

import java.util.Map;
import java.util.Set;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * The catalogue's records billing prices with, from {@code catalogue.events} (docs/api/catalogue.md): sites (their
 * time zone), unit types (the licence fee's VAT treatment), products (shop sales, plan charges), coverage products
 * (cover premiums) and coupons (promotions).
 */
@Component
class CatalogueRecordsProjection extends RecordsProjection {

    private static final Set<String> LIFECYCLE = Set.of("created", "updated", "archived", "deleted");

    CatalogueRecordsProjection(DatabaseClient db) {
        super(db, "catalogue.events", Map.of("site", LIFECYCLE, "unit_type", LIFECYCLE, "product", LIFECYCLE,
                "coverage_product", LIFECYCLE, "coupon", LIFECYCLE));
    }
}
