package com.storageplatform.crm.message.provider;

import java.util.Map;

/** The providers' signing schemes, for tests that post reports as the providers do. */
public final class SimulatedReportsAccess {

    private SimulatedReportsAccess() {
    }

    /** The email relay's {@code Message-Report-Signature} for {@code body} signed at {@code at}. */
    public static String relaySignature(String secret, long at, String body) {
        return SignedReports.signature(secret, at, body);
    }

    /** Twilio's {@code X-Twilio-Signature} for a callback to {@code url} with these parameters. */
    public static String twilioSignature(String token, String url, Map<String, String> parameters) {
        return SimulatedReports.twilioSignature(token, url, parameters);
    }
}
