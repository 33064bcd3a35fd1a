package com.storageplatform.commerce.reservation;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/reservations}: {@code contact_id}, {@code source} and a {@code unit_id} or a
 * {@code unit_type_id} are required. Strict JSON (platform-kit) refuses unknown fields and values of the wrong
 * JSON type; {@link ReservationRules} judges the values.
 *
 * @param heldUntil       RFC 3339; in the future and at most 90 days ahead; default now plus the operator's
 *                        reservation hold days (7 unless set)
 * @param moveInDate      {@code YYYY-MM-DD}, today or later in the site's time zone
 * @param licenceFeeMinor with {@code currency}; both left out, the catalogue's price for the unit or unit type on
 *                        the move-in date (else today) is taken, which needs the {@code units:read} scope
 * @param couponId        a coupon of the catalogue that applies at the site and unit type and is valid today
 * @param dealId          the crm deal the reservation is made for
 */
@Schema(requiredProperties = {"contact_id", "source"})
record CreateReservation(String contactId, String unitId, String unitTypeId, String source, String heldUntil,
        String moveInDate, @Nullable Long licenceFeeMinor, String currency, String couponId, String dealId,
        String notes) {
}
