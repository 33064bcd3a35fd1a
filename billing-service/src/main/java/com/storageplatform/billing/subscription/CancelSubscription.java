package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/subscriptions/{id}/cancel}.
 *
 * @param effectiveDate {@code YYYY-MM-DD}: the plan's last day, not before it began (the agreement's move-in date,
 *                      else the plan's start date)
 */
@Schema(requiredProperties = {"effective_date"})
public record CancelSubscription(String effectiveDate) {
}
