package com.storageplatform.billing.provider;

import java.util.UUID;

/**
 * One charge of a stored card with the customer present.
 *
 * @param returnUrl where the provider sends the customer back after a step-up
 */
public record ChargeCard(UUID paymentId, String cardRef, long amountMinor, String currency, String description,
        String returnUrl, String idempotencyKey) {
}
