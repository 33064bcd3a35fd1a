package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A unit type as clients see it: a size and list price of storage at one site ({@code GET /v1/unit-types/{id}} and
 * the {@code data} of {@code unit_type.*} events).
 *
 * @param description  the unit type in the operator's words, or null when none
 * @param widthCm      inside width in centimetres, or null when not recorded (likewise depth and height)
 * @param priceMinor   the list price per month in minor units of {@code currency}, used when no rate plan is in force
 * @param vatTreatment the UK VAT treatment of the licence fee
 * @param features     from {@link Features}, each once, in that list's order; empty when none
 */
public record UnitType(UUID id, String object, UUID siteId, String name, @Nullable String description,
        @Nullable Integer widthCm, @Nullable Integer depthCm, @Nullable Integer heightCm, long priceMinor,
        String currency, @OneOf(value = "VAT_TREATMENTS", in = UnitTypeRules.class) String vatTreatment,
        @OneOf(value = "ALL", in = Features.class) List<String> features, @OneOf("STATUSES") String status,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "unit_type";

    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";
    public static final List<String> STATUSES = List.of(ACTIVE, ARCHIVED);

    public UnitType {
        features = List.copyOf(features);
    }

    UnitType updatedAt(Instant at) {
        return new UnitType(id, object, siteId, name, description, widthCm, depthCm, heightCm, priceMinor, currency,
                vatTreatment, features, status, createdAt, at);
    }

    public boolean isArchived() {
        return ARCHIVED.equals(status);
    }
}
