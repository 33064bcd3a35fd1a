package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.unittype.Features;
import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A price rule as clients see it: an adjustment of the list price when its condition holds ({@code kind}), applied
 * by {@link PriceQuotes} in {@code priority} order. Fields of the other kinds are null.
 *
 * @param adjustmentValue     signed: whole percent for {@code percent}, minor units of {@code currency} for
 *                            {@code fixed_amount}; negative is a discount
 * @param currency            only for {@code fixed_amount}; null for {@code percent}
 * @param occupancyComparison kind {@code occupancy}: {@code at_or_above} or {@code below} {@code thresholdPercent}
 * @param startsOn            kind {@code date_range}: first day (inclusive); {@code endsOn} last day or null
 * @param feature             kind {@code unit_feature}: the feature a unit (or its type) must have
 * @param siteIds             the sites it applies at; empty means every site
 * @param unitTypeIds         the unit types it applies to; empty means every unit type
 */
public record PriceRule(UUID id, String object, String name, @OneOf("KINDS") String kind,
        @OneOf("STATUSES") String status, int priority, @OneOf("ADJUSTMENT_KINDS") String adjustmentKind,
        long adjustmentValue, @Nullable String currency, @OneOf("COMPARISONS") String occupancyComparison,
        @Nullable Integer thresholdPercent, @Nullable LocalDate startsOn, LocalDate endsOn,
        @OneOf(value = "ALL", in = Features.class) String feature, List<UUID> siteIds, List<UUID> unitTypeIds,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "price_rule";

    public static final String OCCUPANCY = "occupancy";
    public static final String DATE_RANGE = "date_range";
    public static final String UNIT_FEATURE = "unit_feature";
    public static final List<String> KINDS = List.of(OCCUPANCY, DATE_RANGE, UNIT_FEATURE);

    public static final String PERCENT = "percent";
    public static final String FIXED_AMOUNT = "fixed_amount";
    public static final List<String> ADJUSTMENT_KINDS = List.of(PERCENT, FIXED_AMOUNT);

    public static final String AT_OR_ABOVE = "at_or_above";
    public static final String BELOW = "below";
    public static final List<String> COMPARISONS = List.of(AT_OR_ABOVE, BELOW);

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final List<String> STATUSES = List.of(ACTIVE, INACTIVE);

    public PriceRule {
        siteIds = List.copyOf(siteIds);
        unitTypeIds = List.copyOf(unitTypeIds);
    }

    public boolean isActive() {
        return ACTIVE.equals(status);
    }
}
