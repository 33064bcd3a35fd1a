package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/subscriptions/{id}/renewal-date}.
 *
 * @param nextBillingDate {@code YYYY-MM-DD}: the new renewal date, after the plan's {@code next_billing_date} and
 *                        before the billing date that ends the period starting on it; its day becomes the anchor
 */
@Schema(requiredProperties = {"next_billing_date"})
public record MoveRenewalDate(String nextBillingDate) {
}
