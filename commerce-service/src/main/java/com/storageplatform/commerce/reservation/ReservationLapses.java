package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.holds.LapsedHolds;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A booking of a unit meets a reservation's hold past its {@code held_until} before the sweep has run: the
 * reservation is expired at once, exactly as the sweep would have (status {@code expired}, hold released,
 * {@code reservation.expired}), so the unit gives way. {@code UnitHolds.take} calls this holding the unit's hold
 * row, so a reservation whose row another transaction has locked (the sweep or a member of staff expiring it at
 * that moment, who then waits for the hold row) is not waited for: the booking is refused with 409
 * {@code unit_reserved} and can be retried at once, instead of the two deadlocking.
 */
@Component
class ReservationLapses implements LapsedHolds {

    private final ReservationService reservations;

    ReservationLapses(ReservationService reservations) {
        this.reservations = reservations;
    }

    @Override
    public Mono<Void> expire(Caller caller, UUID reservationId) {
        return reservations.expireIfLapsedUnlessLocked(caller, reservationId).then();
    }
}
