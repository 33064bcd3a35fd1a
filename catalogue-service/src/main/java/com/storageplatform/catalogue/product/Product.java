package com.storageplatform.catalogue.product;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A product as clients see it: a retail item or a fee (padlock, box, admin fee). The body of
 * {@code GET /v1/products/{id}} and the {@code data} of {@code product.*} events.
 *
 * @param stockOnHand             units in stock, only for a product with {@code trackStock}; null otherwise
 * @param unitLabel               what one unit of a {@code per_unit} price is ("box"); null for {@code fixed}
 * @param unitPriceE4             the price in 1/10000 of the currency's major unit (12500 = 1.25 GBP)
 * @param standardRateAbovePerDay minor units: a charge above this much per day takes the standard rate (20%)
 *                                instead of {@code vatTreatment}; null when no such threshold applies
 */
public record Product(UUID id, String object, String name, String description, String sku, String accountingCode,
        boolean usableWebsite, boolean usableShop, boolean trackStock, @Nullable Long stockOnHand,
        @OneOf("PRICE_MODES") String priceMode, @Nullable String unitLabel, @Nullable Long unitPriceE4, String currency,
        @Nullable Long standardRateAbovePerDay, @OneOf("VAT_TREATMENTS") String vatTreatment,
        @OneOf("STATUSES") String status, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "product";

    public static final String FIXED = "fixed";
    public static final String PER_UNIT = "per_unit";
    public static final List<String> PRICE_MODES = List.of(FIXED, PER_UNIT);

    public static final String STANDARD_20 = "standard_20";
    public static final List<String> VAT_TREATMENTS = List.of(STANDARD_20, "reduced_5", "zero", "exempt",
            "outside_scope");

    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";
    public static final List<String> STATUSES = List.of(ACTIVE, ARCHIVED);

    /** The same product with {@code stockOnHand} set (a stock movement from billing). */
    Product withStockOnHand(Long stock) {
        return new Product(id, object, name, description, sku, accountingCode, usableWebsite, usableShop,
                trackStock, stock, priceMode, unitLabel, unitPriceE4, currency, standardRateAbovePerDay,
                vatTreatment, status, createdAt, updatedAt);
    }

    /** The same product with {@code updatedAt} set: a change that is saved moves it, nothing else does. */
    Product updatedAt(Instant at) {
        return new Product(id, object, name, description, sku, accountingCode, usableWebsite, usableShop,
                trackStock, stockOnHand, priceMode, unitLabel, unitPriceE4, currency, standardRateAbovePerDay,
                vatTreatment, status, createdAt, at);
    }
}
