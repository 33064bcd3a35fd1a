package com.storageplatform.catalogue.coupon;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/coupons}. Strict JSON (platform-kit) refuses unknown fields ({@code applies_to}
 * included: it is read-only) and values of the wrong JSON type; {@link CouponRules} judges the values.
 */
@Schema(requiredProperties = {"name", "discount_kind", "discount_value", "duration"})
record CreateCoupon(String name, @Nullable String code, String discountKind, Long discountValue, String currency,
        String duration, @Nullable Long durationMonths, @Nullable Boolean online, @Nullable Boolean autoApply,
        List<String> siteIds, List<String> unitTypeIds, @Nullable Boolean advertised, String status, String validFrom,
        String validTo, @Nullable Long maxRedemptions) {
}
