package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How bookings (agreements, orders) take a reservation up: the one public class of the reservation feature. Every
 * method runs inside the caller's transaction and locks the reservation's row ({@code FOR UPDATE}) first, so a
 * booking converting a reservation and the expiry sweep (or a cancel) end it one way, never both.
 */
@Component
public class Reservations {

    private final ReservationRepository reservations;
    private final ReservationEvents events;
    private final UnitHolds holds;
    private final Clock clock;

    Reservations(ReservationRepository reservations, ReservationEvents events, UnitHolds holds, Clock clock) {
        this.reservations = reservations;
        this.events = events;
        this.holds = holds;
        this.clock = clock;
    }

    /**
     * The terms of a reservation a booking names, locked until the transaction ends: 422 {@code not_found} on
     * {@code field} when the account has no such reservation; 403 {@code site_forbidden} when it is at a site the
     * caller is restricted from; 409 {@code conflict} when it is no longer active (the message says cancelled,
     * expired or converted) or has lapsed (past {@code held_until}).
     */
    public Mono<ReservationTerms> forBooking(Caller caller, UUID reservationId, String field) {
        return reservations.findForUpdate(caller.accountId(), reservationId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid(field, FieldIssue.NOT_FOUND)))
                .map(stored -> {
                    Reservation r = stored.reservation();
                    SiteAccess.require(caller, r.siteId());
                    ApiException ended = ReservationRules.ended(r, "booked");
                    if (ended != null) {
                        throw ended;
                    }
                    if (r.lapsedAt(clock.instant())) {
                        throw ReservationRules.lapsed(r);
                    }
                    return ReservationTerms.of(r);
                });
    }

    /**
     * Marks the reservation {@code converted} to {@code booking} ({@code converted_at}, {@code converted_to}),
     * hands its unit's hold to the booking ({@link UnitHolds#handOver}) and publishes
     * {@code reservation.converted}. The lapse is judged by {@link #forBooking}, in the same transaction: here only
     * a reservation that is no longer active is refused (409). Converting it again to the same booking changes
     * nothing.
     */
    public Mono<Void> convert(Caller caller, UUID reservationId, Holder booking) {
        return convert(caller, reservationId, booking, true);
    }

    /**
     * As {@link #convert}, for a reservation {@link UnitHolds#take} already locked and handed over to the booking
     * (the same customer booking the unit reserved for them without naming the reservation).
     */
    public Mono<Void> convertTakenUp(Caller caller, UUID reservationId, Holder booking) {
        return convert(caller, reservationId, booking, false);
    }

    private Mono<Void> convert(Caller caller, UUID reservationId, Holder booking, boolean handOver) {
        if (!Reservation.ReservationBooking.OBJECTS.contains(booking.kind())) {
            return Mono.error(new IllegalArgumentException("A reservation converts to an agreement or an order, not "
                    + booking.kind()));
        }
        Reservation.ReservationBooking to = new Reservation.ReservationBooking(booking.kind(), booking.id());
        return reservations.findForUpdate(caller.accountId(), reservationId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid("reservation_id", FieldIssue.NOT_FOUND)))
                .flatMap(stored -> {
                    Reservation r = stored.reservation();
                    if (Reservation.CONVERTED.equals(r.status()) && to.equals(r.convertedTo())) {
                        return Mono.empty();
                    }
                    ApiException ended = ReservationRules.ended(r, "booked");
                    if (ended != null) {
                        return Mono.error(ended);
                    }
                    Reservation converted = r.converted(to, clock.instant());
                    Mono<Boolean> handed = handOver && r.unitId() != null
                            ? holds.handOver(caller, Holder.reservation(r.id()), booking, r.contactId())
                            : Mono.just(true);
                    return handed.then(reservations.updateStatus(caller.accountId(), converted))
                            .then(events.publish(caller, ReservationEvents.CONVERTED, converted));
                });
    }
}
