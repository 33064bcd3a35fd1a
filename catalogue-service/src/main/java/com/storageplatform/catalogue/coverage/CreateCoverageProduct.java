package com.storageplatform.catalogue.coverage;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/coverage-products}. Strict JSON (platform-kit) refuses unknown fields and values of
 * the wrong JSON type; {@link CoverageRules} judges the values.
 */
@Schema(requiredProperties = {"name", "kind", "pricing_mode", "currency"})
record CreateCoverageProduct(String name, String description, String kind, String insurerName, String pricingMode,
        Long priceMinor, Long ratePerThousandMinor, String currency, Long minCoverMinor, Long maxCoverMinor,
        Long roundingStep, String billingCycle, String regulatoryBasisRef, String status) {
}
