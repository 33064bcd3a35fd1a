package com.storageplatform.billing.payment;

/**
 * The body of {@code POST /v1/payments/{id}/refund}; it may be left out.
 *
 * @param amountMinor how much to pay back; by default all that is left to refund
 * @param reason      why, at most 500 characters
 */
public record RefundPayment(Long amountMinor, String reason) {
}
