package com.storageplatform.billing.provider;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Event;
import com.stripe.net.Webhook;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stripe's notifications: one event per body, signed in {@code Stripe-Signature} ({@code t=...,v1=...}, an
 * HMAC-SHA256 of the timestamp and body) and verified by stripe-java with Stripe's five-minute tolerance against
 * the platform clock. The event's object is read as raw JSON, so an event of another API version maps the same.
 * {@code charge.refunded} is ignored: its object is the charge, whose refunds Stripe no longer lists; the refund's
 * own {@code refund.*} events carry the refund.
 */
final class StripeNotifications implements NotificationReader {

    static final long TOLERANCE_SECONDS = Webhook.DEFAULT_TOLERANCE;

    private final JsonMapper json;
    private final Clock clock;

    StripeNotifications(JsonMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String provider() {
        return Providers.STRIPE;
    }

    @Override
    public String signatureHeader() {
        return "Stripe-Signature";
    }

    @Override
    public List<ProviderEvent> read(String body, String signature, String secret) {
        Event event = verified(body, signature, secret);
        JsonNode object = json.readTree(event.getDataObjectDeserializer().getRawJson());
        Instant at = Instant.ofEpochSecond(event.getCreated());
        String id = object.path("id").asString(null);
        String status = object.path("status").asString("");
        ProviderEvent mapped = switch (event.getType()) {
            case "payment_intent.succeeded" -> event(event, Kind.CARD_SUCCEEDED, id, at, null);
            case "payment_intent.requires_action" -> event(event, Kind.CARD_REQUIRES_ACTION, id, at, null);
            case "payment_intent.payment_failed" -> event(event, Kind.CARD_FAILED, id, at, declineOf(object));
            case "payment_intent.canceled" -> event(event, Kind.CARD_FAILED, id, at,
                    object.path("cancellation_reason").asString("canceled"));
            case "refund.created", "refund.updated" -> switch (status) {
                case "succeeded" -> event(event, Kind.REFUND_SUCCEEDED, id, at, null);
                case "failed" -> event(event, Kind.REFUND_FAILED, id, at, object.path("failure_reason").asString(null));
                default -> ignored(event, id, at);
            };
            case "refund.failed" -> event(event, Kind.REFUND_FAILED, id, at,
                    object.path("failure_reason").asString(null));
            case "charge.dispute.created" -> event(event, Kind.PAYMENT_CHARGEBACK,
                    object.path("payment_intent").asString(null), at, object.path("reason").asString(null));
            default -> ignored(event, id, at);
        };
        return List.of(mapped);
    }

    private Event verified(String body, String signature, String secret) {
        if (body == null || signature == null || signature.isBlank()) {
            throw Notifications.badSignature(signatureHeader());
        }
        try {
            return Webhook.constructEvent(body, signature, secret, TOLERANCE_SECONDS, clock);
        } catch (SignatureVerificationException e) {
            throw Notifications.badSignature(signatureHeader());
        } catch (RuntimeException notAnEvent) {
            throw Notifications.notTheProvidersBody("Stripe");
        }
    }

    private static String declineOf(JsonNode intent) {
        JsonNode error = intent.path("last_payment_error");
        String decline = error.path("decline_code").asString(null);
        return decline != null ? decline : error.path("code").asString(null);
    }

    private ProviderEvent event(Event event, Kind kind, String ref, Instant at, String cause) {
        return new ProviderEvent(provider(), event.getId(), kind, ref, at, cause, null);
    }

    private ProviderEvent ignored(Event event, String ref, Instant at) {
        return event(event, Kind.IGNORED, ref, at, null);
    }

    /** A Stripe event of one kind, as the simulator writes it: its type and object. */
    record Simulated(String type, Map<String, Object> object) {
    }

    /** The Stripe event that {@link #read} maps to {@code kind}, for the simulator. */
    static Simulated simulated(Kind kind, String ref, String cause) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("id", ref);
        object.put("object", "payment_intent");
        return switch (kind) {
            case CARD_SUCCEEDED -> {
                object.put("status", "succeeded");
                yield new Simulated("payment_intent.succeeded", object);
            }
            case CARD_REQUIRES_ACTION -> {
                object.put("status", "requires_action");
                yield new Simulated("payment_intent.requires_action", object);
            }
            case CARD_FAILED -> {
                object.put("status", "requires_payment_method");
                object.put("last_payment_error", Map.of("type", "card_error", "code", "card_declined",
                        "decline_code", cause == null ? "generic_decline" : cause,
                        "message", "Your card was declined."));
                yield new Simulated("payment_intent.payment_failed", object);
            }
            case REFUND_SUCCEEDED, REFUND_FAILED -> {
                boolean succeeded = kind == Kind.REFUND_SUCCEEDED;
                object.put("object", "refund");
                object.put("status", succeeded ? "succeeded" : "failed");
                if (!succeeded) {
                    object.put("failure_reason", cause == null ? "unknown" : cause);
                }
                yield new Simulated(succeeded ? "refund.updated" : "refund.failed", object);
            }
            case PAYMENT_CHARGEBACK -> {
                object.put("id", "dp_" + SimulatedNotifications.Ids.random(12));
                object.put("object", "dispute");
                object.put("payment_intent", ref);
                object.put("reason", cause == null ? "fraudulent" : cause);
                yield new Simulated("charge.dispute.created", object);
            }
            default -> throw new IllegalArgumentException("Stripe sends no " + kind + " event");
        };
    }
}
