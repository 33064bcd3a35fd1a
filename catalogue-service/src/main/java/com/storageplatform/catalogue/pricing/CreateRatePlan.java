package com.storageplatform.catalogue.pricing;

/** The body of {@code POST /v1/rate-plans}, and of a plan as changed by a PATCH before it is judged. */
record CreateRatePlan(String unitTypeId, String name, Long priceMinor, String currency, String validFrom,
        String validTo) {
}
