package com.storageplatform.billing.provider;

import reactor.core.publisher.Mono;

/**
 * Bacs Direct Debit through a provider: live accounts get {@code GoCardlessDirectDebit}, test accounts
 * {@code SimulatedDirectDebit}, which never reaches a provider. Choose one with {@link Providers#directDebit}.
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
