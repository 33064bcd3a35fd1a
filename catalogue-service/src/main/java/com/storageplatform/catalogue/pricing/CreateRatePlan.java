package com.storageplatform.catalogue.pricing;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/rate-plans}, and of a plan as changed by a PATCH before it is judged. */
@Schema(requiredProperties = {"unit_type_id", "price_minor", "currency"})
record CreateRatePlan(String unitTypeId, @Nullable String name, Long priceMinor, String currency,
        @Nullable String validFrom, @Nullable String validTo) {
}
