package com.storageplatform.compliance.identity.provider;

import java.util.List;

/** Reads one inbound notification the provider's way: verifies its signature, then maps its events. */
public interface NotificationReader {

    /** {@code stripe}. */
    String provider();

    /** The header carrying the signature: {@code Stripe-Signature}. */
    String signatureHeader();

    /**
     * The notification's events, in the order sent.
     *
     * @throws com.storageplatform.kit.web.ApiException 400 {@code invalid_request} for a missing, bad or stale
     *                                                  signature or a body that is not the provider's; nothing is
     *                                                  parsed before the signature is verified
     */
    List<IdCheckOutcome> read(String body, String signature, String secret);
}
