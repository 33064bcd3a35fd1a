package com.storageplatform.compliance.identity.provider;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.stripe.net.Webhook;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the test helpers use: the notification Stripe itself would send about one check (its documented event body),
 * signed Stripe's way with the simulator's own secret (random per process), to be fed to the same reader and handler
 * as a notification from Stripe, so the simulated and the real path cannot drift.
 */
public final class SimulatedNotifications {

    /** The cause a simulated {@code requires_input} carries (Stripe's code). */
    public static final String REQUIRES_INPUT_REASON = "document_unverified_other";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final JsonMapper json;
    private final Clock clock;
    private final Clock signingClock;
    private final String secret = "whsec_" + random(24);

    /**
     * @param clock        when the simulated events happen (the platform's clock)
     * @param signingClock the time a signature carries: the reader's clock, real time like every security check
     */
    SimulatedNotifications(JsonMapper json, Clock clock, Clock signingClock) {
        this.json = json;
        this.clock = clock;
        this.signingClock = signingClock;
    }

    /** A signed notification body. */
    public record Signed(String provider, String body, String signature) {
    }

    /** Stripe's notification that the check {@code reference} was verified, needs input or was canceled. */
    public Signed outcome(String reference, Kind kind) {
        String status = StripeIdentityNotifications.statusOf(kind);
        ObjectNode body = json.createObjectNode()
                .put("id", "evt_" + random(12))
                .put("object", "event")
                .put("created", clock.instant().getEpochSecond())
                .put("livemode", false)
                .put("type", StripeIdentityNotifications.PREFIX + status);
        ObjectNode session = body.putObject("data").putObject("object")
                .put("id", reference)
                .put("object", "identity.verification_session")
                .put("type", "document")
                .put("status", status);
        if (kind == Kind.REQUIRES_INPUT) {
            session.putObject("last_error").put("code", REQUIRES_INPUT_REASON)
                    .put("reason", "The document could not be verified.");
        } else {
            session.putNull("last_error");
        }
        String text = json.writeValueAsString(body);
        long timestamp = signingClock.instant().getEpochSecond();
        try {
            return new Signed(StripeIdentity.NAME, text,
                    "t=" + timestamp + ",v1=" + Webhook.Util.computeHmacSha256(secret, timestamp + "." + text));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    /** The simulator's signing secret. */
    public String secret() {
        return secret;
    }

    private static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return HexFormat.of().formatHex(value);
    }
}
