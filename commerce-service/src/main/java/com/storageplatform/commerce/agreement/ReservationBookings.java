package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.kit.caller.Caller;
import java.time.LocalDate;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * What a booking needs of the reservation feature: the terms of a reservation it takes up, and marking it
 * converted. Implemented over the reservation feature's public class ({@code ReservationBookingsOfReservations});
 * kept as this narrow port so the agreement's rules read in its own words.
 */
interface ReservationBookings {

    /** The terms of a reservation a booking takes up. */
    record Terms(UUID id, UUID contactId, UUID siteId, UUID unitId, UUID unitTypeId, Long licenceFeeMinor,
            String currency, LocalDate moveInDate) {

        boolean ofOneUnit() {
            return unitId != null;
        }
    }

    /**
     * The reservation {@code reservationId} as a booking takes it up: 422 {@code not_found} on {@code field} when
     * the account has none, 409 when it is no longer active (or has lapsed).
     */
    Mono<Terms> forBooking(Caller caller, UUID reservationId, String field);

    /** Marks a named reservation converted and hands its unit's hold to {@code booking}. */
    Mono<Void> convert(Caller caller, UUID reservationId, Holder booking);

    /** Marks converted a reservation whose hold {@code UnitHolds.take} has already handed to {@code booking}. */
    Mono<Void> convertTakenUp(Caller caller, UUID reservationId, Holder booking);
}
