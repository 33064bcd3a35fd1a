package com.storageplatform.billing.provider;

import com.gocardless.Webhook;
import com.gocardless.errors.InvalidSignatureException;
import com.gocardless.resources.Event;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * GoCardless's notifications: a batch of events per body, signed in {@code Webhook-Signature} (HMAC-SHA256 of the
 * body in hex) and verified and parsed by gocardless-pro. GoCardless signs no timestamp; a replayed body repeats
 * event ids the handler has already seen. Its events carry no charge date.
 */
final class GoCardlessNotifications implements NotificationReader {

    /** The resource type and action of a GoCardless event the platform acts on. */
    enum Action {
        MANDATE_ACTIVE("mandates", "active", Kind.MANDATE_ACTIVE),
        MANDATE_FAILED("mandates", "failed", Kind.MANDATE_FAILED),
        MANDATE_CANCELLED("mandates", "cancelled", Kind.MANDATE_CANCELLED),
        MANDATE_EXPIRED("mandates", "expired", Kind.MANDATE_CANCELLED),
        PAYMENT_SUBMITTED("payments", "submitted", Kind.PAYMENT_SUBMITTED),
        PAYMENT_CONFIRMED("payments", "confirmed", Kind.PAYMENT_CONFIRMED),
        PAYMENT_PAID_OUT("payments", "paid_out", Kind.PAYMENT_PAID_OUT),
        PAYMENT_FAILED("payments", "failed", Kind.PAYMENT_FAILED),
        PAYMENT_LATE_FAILURE("payments", "late_failure_settled", Kind.PAYMENT_LATE_FAILURE),
        PAYMENT_CHARGEBACK_SETTLED("payments", "chargeback_settled", Kind.PAYMENT_CHARGEBACK),
        PAYMENT_CHARGED_BACK("payments", "charged_back", Kind.PAYMENT_CHARGEBACK),
        REFUND_PAID("refunds", "paid", Kind.REFUND_SUCCEEDED),
        REFUND_FAILED("refunds", "failed", Kind.REFUND_FAILED),
        REFUND_BOUNCED("refunds", "bounced", Kind.REFUND_FAILED),
        REFUND_FUNDS_RETURNED("refunds", "funds_returned", Kind.REFUND_FAILED);

        private final String resourceType;
        private final String action;
        private final Kind kind;

        Action(String resourceType, String action, Kind kind) {
            this.resourceType = resourceType;
            this.action = action;
            this.kind = kind;
        }

        String resourceType() {
            return resourceType;
        }

        String action() {
            return action;
        }

        /** The key of the event's {@code links} naming its resource. */
        String link() {
            return resourceType.substring(0, resourceType.length() - 1);
        }
    }

    @Override
    public String provider() {
        return Providers.GOCARDLESS;
    }

    @Override
    public String signatureHeader() {
        return "Webhook-Signature";
    }

    @Override
    public List<ProviderEvent> read(String body, String signature, String secret) {
        return verified(body, signature, secret).stream().map(this::event).toList();
    }

    private List<Event> verified(String body, String signature, String secret) {
        if (body == null || signature == null || signature.isBlank()) {
            throw Notifications.badSignature(signatureHeader());
        }
        try {
            List<Event> events = Webhook.parse(body, signature, secret);
            if (events == null) {
                throw Notifications.notTheProvidersBody("GoCardless");
            }
            return events;
        } catch (InvalidSignatureException e) {
            throw Notifications.badSignature(signatureHeader());
        } catch (RuntimeException notEvents) {
            throw Notifications.notTheProvidersBody("GoCardless");
        }
    }

    private ProviderEvent event(Event event) {
        String type = event.getResourceType() == null ? "" : event.getResourceType().name().toLowerCase(Locale.ROOT);
        Action action = Stream.of(Action.values())
                .filter(known -> known.resourceType.equals(type) && known.action.equals(event.getAction()))
                .findFirst().orElse(null);
        Instant at = event.getCreatedAt() == null ? null : Instant.parse(event.getCreatedAt());
        String cause = event.getDetails() == null ? null : event.getDetails().getCause();
        if (action == null) {
            return new ProviderEvent(provider(), event.getId(), Kind.IGNORED, null, at, cause, null);
        }
        return new ProviderEvent(provider(), event.getId(), action.kind, refOf(action, event.getLinks()), at, cause,
                null);
    }

    private static String refOf(Action action, Event.Links links) {
        if (links == null) {
            return null;
        }
        return switch (action.resourceType) {
            case "mandates" -> links.getMandate();
            case "payments" -> links.getPayment();
            default -> links.getRefund();
        };
    }

    /** The action the simulator writes for {@code kind}: the first that {@link #read} maps to it. */
    static Action actionOf(Kind kind) {
        return Stream.of(Action.values()).filter(action -> action.kind == kind).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("GoCardless sends no " + kind + " event"));
    }
}
