package com.storageplatform.billing.provider;

import java.util.UUID;

/** Money back on a collected payment, card or Direct Debit. */
public record RefundRequest(UUID refundId, String providerPaymentRef, long amountMinor, String currency,
        String idempotencyKey) {
}
