package com.storageplatform.catalogue.holds;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What one commerce event says about one holder (a reservation, agreement or order): the unit or unit type it
 * holds and how far along it is.
 *
 * @param unitId null for a hold on a unit type, or when the event does not name the unit
 * @param stage  {@link #HOLDS}, {@link #OCCUPIES} or {@link #ENDED}; stored stages only move forward
 */
record Hold(String holderKind, UUID holderId, UUID unitId, UUID unitTypeId, UUID siteId, int stage,
        Instant heldUntil) {

    /** Held or booked: the unit shows as reserved and is not bookable. */
    static final int HOLDS = 1;
    /** An agreement moved in ({@code status} {@code active} or {@code notice_given}): the unit shows as occupied. */
    static final int OCCUPIES = 2;
    /** Cancelled, expired, converted, completed or terminated: the hold no longer counts. */
    static final int ENDED = 3;

    /** The stage each event type puts its holder in; null means "read it from the holder's status". */
    static final Map<String, Integer> STAGE_OF_TYPE = Map.ofEntries(
            Map.entry("reservation.created", HOLDS),
            Map.entry("reservation.cancelled", ENDED),
            Map.entry("reservation.expired", ENDED),
            Map.entry("reservation.converted", ENDED),
            // Commerce publishes it once, when the customer signs (public agreement.signed), never at move-in:
            // the unit stays booked. Moving in is agreement.updated with status active.
            Map.entry("agreement.activated", HOLDS),
            Map.entry("agreement.terminated", ENDED),
            Map.entry("order.created", HOLDS),
            Map.entry("order.completed", ENDED),
            Map.entry("order.cancelled", ENDED));

    /** Types whose stage follows the holder's {@code status}. */
    static final Set<String> STATUS_TYPES = Set.of("reservation.updated", "agreement.created", "agreement.updated",
            "order.updated");

    private static final Set<String> ENDED_STATUSES = Set.of("cancelled", "canceled", "expired", "converted",
            "completed", "terminated", "ended", "abandoned", "lost", "void", "voided");
    private static final Set<String> OCCUPYING_STATUSES = Set.of("active", "notice_given");

    /** The stage a holder's {@code status} means: an agreement occupies once active; any other live status holds. */
    static int stageOfStatus(String holderKind, String status) {
        if (status != null && ENDED_STATUSES.contains(status)) {
            return ENDED;
        }
        return "agreement".equals(holderKind) && OCCUPYING_STATUSES.contains(status) ? OCCUPIES : HOLDS;
    }
}
