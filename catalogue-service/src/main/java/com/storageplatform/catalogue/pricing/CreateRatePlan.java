package com.storageplatform.catalogue.pricing;

import io.swagger.v3.oas.annotations.media.Schema;

/** The body of {@code POST /v1/rate-plans}, and of a plan as changed by a PATCH before it is judged. */
@Schema(requiredProperties = {"unit_type_id", "price_minor", "currency"})
record CreateRatePlan(String unitTypeId, String name, Long priceMinor, String currency, String validFrom,
        String validTo) {
}
