package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/price-increases}: the plans, named ({@code subscription_ids}) or matched
 * ({@code site_id} and/or {@code unit_type_id}), and one change for each, as on one plan.
 *
 * @param subscriptionIds the plans, 1 to 1,000; not with {@code site_id} or {@code unit_type_id}
 * @param siteId          every plan of the site that is pending, active or past due and has a licence fee
 * @param unitTypeId      every such plan whose agreement is for a unit of this type (with {@code site_id}: of both)
 */
@Schema(requiredProperties = {"effective_date"})
public record SchedulePriceIncreases(List<String> subscriptionIds, String siteId, String unitTypeId,
        @Nullable Long amountMinor, @Nullable Long increaseMinor, BigDecimal increasePercent, String effectiveDate) {

    SchedulePriceIncrease change() {
        return new SchedulePriceIncrease(amountMinor, increaseMinor, increasePercent, effectiveDate);
    }
}
