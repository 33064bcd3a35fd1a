package com.storageplatform.webhooks.signature;

import java.util.Objects;

/**
 * A delivery failed verification and must not be processed: answer it with a 4xx and do not parse the body.
 *
 * <p>The {@link #reason()} is meant for logs and metrics. The message explains what was wrong with the header or
 * its timestamp, but never contains a secret or the signature the verifier expected, so it is safe to log. It is
 * still better not to echo it to the sender.
 */
public class WebhookVerificationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why a delivery was refused. */
    public enum Reason {
        /** No {@code X-Service-Signature} header, or an empty one. */
        MISSING_HEADER,
        /** The header cannot be read: too long, an empty or nameless element, no {@code t}, several {@code t}, or a
         * {@code t} that is not a plain decimal number of seconds. */
        MALFORMED_HEADER,
        /** The header has a timestamp but no {@code v1} element at all. */
        NO_SIGNATURE,
        /** {@code t} is further from the receiver's clock than the tolerance, in the past or in the future. */
        TIMESTAMP_OUTSIDE_TOLERANCE,
        /** No {@code v1} value matches the body signed with any of the receiver's secrets. */
        SIGNATURE_MISMATCH
    }

    private final Reason reason;

    public WebhookVerificationException(Reason reason, String message) {
        super(Objects.requireNonNull(reason, "reason") + ": " + Objects.requireNonNull(message, "message"));
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
