package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A reservation as clients see it: a unit, or a unit type at a site, held for a customer until
 * {@code held_until}. The body of {@code GET /v1/reservations/{id}} and the {@code data} of
 * {@code reservation.*} events.
 *
 * @param contactId          the customer the unit is held for
 * @param siteId             the site of the unit or unit type
 * @param unitId             the unit held; null for a hold of a unit type
 * @param unitTypeId         the unit type (of the unit, for a unit hold)
 * @param source             where the reservation was made
 * @param status             {@code active} while it holds; {@code cancelled}, {@code expired} or
 *                           {@code converted} once it ended
 * @param heldUntil          when the hold lapses unless the reservation is booked or cancelled first
 * @param moveInDate         the day the customer means to move in, in the site's time zone; null if not known
 * @param licenceFeeMinor    the monthly licence fee offered, in minor units of {@code currency}
 * @param couponId           the catalogue coupon offered with it, if any
 * @param dealId             the crm deal it was made for, if any
 * @param notes              free text for the operator's staff
 * @param convertedTo        the booking (agreement or order) that took it up; null until converted
 * @param cancellationReason why it was cancelled: {@code requested} (the cancel action) or {@code deal_lost}
 * @param cancelledAt        when it was cancelled; null otherwise
 * @param expiredAt          when it expired (its hold ran out); null otherwise
 * @param convertedAt        when a booking took it up; null otherwise
 */
public record Reservation(UUID id, String object, UUID contactId, UUID siteId, @Nullable UUID unitId, UUID unitTypeId,
        @OneOf("SOURCES") String source, @OneOf("STATUSES") String status, Instant heldUntil,
        @Nullable LocalDate moveInDate, long licenceFeeMinor, String currency, UUID couponId, UUID dealId, String notes,
        @Nullable ReservationBooking convertedTo, @OneOf("CANCELLATION_REASONS") String cancellationReason,
        @Nullable Instant cancelledAt, @Nullable Instant expiredAt, @Nullable Instant convertedAt, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "reservation";

    public static final List<String> SOURCES = List.of("storefront", "backoffice", "api");

    public static final String ACTIVE = "active";
    public static final String CANCELLED = "cancelled";
    public static final String EXPIRED = "expired";
    public static final String CONVERTED = "converted";
    public static final List<String> STATUSES = List.of(ACTIVE, CANCELLED, EXPIRED, CONVERTED);

    public static final String REQUESTED = "requested";
    public static final String DEAL_LOST = "deal_lost";
    public static final List<String> CANCELLATION_REASONS = List.of(REQUESTED, DEAL_LOST);

    /**
     * The booking that took a reservation up.
     *
     * @param object {@code agreement} or {@code order}
     * @param id     its id
     */
    public record ReservationBooking(@OneOf("OBJECTS") String object, UUID id) {
        public static final List<String> OBJECTS = List.of("agreement", "order");
    }

    boolean isActive() {
        return ACTIVE.equals(status);
    }

    /** Active, but its hold ran out: the sweep, a member of staff or a booking expires it. */
    boolean lapsedAt(Instant now) {
        return isActive() && !heldUntil.isAfter(now);
    }

    Reservation cancelled(String reason, Instant now) {
        return new Reservation(id, object, contactId, siteId, unitId, unitTypeId, source, CANCELLED, heldUntil,
                moveInDate, licenceFeeMinor, currency, couponId, dealId, notes, convertedTo, reason, now, expiredAt,
                convertedAt, createdAt, now);
    }

    Reservation expired(Instant now) {
        return new Reservation(id, object, contactId, siteId, unitId, unitTypeId, source, EXPIRED, heldUntil,
                moveInDate, licenceFeeMinor, currency, couponId, dealId, notes, convertedTo, cancellationReason,
                cancelledAt, now, convertedAt, createdAt, now);
    }

    Reservation converted(ReservationBooking booking, Instant now) {
        return new Reservation(id, object, contactId, siteId, unitId, unitTypeId, source, CONVERTED, heldUntil,
                moveInDate, licenceFeeMinor, currency, couponId, dealId, notes, booking, cancellationReason,
                cancelledAt, expiredAt, now, createdAt, now);
    }
}
