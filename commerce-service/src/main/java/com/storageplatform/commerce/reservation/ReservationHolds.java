package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.holds.HoldingReservations;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The reservations {@code UnitHolds.take} meets on a unit: locked without waiting (a reservation another
 * transaction is ending or booking at that moment makes the request 503, to retry), and a lapsed one expired at
 * once, exactly as the sweep would have (status {@code expired}, hold released, {@code reservation.expired}), so the
 * unit gives way.
 */
@Component
class ReservationHolds implements HoldingReservations {

    private final ReservationRepository reservations;
    private final ReservationService service;

    ReservationHolds(ReservationRepository reservations, ReservationService service) {
        this.reservations = reservations;
        this.service = service;
    }

    @Override
    public Mono<Boolean> lock(Caller caller, UUID reservationId) {
        return reservations.findForUpdateUnlessLocked(caller.accountId(), reservationId).hasElement();
    }

    @Override
    public Mono<Void> expire(Caller caller, UUID reservationId) {
        return service.expireIfLapsed(caller, reservationId).then();
    }
}
