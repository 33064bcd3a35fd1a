package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A coupon as clients see it: a discount a customer gets on what they are charged for storage. The body of
 * {@code GET /v1/coupons/{id}} and the {@code data} of {@code coupon.*} events.
 *
 * @param code           what a customer types to claim it (upper case), or null for one applied only
 *                       automatically or by id
 * @param discountValue  a percentage (1 to 100) for {@code percent}, minor units of {@code currency} for
 *                       {@code fixed_amount}
 * @param currency       the currency of a {@code fixed_amount} discount; null for {@code percent}
 * @param durationMonths how many monthly periods a {@code repeating} coupon discounts; null otherwise
 * @param siteIds        the sites it applies at; empty for every site
 * @param unitTypeIds    the unit types it applies to; empty for every unit type
 * @param appliesTo      what it discounts, derived from {@code duration} (read-only)
 */
public record Coupon(UUID id, String object, String name, @Nullable String code,
        @OneOf("DISCOUNT_KINDS") String discountKind, @Nullable Long discountValue, @Nullable String currency,
        @OneOf("DURATIONS") String duration, @Nullable Integer durationMonths, boolean online, boolean autoApply,
        List<UUID> siteIds, List<UUID> unitTypeIds, boolean advertised, List<String> appliesTo,
        @OneOf("STATUSES") String status, LocalDate validFrom, LocalDate validTo, @Nullable Integer maxRedemptions,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "coupon";

    public static final String PERCENT = "percent";
    public static final String FIXED_AMOUNT = "fixed_amount";
    public static final List<String> DISCOUNT_KINDS = List.of(PERCENT, FIXED_AMOUNT);

    public static final String ONCE = "once";
    public static final String REPEATING = "repeating";
    public static final String FOREVER = "forever";
    public static final List<String> DURATIONS = List.of(ONCE, REPEATING, FOREVER);

    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";
    public static final List<String> STATUSES = List.of(ACTIVE, ARCHIVED);

    public Coupon {
        siteIds = List.copyOf(siteIds);
        unitTypeIds = List.copyOf(unitTypeIds);
        appliesTo = appliesTo(duration);
    }

    /**
     * A {@code once} coupon discounts the licence fee only (the first period's). A {@code repeating} or
     * {@code forever} coupon discounts, in each period it runs, the licence fee and the plan's repeating fees; never
     * products, and never cover (insurance premiums and waivers are not discounted).
     */
    static List<String> appliesTo(String duration) {
        return ONCE.equals(duration) || duration == null ? List.of("licence_fee") : List.of("licence_fee", "fee");
    }

    Coupon updatedAt(Instant at) {
        return new Coupon(id, object, name, code, discountKind, discountValue, currency, duration, durationMonths,
                online, autoApply, siteIds, unitTypeIds, advertised, appliesTo, status, validFrom, validTo,
                maxRedemptions, createdAt, at);
    }

    /** Whether {@code other} prices differently: the terms a live quote has promised a customer. */
    boolean termsDifferFrom(Coupon other) {
        return !terms().equals(other.terms());
    }

    private List<Object> terms() {
        return Arrays.asList(discountKind, discountValue, currency, duration, durationMonths);
    }
}
