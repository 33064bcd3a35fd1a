package com.storageplatform.compliance.identity.provider;

import java.time.Instant;

/**
 * One event of a provider's notification in the platform's words.
 *
 * @param eventId   the provider's own id of the event: deduplicate on it
 * @param reference the provider's reference of the check it is about
 * @param reason    the provider's code for why a check needs input ({@code document_expired},
 *                  {@code selfie_face_mismatch}), or null
 */
public record IdCheckOutcome(String provider, String eventId, Kind kind, String reference, Instant occurredAt,
        String reason) {

    public enum Kind {
        /** The provider checked the photo ID: it is the customer's, and genuine. */
        VERIFIED,
        /** The provider could not confirm the photo ID; staff review it (the customer is not refused). */
        REQUIRES_INPUT,
        /** The check ended without a decision; nothing is billed. */
        CANCELED,
        /** An event the platform does not act on. */
        IGNORED
    }
}
