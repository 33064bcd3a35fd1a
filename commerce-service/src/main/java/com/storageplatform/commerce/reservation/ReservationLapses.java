package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.holds.LapsedHolds;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A booking of a unit meets a reservation's hold past its {@code held_until} before the sweep has run: the
 * reservation is expired at once, exactly as the sweep would have (status {@code expired}, hold released,
 * {@code reservation.expired}), so the unit gives way.
 */
@Component
class ReservationLapses implements LapsedHolds {

    private final ReservationService reservations;

    ReservationLapses(ReservationService reservations) {
        this.reservations = reservations;
    }

    @Override
    public Mono<Void> expire(Caller caller, UUID reservationId) {
        return reservations.expireIfLapsed(caller, reservationId).then();
    }
}
