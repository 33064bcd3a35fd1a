package com.storageplatform.crm.message.provider;

import java.util.List;

/** Reads one inbound delivery report the provider's way: verifies its signature, then maps its events. */
public interface ReportReader {

    /** {@code smtp} or {@code twilio}. */
    String provider();

    /** The header carrying the signature. */
    String signatureHeader();

    /**
     * The report's events, in the order sent.
     *
     * @param url the URL the provider posted to, as it signs it (Twilio signs it; the email relay's reports do not)
     * @throws com.storageplatform.kit.web.ApiException 400 {@code invalid_request} for a missing, bad or stale
     *                                                  signature or a body that is not the provider's; nothing is
     *                                                  parsed before the signature is verified
     */
    List<DeliveryReport> read(String body, String signature, String secret, String url);
}
