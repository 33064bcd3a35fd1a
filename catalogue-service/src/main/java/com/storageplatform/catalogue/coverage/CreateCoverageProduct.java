package com.storageplatform.catalogue.coverage;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/coverage-products}. Strict JSON (platform-kit) refuses unknown fields and values of
 * the wrong JSON type; {@link CoverageRules} judges the values.
 */
@Schema(requiredProperties = {"name", "kind", "pricing_mode", "currency"})
record CreateCoverageProduct(String name, String description, String kind, @Nullable String insurerName,
        String pricingMode, @Nullable Long priceMinor, @Nullable Long ratePerThousandMinor, String currency,
        @Nullable Long minCoverMinor, @Nullable Long maxCoverMinor, @Nullable Long roundingStep, String billingCycle,
        @Nullable String regulatoryBasisRef, String status) {
}
