package com.storageplatform.catalogue.product;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/products}. Strict JSON (platform-kit) refuses unknown fields and values of the wrong
 * JSON type; {@link ProductRules} judges the values.
 */
@Schema(requiredProperties = {"name", "price_mode", "unit_price_e4", "currency"})
record CreateProduct(String name, String description, String sku, String accountingCode,
        @Nullable Boolean usableWebsite, @Nullable Boolean usableShop, @Nullable Boolean trackStock,
        @Nullable Long stockOnHand, String priceMode, @Nullable String unitLabel, Long unitPriceE4, String currency,
        @Nullable Long standardRateAbovePerDay, String vatTreatment, String status) {
}
