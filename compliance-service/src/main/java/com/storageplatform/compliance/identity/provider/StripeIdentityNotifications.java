package com.storageplatform.compliance.identity.provider;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Event;
import com.stripe.net.Webhook;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stripe Identity's notifications: one event per body, signed in {@code Stripe-Signature} and verified by
 * stripe-java with Stripe's five-minute tolerance against real time (never the platform clock that tests move).
 * {@code identity.verification_session.verified}, {@code .requires_input} (its cause {@code last_error.code}) and
 * {@code .canceled} are acted on; {@code .created}, {@code .processing}, {@code .redacted} and anything else are
 * ignored. The session is read as raw JSON, so an event of another API version maps the same.
 */
final class StripeIdentityNotifications implements NotificationReader {

    static final String PREFIX = "identity.verification_session.";

    private final JsonMapper json;
    private final Clock clock;

    StripeIdentityNotifications(JsonMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String provider() {
        return StripeIdentity.NAME;
    }

    @Override
    public String signatureHeader() {
        return "Stripe-Signature";
    }

    @Override
    public List<IdCheckOutcome> read(String body, String signature, String secret) {
        Event event = verified(body, signature, secret);
        JsonNode session = json.readTree(event.getDataObjectDeserializer().getRawJson());
        Kind kind = Stream.of(Kind.VERIFIED, Kind.REQUIRES_INPUT, Kind.CANCELED)
                .filter(acted -> (PREFIX + statusOf(acted)).equals(event.getType()))
                .findFirst().orElse(Kind.IGNORED);
        String reason = kind == Kind.REQUIRES_INPUT ? session.path("last_error").path("code").asString(null) : null;
        return List.of(new IdCheckOutcome(provider(), event.getId(), kind, session.path("id").asString(null),
                Instant.ofEpochSecond(event.getCreated()), reason));
    }

    private Event verified(String body, String signature, String secret) {
        if (body == null || signature == null || signature.isBlank()) {
            throw badSignature();
        }
        try {
            return Webhook.constructEvent(body, signature, secret, Webhook.DEFAULT_TOLERANCE, clock);
        } catch (SignatureVerificationException e) {
            throw badSignature();
        } catch (RuntimeException notAnEvent) {
            throw new ApiException(ErrorCode.INVALID_REQUEST, "The body is not a Stripe notification.");
        }
    }

    private ApiException badSignature() {
        return new ApiException(ErrorCode.INVALID_REQUEST,
                "The " + signatureHeader() + " header is missing, stale or does not sign this body.");
    }

    /**
     * Stripe's word for a session with this outcome: its status, and its event's type after {@link #PREFIX}, as
     * {@link #read} maps them back (the simulator writes its bodies with it).
     */
    static String statusOf(Kind kind) {
        return switch (kind) {
            case VERIFIED -> "verified";
            case REQUIRES_INPUT -> "requires_input";
            case CANCELED -> "canceled";
            case IGNORED -> throw new IllegalArgumentException("Stripe sends no event that is ignored by design");
        };
    }
}
