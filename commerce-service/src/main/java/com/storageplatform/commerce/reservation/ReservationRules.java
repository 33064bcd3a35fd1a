package com.storageplatform.commerce.reservation;

import static com.storageplatform.kit.inbox.EventData.text;

import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The rules of a reservation, pure so each has a unit test: what a create body may say (every bad field recorded
 * on one {@link Validation}), whether a coupon may go with it, and how a reservation that cannot be cancelled or
 * booked any more says why.
 */
final class ReservationRules {

    static final Duration HOLD_MAX = Duration.ofDays(90);
    static final long FEE_MAX = 100_000_000;
    static final int NOTES_MAX = 2000;

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    private ReservationRules() {
    }

    /** A create body read: ids parsed, values bounded. Fields left null when absent or refused. */
    record Parsed(UUID contactId, UUID unitId, UUID unitTypeId, String source, Instant heldUntil,
            LocalDate moveInDate, Long licenceFeeMinor, String currency, UUID couponId, UUID dealId, String notes) {
    }

    static Parsed parse(Validation v, CreateReservation body, Instant now) {
        UUID contactId = v.requiredId("contact_id", body.contactId());
        UUID unitId = v.optionalId("unit_id", body.unitId());
        UUID unitTypeId = v.optionalId("unit_type_id", body.unitTypeId());
        if (body.unitId() == null && body.unitTypeId() == null) {
            v.add("unit_id", FieldIssue.REQUIRED);
        }
        v.require("source", body.source()).oneOf("source", body.source(), Reservation.SOURCES);
        Instant heldUntil = heldUntil(v, body.heldUntil(), now);
        LocalDate moveIn = null;
        if (body.moveInDate() != null) {
            moveIn = Dates.parseDate(body.moveInDate()).orElse(null);
            v.check(moveIn == null, "move_in_date", FieldIssue.INVALID);
        }
        v.min("licence_fee_minor", body.licenceFeeMinor(), 0).max("licence_fee_minor", body.licenceFeeMinor(), FEE_MAX)
                .currency("currency", body.currency());
        if (body.licenceFeeMinor() != null && body.currency() == null) {
            v.add("currency", FieldIssue.REQUIRED);
        }
        if (body.currency() != null && body.licenceFeeMinor() == null) {
            v.add("licence_fee_minor", FieldIssue.REQUIRED);
        }
        String currency = body.currency();
        String notes = body.notes() == null || body.notes().isBlank() ? null : body.notes().strip();
        v.maxLength("notes", notes, NOTES_MAX);
        return new Parsed(contactId, unitId, unitTypeId, body.source(), heldUntil, moveIn, body.licenceFeeMinor(),
                currency, v.optionalId("coupon_id", body.couponId()), v.optionalId("deal_id", body.dealId()),
                notes);
    }

    /** RFC 3339, after {@code now} ({@code below_minimum}) and at most 90 days ahead ({@code above_maximum}). */
    static Instant heldUntil(Validation v, String value, Instant now) {
        if (value == null) {
            return null;
        }
        Optional<Instant> parsed = Dates.parseDateTime(value);
        if (parsed.isEmpty()) {
            v.add("held_until", FieldIssue.INVALID);
            return null;
        }
        Instant at = parsed.get();
        v.check(!at.isAfter(now), "held_until", FieldIssue.BELOW_MINIMUM)
                .check(at.isAfter(now.plus(HOLD_MAX)), "held_until", FieldIssue.ABOVE_MAXIMUM);
        return at;
    }

    /** A move-in date is today or later where the site is. */
    static void moveInDate(Validation v, LocalDate moveIn, LocalDate today) {
        v.check(moveIn != null && moveIn.isBefore(today), "move_in_date", FieldIssue.BELOW_MINIMUM);
    }

    /**
     * Whether a catalogue coupon (its REST shape) may go with a reservation at {@code siteId} of
     * {@code unitTypeId} made {@code today}: active, within {@code valid_from}..{@code valid_to}, and applying at
     * that site and unit type (an empty {@code site_ids} or {@code unit_type_ids} is everywhere).
     */
    static boolean couponApplies(JsonNode coupon, LocalDate today, UUID siteId, UUID unitTypeId) {
        if (!"active".equals(text(coupon, "status"))) {
            return false;
        }
        Optional<LocalDate> from = Dates.parseDate(text(coupon, "valid_from"));
        Optional<LocalDate> to = Dates.parseDate(text(coupon, "valid_to"));
        if (from.isPresent() && today.isBefore(from.get()) || to.isPresent() && today.isAfter(to.get())) {
            return false;
        }
        return names(coupon.get("site_ids"), siteId) && names(coupon.get("unit_type_ids"), unitTypeId);
    }

    /** 409: a reservation past its {@code held_until} can no longer be cancelled or booked. */
    static ApiException lapsed(Reservation r) {
        return ApiException.conflict("Reservation " + r.id() + " has already lapsed (at " + WHEN.format(r.heldUntil())
                + "): its hold ran out, so it can no longer be cancelled or booked.");
    }

    /** 409: a reservation that has ended says how; null for an active one. */
    static ApiException ended(Reservation r, String action) {
        switch (r.status()) {
            case Reservation.CANCELLED:
                return ApiException.conflict("Reservation " + r.id() + " was cancelled at "
                        + WHEN.format(r.cancelledAt()) + " and cannot be " + action + ".");
            case Reservation.EXPIRED:
                return ApiException.conflict("Reservation " + r.id() + " expired at " + WHEN.format(r.expiredAt())
                        + " and cannot be " + action + ".");
            case Reservation.CONVERTED:
                return ApiException.conflict("Reservation " + r.id() + " was converted to "
                        + (r.convertedTo() == null ? "a booking" : r.convertedTo().object() + " "
                                + r.convertedTo().id()) + " at " + WHEN.format(r.convertedAt()) + " and cannot be "
                        + action + ".");
            default:
                return null;
        }
    }

    static String format(Instant at) {
        return WHEN.format(at);
    }

    private static boolean names(JsonNode ids, UUID id) {
        if (ids == null || !ids.isArray() || ids.isEmpty()) {
            return true;
        }
        for (JsonNode entry : ids) {
            if (id.toString().equals(entry.asString(""))) {
                return true;
            }
        }
        return false;
    }
}
