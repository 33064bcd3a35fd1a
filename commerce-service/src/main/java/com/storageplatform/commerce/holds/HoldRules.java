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
        return new Refused(reserved(existing, unitName));
    }

    /** 409 {@code unit_reserved}, the message naming the hold and, for a reservation, its date. */
    static ApiException reserved(Hold existing, String unitName) {
        String unit = unitName == null ? "The unit" : "Unit " + unitName;
        String message = switch (existing.holder().kind()) {
            case Holder.RESERVATION -> unit + " is reserved for another customer until "
                    + WHEN.format(existing.heldUntil() == null ? Instant.EPOCH : existing.heldUntil())
                    + " (reservation " + existing.holder().id() + ").";
            case Holder.ORDER -> unit + " is being booked online (order " + existing.holder().id() + ").";
            default -> unit + " is booked under agreement " + existing.holder().id() + ".";
        };
        if (Holder.RESERVATION.equals(existing.holder().kind()) && existing.heldUntil() == null) {
            message = unit + " is reserved for another customer (reservation " + existing.holder().id() + ").";
        }
        return new ApiException(ErrorCode.UNIT_RESERVED, message);
    }
}
