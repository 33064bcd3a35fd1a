package com.storageplatform.catalogue.product;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/products}. Strict JSON (platform-kit) refuses unknown fields and values of the wrong
 * JSON type; {@link ProductRules} judges the values.
 */
@Schema(requiredProperties = {"name", "price_mode", "unit_price_e4", "currency"})
record CreateProduct(String name, String description, String sku, String accountingCode, Boolean usableWebsite,
        Boolean usableShop, Boolean trackStock, Long stockOnHand, String priceMode, String unitLabel,
        Long unitPriceE4, String currency, Long standardRateAbovePerDay, String vatTreatment, String status) {
}
