package com.storageplatform.billing.payment;

import org.jspecify.annotations.Nullable;
/**
 * The body of {@code POST /v1/payments/{id}/refund}; it may be left out.
 *
 * @param amountMinor how much to pay back; by default all that is left to refund
 * @param reason      why, at most 500 characters
 */
public record RefundPayment(@Nullable Long amountMinor, String reason) {
}
