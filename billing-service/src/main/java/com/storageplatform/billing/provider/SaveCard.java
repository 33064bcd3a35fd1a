package com.storageplatform.billing.provider;

import java.util.UUID;

/** A card token the client collected, to be kept as the provider's reusable card for {@code paymentMethodId}. */
public record SaveCard(UUID paymentMethodId, String token, String idempotencyKey) {
}
