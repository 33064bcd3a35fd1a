package com.storageplatform.kit.events;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every public event type of the spec's catalogue, and how the types services publish internally map onto them.
 * Services publish through the outbox under their own (internal) names; the webhook dispatcher asks this
 * registry which of them are public, under which name. An event type the catalogue does not list (a site
 * changed, an operator's settings changed) stays internal: other services consume it for their projections, but
 * it never reaches the event feed or a webhook.
 */
public final class EventCatalogue {

    /** The public types, exactly as the spec names them (the {@code type} of the feed and of webhooks). */
    public static final Set<String> PUBLIC_TYPES = Set.of(
            "contact.created", "contact.updated", "contact.unarchived",
            "reservation.created", "reservation.cancelled", "reservation.expired",
            "order.created", "order.completed",
            "agreement.created", "agreement.signed", "agreement.access_held", "agreement.access_released",
            "agreement.terminated",
            "subscription.created", "subscription.updated", "subscription.cancelled",
            "invoice.created", "invoice.finalized", "invoice.paid", "invoice.payment_failed", "invoice.voided",
            "payment.succeeded", "payment.failed", "payment.requires_action", "payment.refunded",
            "payment.late_failure_settled", "payment.chargeback_settled",
            "mandate.created", "mandate.active", "mandate.cancelled", "mandate.failed",
            "credit_note.created",
            "contract.signed",
            "identity_verification.verified", "identity_verification.requires_input",
            "identity_verification.canceled",
            "access_credential.created", "access_credential.suspended", "access_credential.revoked",
            "overlock.applied", "overlock.released",
            "dunning.advanced", "dunning.resolved",
            "price_increase.scheduled", "price_increase.applied",
            "message.sent", "message.delivered", "message.bounced",
            "accounting.synced", "accounting.failed",
            "deal.created", "deal.won", "deal.lost",
            "task.created", "task.completed",
            "note.created",
            "import.completed", "import.failed",
            "webhook_endpoint.disabled");

    /** Internal names that the feed and webhooks know under another name. */
    public static final Map<String, String> RENAMES = Map.of(
            "invoice.issued", "invoice.finalized",
            "agreement.activated", "agreement.signed",
            "credit_note.issued", "credit_note.created",
            "identity_verification.cancelled", "identity_verification.canceled",
            "refund.recorded", "payment.refunded");

    /** Families deliberately never published (a recorded refund is signalled on the payment instead). */
    public static final Set<String> NEVER_PUBLISHED_FAMILIES = Set.of("refund", "deposit", "payout", "sale_process",
            "lien");

    /** The resource families that have public events: what {@code <family>.*} may name. */
    public static final Set<String> PUBLIC_FAMILIES = PUBLIC_TYPES.stream()
            .map(EventCatalogue::familyOf)
            .collect(Collectors.toUnmodifiableSet());

    private EventCatalogue() {
    }

    /** The public name of an internally published type, or empty when it is not published. */
    public static Optional<String> publicTypeOf(String internalType) {
        String renamed = RENAMES.get(internalType);
        if (renamed != null) {
            return Optional.of(renamed);
        }
        if (NEVER_PUBLISHED_FAMILIES.contains(familyOf(internalType))) {
            return Optional.empty();
        }
        return PUBLIC_TYPES.contains(internalType) ? Optional.of(internalType) : Optional.empty();
    }

    public static boolean isPublic(String type) {
        return PUBLIC_TYPES.contains(type);
    }

    /** {@code payment.succeeded} → {@code payment}. */
    public static String familyOf(String type) {
        int dot = type.indexOf('.');
        return dot < 0 ? type : type.substring(0, dot);
    }
}
