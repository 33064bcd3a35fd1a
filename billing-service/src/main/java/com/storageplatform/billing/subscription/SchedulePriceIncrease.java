package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/subscriptions/{id}/price-increases}: exactly one of {@code amount_minor},
 * {@code increase_minor} and {@code increase_percent} says the new licence fee.
 *
 * @param amountMinor     the new licence fee per billing period, above the current one
 * @param increaseMinor   added to the current licence fee (at least 1)
 * @param increasePercent a percentage of the current licence fee added to it, above 0 and at most 100 with at most
 *                        two decimals; the increase is rounded half up to minor units
 * @param effectiveDate   {@code YYYY-MM-DD}: the first day of the new price, at least the operator's notice period
 *                        ({@code price_increase_notice_days}, default 28) after today at the plan's site
 */
@Schema(requiredProperties = {"effective_date"})
public record SchedulePriceIncrease(@Nullable Long amountMinor, @Nullable Long increaseMinor,
        BigDecimal increasePercent, String effectiveDate) {
}
