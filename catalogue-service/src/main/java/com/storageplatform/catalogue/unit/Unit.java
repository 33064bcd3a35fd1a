package com.storageplatform.catalogue.unit;

import com.storageplatform.catalogue.unittype.Features;
import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A unit as clients see it: one lettable space ({@code GET /v1/units/{id}} and the {@code data} of {@code unit.*}
 * events).
 *
 * @param floor    where the unit is ({@code "G"}, {@code "1"}, {@code "Mezzanine"}), or null
 * @param status   {@code available}, {@code out_of_service} and {@code archived} are set by the operator;
 *                 {@code reserved} (held or booked) and {@code occupied} (agreement active) come from commerce's
 *                 events and show only while the operator's status is {@code available}
 * @param features unit-level extras on top of the unit type's, from the same fixed list, in its order
 * @param notes    staff notes, or null
 */
public record Unit(UUID id, String object, UUID siteId, UUID unitTypeId, String name, @Nullable String floor,
        @OneOf("STATUSES") String status, @OneOf(value = "ALL", in = Features.class) List<String> features,
        @Nullable String notes, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "unit";

    public static final String AVAILABLE = "available";
    public static final String RESERVED = "reserved";
    public static final String OCCUPIED = "occupied";
    public static final String OUT_OF_SERVICE = "out_of_service";
    public static final String ARCHIVED = "archived";
    public static final List<String> STATUSES = List.of(AVAILABLE, RESERVED, OCCUPIED, OUT_OF_SERVICE, ARCHIVED);
    /** The statuses the API sets; the others come from commerce. */
    public static final List<String> OPERATOR_STATUSES = List.of(AVAILABLE, OUT_OF_SERVICE, ARCHIVED);

    /** What commerce's events say of a unit: {@code none}, {@code reserved} or {@code occupied}. */
    public static final String FREE = "none";

    public Unit {
        features = List.copyOf(features);
    }

    /** The status shown: the operator's, unless it is {@code available} and commerce holds or occupies the unit. */
    public static String statusOf(String operatorStatus, String occupancy) {
        return AVAILABLE.equals(operatorStatus) && !FREE.equals(occupancy) ? occupancy : operatorStatus;
    }

    Unit withStatus(String status, Instant at) {
        return new Unit(id, object, siteId, unitTypeId, name, floor, status, features, notes, createdAt, at);
    }
}
