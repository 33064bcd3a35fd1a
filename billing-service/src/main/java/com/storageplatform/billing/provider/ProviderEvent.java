package com.storageplatform.billing.provider;

import java.time.Instant;
import java.time.LocalDate;

/**
 * One provider notification event in the platform's words.
 *
 * @param eventId     the provider's own id of the event: deduplicate on it
 * @param resourceRef the provider's reference of the mandate, payment or refund it is about
 * @param cause       the provider's reason (a failure's or cancellation's cause), or null
 * @param chargeDate  the payment's charge date when the event carries one, or null: neither Stripe's nor GoCardless's
 *                    notifications carry one, so a Direct Debit's charge date is the one {@link Collection} answered
 */
public record ProviderEvent(String provider, String eventId, Kind kind, String resourceRef, Instant occurredAt,
        String cause, LocalDate chargeDate) {

    public enum Kind {
        MANDATE_ACTIVE, MANDATE_FAILED, MANDATE_CANCELLED,
        PAYMENT_SUBMITTED, PAYMENT_CONFIRMED, PAYMENT_PAID_OUT, PAYMENT_FAILED, PAYMENT_LATE_FAILURE,
        PAYMENT_CHARGEBACK,
        CARD_SUCCEEDED, CARD_FAILED, CARD_REQUIRES_ACTION,
        REFUND_SUCCEEDED, REFUND_FAILED,
        /** An event the platform does not act on. */
        IGNORED
    }
}
