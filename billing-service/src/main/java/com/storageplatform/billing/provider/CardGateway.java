package com.storageplatform.billing.provider;

import reactor.core.publisher.Mono;

/**
 * Card payments through a provider: live accounts get {@code StripeCardGateway}, test accounts
 * {@code SimulatedCardGateway}, which never reaches a provider. Choose one with {@link Providers#cards}.
 *
 * <p>An idempotency key is the provider's, shared by every account of the platform: derive it from the platform's
 * id of what is made (a payment, a refund), never pass a client's {@code Idempotency-Key} as it is. Sent again with
 * the same key, a request gets the provider's first answer. Refused details are 422 on the client's field
 * ({@link ProviderRejections}), a provider that is down or too slow 503 {@code service_unavailable}.
 */
public interface CardGateway {

    /** "stripe" for both: the simulator simulates Stripe. */
    String provider();

    /** The provider's reusable card for a token the client collected. */
    Mono<StoredCard> saveCard(SaveCard request);

    /**
     * Creates and confirms a charge on a stored card with the customer present; a declined card is a
     * {@link CardCharge.Outcome#FAILED} charge, not an error.
     */
    Mono<CardCharge> charge(ChargeCard request);

    /** Cancels a charge still awaiting the customer's step-up. */
    Mono<CardCharge> cancel(String providerPaymentRef, String idempotencyKey);

    Mono<ProviderRefund> refund(RefundRequest request);
}
