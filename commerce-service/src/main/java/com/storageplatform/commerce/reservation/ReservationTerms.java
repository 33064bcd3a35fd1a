package com.storageplatform.commerce.reservation;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * What a booking (an agreement or an order) takes from the reservation it names: {@link Reservations#forBooking}.
 *
 * @param unitId null for a reservation of a unit type
 * @param status always {@code active} when answered by {@code forBooking}
 */
public record ReservationTerms(UUID id, UUID contactId, UUID siteId, UUID unitId, UUID unitTypeId,
        long licenceFeeMinor, String currency, LocalDate moveInDate, UUID couponId, UUID dealId, Instant heldUntil,
        String status) {

    static ReservationTerms of(Reservation r) {
        return new ReservationTerms(r.id(), r.contactId(), r.siteId(), r.unitId(), r.unitTypeId(),
                r.licenceFeeMinor(), r.currency(), r.moveInDate(), r.couponId(), r.dealId(), r.heldUntil(),
                r.status());
    }
}
