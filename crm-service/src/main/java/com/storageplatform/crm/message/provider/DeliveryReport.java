package com.storageplatform.crm.message.provider;

import java.time.Instant;

/**
 * One event of a provider's delivery report, in the platform's words.
 *
 * @param eventId           the provider's id of the event: deduplicate on it
 * @param providerMessageId the provider's id of the message it is about
 * @param reason            why a message bounced (the provider's words), or null
 */
public record DeliveryReport(String provider, String eventId, Kind kind, String providerMessageId,
        Instant occurredAt, String reason) {

    public enum Kind {
        DELIVERED, BOUNCED,
        /** A report the platform does not act on (Twilio's {@code queued}, {@code sent}). */
        IGNORED
    }
}
