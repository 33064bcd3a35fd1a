package com.storageplatform.compliance.identity.provider;

import java.util.Optional;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * An online ID-check provider: it checks the customer's photo ID (a document and a selfie) on a page of its own,
 * then tells the platform the outcome through its notifications ({@link NotificationReader}). A live adapter and a
 * simulator sit behind it, chosen by the account's environment ({@link IdCheckProviders}).
 */
public interface IdCheckProvider {

    /** The provider's name, the check's {@code provider}: {@code stripe} (the simulator carries the same name). */
    String name();

    /**
     * Starts a check at the provider for the platform's verification {@code verificationId}; answers the provider's
     * reference of it. Sent again with the same id, it answers the same reference (the provider's idempotency key is
     * derived from the id), so a retry never makes a second check.
     */
    Mono<String> start(UUID verificationId);

    /**
     * Where the customer does the check now: the address of the provider's page, fresh (the provider's addresses are
     * short-lived and for one use); empty when the check no longer takes the customer's input (it is being processed,
     * or has ended).
     */
    Mono<Optional<String>> customerPage(String reference);
}
