package com.storageplatform.commerce.holds;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What a request for a held unit meets, one case per rule. */
class HoldRulesTest {

    static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    final UUID unit = Ids.newId();
    final UUID ada = Ids.newId();
    final UUID grace = Ids.newId();

    @Test
    void theSameHolderAskingAgainChangesNothing() {
        Holder reservation = Holder.reservation(Ids.newId());
        Hold held = new Hold(unit, reservation, ada, NOW.plusSeconds(60));
        assertThat(HoldRules.meet(held, reservation, ada, "A1", NOW)).isInstanceOf(HoldRules.Same.class);
    }

    @Test
    void aReservationPastItsHeldUntilGivesWay() {
        Hold held = new Hold(unit, Holder.reservation(Ids.newId()), grace, NOW);
        assertThat(HoldRules.meet(held, Holder.agreement(Ids.newId()), ada, "A1", NOW))
                .isEqualTo(new HoldRules.Lapsed(held.holder().id()));
    }

    @Test
    void aBookingTakesUpTheSameCustomersReservation() {
        Hold held = new Hold(unit, Holder.reservation(Ids.newId()), ada, NOW.plusSeconds(60));
        assertThat(HoldRules.meet(held, Holder.agreement(Ids.newId()), ada, "A1", NOW))
                .isEqualTo(new HoldRules.TakeUp(held.holder().id()));
        assertThat(HoldRules.meet(held, Holder.order(Ids.newId()), ada, "A1", NOW))
                .isEqualTo(new HoldRules.TakeUp(held.holder().id()));
    }

    @Test
    void aSecondReservationOfTheSameCustomerIsRefusedSayingTheUnitIsAlreadyTheirs() {
        Hold held = new Hold(unit, Holder.reservation(Ids.newId()), ada, Instant.parse("2026-12-08T09:30:00Z"));
        HoldRules.Outcome outcome = HoldRules.meet(held, Holder.reservation(Ids.newId()), ada, "A1", NOW);
        assertThat(outcome).isInstanceOf(HoldRules.Refused.class);
        var error = ((HoldRules.Refused) outcome).error();
        assertThat(error.code()).isEqualTo(ErrorCode.UNIT_RESERVED);
        assertThat(error.getMessage()).isEqualTo("Unit A1 is already reserved for this customer until 2026-12-08 "
                + "09:30 UTC (reservation " + held.holder().id() + "): book the unit to take that reservation up, "
                + "or cancel it first.");
    }

    @Test
    void anotherCustomersHoldIsUnitReservedNamingTheHoldAndItsDate() {
        Hold held = new Hold(unit, Holder.reservation(Ids.newId()), grace, Instant.parse("2026-12-08T09:30:00Z"));
        HoldRules.Outcome outcome = HoldRules.meet(held, Holder.agreement(Ids.newId()), ada, "A12", NOW);
        assertThat(outcome).isInstanceOf(HoldRules.Refused.class);
        var error = ((HoldRules.Refused) outcome).error();
        assertThat(error.code()).isEqualTo(ErrorCode.UNIT_RESERVED);
        assertThat(error.getMessage()).isEqualTo("Unit A12 is reserved for another customer until 2026-12-08 09:30 UTC"
                + " (reservation " + held.holder().id() + ").");
    }

    @Test
    void aUnitBeingBookedOnlineOrLetIsSaidSo() {
        Hold order = new Hold(unit, Holder.order(Ids.newId()), grace, null);
        assertThat(((HoldRules.Refused) HoldRules.meet(order, Holder.reservation(Ids.newId()), ada, "A1", NOW))
                .error().getMessage()).contains("being booked online", order.holder().id().toString());
        Hold agreement = new Hold(unit, Holder.agreement(Ids.newId()), ada, null);
        assertThat(((HoldRules.Refused) HoldRules.meet(agreement, Holder.agreement(Ids.newId()), ada, "A1", NOW))
                .error().getMessage()).contains("agreement " + agreement.holder().id());
    }

    @Test
    void aReservationBeingChangedOrAHoldThatKeepsChangingIs503ToRetrySoAnIdempotencyKeyDoesNotReplayIt() {
        UUID reservation = Ids.newId();
        var busy = HoldRules.reservationBusy(reservation, "A1");
        assertThat(busy.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(busy.status().value()).isEqualTo(503);
        assertThat(busy.headers()).containsEntry("Retry-After", "1");
        assertThat(busy.getMessage()).isEqualTo("Another request is cancelling, expiring or booking reservation "
                + reservation + ", which holds unit A1, at this moment, so nothing was written. Retry the request "
                + "after 1 second.");
        var changing = HoldRules.changing("A1");
        assertThat(changing.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(changing.headers()).containsEntry("Retry-After", "1");
        assertThat(changing.getMessage()).isEqualTo("Other requests kept taking and releasing unit A1 while this "
                + "one tried to hold it, so nothing was written. Retry the request after 1 second.");
    }
}
