package com.storageplatform.catalogue.pricing;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A rate plan as clients see it: the list price of one unit type over a span of dates. At most one plan is in
 * force per unit type on any date; with none in force the unit type's own {@code price_minor} is the list price.
 *
 * @param siteId    the unit type's site (read-only)
 * @param name      the operator's label, or null
 * @param validFrom first day in force (inclusive), or null for "since always"
 * @param validTo   last day in force (inclusive), or null for "until further notice"
 */
public record RatePlan(UUID id, String object, UUID siteId, UUID unitTypeId, @Nullable String name, long priceMinor,
        String currency, @Nullable LocalDate validFrom, @Nullable LocalDate validTo, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "rate_plan";

    RatePlan updatedAt(Instant at) {
        return new RatePlan(id, object, siteId, unitTypeId, name, priceMinor, currency, validFrom, validTo,
                createdAt, at);
    }
}
