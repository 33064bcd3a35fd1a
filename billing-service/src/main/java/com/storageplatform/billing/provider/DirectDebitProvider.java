package com.storageplatform.billing.provider;

import reactor.core.publisher.Mono;

/**
 * Bacs Direct Debit through a provider: live accounts get {@code GoCardlessDirectDebit}, test accounts
 * {@code SimulatedDirectDebit}, which never reaches a provider. Choose one with {@link Providers#directDebit}.
 *
 * <p>An idempotency key is the provider's, shared by every account of the platform: derive it from the platform's
 * id of what is made (a payment, a refund), never pass a client's {@code Idempotency-Key} as it is. Sent again with
 * the same key, a request gets the provider's first answer. Refused details are 422 on the client's field
 * ({@link ProviderRejections}), a provider that is down or too slow 503 {@code service_unavailable}.
 */
public interface DirectDebitProvider {

    /** "gocardless" for both. */
    String provider();

    /** The customer, their bank account and a Bacs mandate on it, each created under its own derived key. */
    Mono<ProviderMandate> createMandate(CreateMandate request);

    Mono<Void> cancelMandate(String providerMandateRef, String idempotencyKey);

    /** A payment on the mandate for the charge date asked (the provider may move it later; a notification says). */
    Mono<Collection> collect(Collect request);

    Mono<Void> cancelCollection(String providerPaymentRef, String idempotencyKey);

    Mono<ProviderRefund> refund(RefundRequest request);
}
