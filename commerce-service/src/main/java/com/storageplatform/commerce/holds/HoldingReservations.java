package com.storageplatform.commerce.holds;

import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * What {@link UnitHolds} needs of the reservation feature (which implements it) when a request for a unit meets a
 * reservation's hold. Every change of a reservation (cancel, expiry, deal lost, conversion) locks the reservation's
 * row before the unit's hold row; {@link UnitHolds#take} does the same, through {@link #lock}, so a change of the
 * reservation and a request taking its unit never wait on each other crosswise (see {@link UnitHolds} for the
 * whole lock order).
 */
public interface HoldingReservations {

    /**
     * Locks the reservation's row until the caller's transaction ends; false, without waiting, when another
     * transaction holds it (cancelling, expiring or booking the reservation at that moment).
     */
    Mono<Boolean> lock(Caller caller, UUID reservationId);

    /**
     * Expires the reservation, locked by the caller, when it is active past its {@code held_until}: status
     * {@code expired}, hold released, {@code reservation.expired}, exactly as the sweep would.
     */
    Mono<Void> expire(Caller caller, UUID reservationId);
}
