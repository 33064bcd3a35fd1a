package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/** The body of {@code PATCH /v1/coupons/{id}}: left out stays, {@code null} clears (the kit's Patch). */
record CouponChanges(Patch<String> name, Patch<String> code, Patch<String> discountKind, Patch<Long> discountValue,
        Patch<String> currency, Patch<String> duration, Patch<Long> durationMonths, Patch<Boolean> online,
        Patch<Boolean> autoApply, Patch<List<String>> siteIds, Patch<List<String>> unitTypeIds,
        Patch<Boolean> advertised, Patch<String> status, Patch<String> validFrom, Patch<String> validTo,
        Patch<Long> maxRedemptions) {
}
