package com.storageplatform.commerce.holds;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

/** What a request to hold a unit meets when the unit is already held: pure, so each case has a unit test. */
final class HoldRules {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneId.of("UTC"));
    /** Another request's transaction on the same unit or reservation ends within moments. */
    private static final int RETRY_SECONDS = 1;

    /** The outcome of meeting an existing hold. */
    sealed interface Outcome permits Same, Lapsed, TakeUp, Refused {
    }

    /** The holder already holds it (a retried request): nothing to do. */
    record Same() implements Outcome {
    }

    /** A reservation past its {@code held_until}: expire it, then hold. */
    record Lapsed(UUID reservationId) implements Outcome {
    }

    /** The customer's own reservation of this unit: a booking takes it up. */
    record TakeUp(UUID reservationId) implements Outcome {
    }

    record Refused(ApiException error) implements Outcome {
    }

    private HoldRules() {
    }

    static Outcome meet(Hold existing, Holder wanting, UUID contactId, String unitName, Instant now) {
        if (existing.holder().equals(wanting)) {
            return new Same();
        }
        boolean reservation = Holder.RESERVATION.equals(existing.holder().kind());
        if (reservation && existing.lapsedAt(now)) {
            return new Lapsed(existing.holder().id());
        }
        if (reservation && wanting.books() && existing.contactId().equals(contactId)) {
            return new TakeUp(existing.holder().id());
        }
        return new Refused(reserved(existing, contactId, unitName));
    }

    /**
     * 409 {@code unit_reserved}, the message naming the hold and, for a reservation, its date and whether it is
     * the same customer's (who books the unit to take it up) or another's.
     */
    static ApiException reserved(Hold existing, UUID contactId, String unitName) {
        String unit = unit(unitName);
        UUID holder = existing.holder().id();
        String message = switch (existing.holder().kind()) {
            case Holder.RESERVATION -> existing.contactId().equals(contactId)
                    ? unit + " is already reserved for this customer" + until(existing) + " (reservation " + holder
                            + "): book the unit to take that reservation up, or cancel it first."
                    : unit + " is reserved for another customer" + until(existing) + " (reservation " + holder
                            + ").";
            case Holder.ORDER -> unit + " is being booked online (order " + holder + ").";
            default -> unit + " is booked under agreement " + holder + ".";
        };
        return new ApiException(ErrorCode.UNIT_RESERVED, message);
    }

    /**
     * 503 {@code service_unavailable}, {@code Retry-After: 1}: the reservation holding the unit is being cancelled,
     * expired or booked by another request at this moment, so this one gave way and wrote nothing. Not a 409: a 4xx
     * is stored under the request's {@code Idempotency-Key} and replayed to every retry; a 5xx is not, so the same
     * request sent again runs, once the other has finished.
     */
    static ApiException reservationBusy(UUID reservationId, String unitName) {
        return ApiException.busy("Another request is cancelling, expiring or booking reservation " + reservationId
                + ", which holds " + named(unitName) + ", at this moment, so nothing was written.", RETRY_SECONDS);
    }

    /** 503 as {@link #reservationBusy}: other requests took and released the unit again and again meanwhile. */
    static ApiException changing(String unitName) {
        return ApiException.busy("Other requests kept taking and releasing " + named(unitName)
                + " while this one tried to hold it, so nothing was written.", RETRY_SECONDS);
    }

    private static String unit(String unitName) {
        return unitName == null ? "The unit" : "Unit " + unitName;
    }

    private static String named(String unitName) {
        return unitName == null ? "the unit" : "unit " + unitName;
    }

    private static String until(Hold existing) {
        return existing.heldUntil() == null ? "" : " until " + WHEN.format(existing.heldUntil());
    }
}
