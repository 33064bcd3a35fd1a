package com.storageplatform.commerce.holds;

import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Who holds each unit: the one place reservations, orders and agreements take, move, hand over and release a
 * unit. Taking a unit is an insert that a primary key decides, so of two requests racing for a unit exactly one
 * holds it and the other is told who does (409 {@code unit_reserved}); it never reads then writes. Every method
 * runs inside the caller's transaction.
 */
@Component
public class UnitHolds {

    private final HoldRepository holds;
    private final ObjectProvider<LapsedHolds> lapses;
    private final Clock clock;

    UnitHolds(HoldRepository holds, ObjectProvider<LapsedHolds> lapses, Clock clock) {
        this.holds = holds;
        this.lapses = lapses;
        this.clock = clock;
    }

    /**
     * Holds {@code unitId} for {@code holder} and {@code contactId}. When the unit is held by a reservation past
     * its {@code held_until}, that reservation is expired first (staff or a customer acting before the sweep).
     * When a booking (agreement or order) meets the same customer's reservation of the unit, the hold passes to
     * the booking and the reservation's id is answered, for the booking to mark it converted. Otherwise 409
     * {@code unit_reserved} naming the hold.
     *
     * @param unitName the unit's name, for the message of a refusal
     * @return the reservation taken up, if any
     */
    public Mono<Optional<UUID>> take(Caller caller, UUID unitId, Holder holder, UUID contactId, Instant heldUntil,
            String unitName) {
        return attempt(caller, new Hold(unitId, holder, contactId, heldUntil), unitName, true);
    }

    /**
     * 409 {@code unit_reserved} at once when another customer's live hold is on the unit, so that a request that
     * cannot win does not first spend its time (and a connection) asking the catalogue for a price. A read without
     * a lock, an early answer only: {@link #take}'s insert still decides every race.
     *
     * @param holderKind what would hold it ({@link Holder#RESERVATION}, {@link Holder#ORDER}, ...)
     */
    public Mono<Void> refuseIfHeld(Caller caller, UUID unitId, String holderKind, UUID contactId, String unitName) {
        return holds.onUnit(caller.accountId(), unitId)
                .flatMap(existing -> {
                    HoldRules.Outcome outcome = HoldRules.meet(existing, new Holder(holderKind, null), contactId,
                            unitName, clock.instant());
                    return outcome instanceof HoldRules.Refused refused ? Mono.error(refused.error())
                            : Mono.<Void>empty();
                });
    }

    private Mono<Optional<UUID>> attempt(Caller caller, Hold wanted, String unitName, boolean mayExpire) {
        UUID account = caller.accountId();
        return holds.insert(account, wanted, clock.instant()).flatMap(inserted -> {
            if (inserted) {
                return Mono.just(Optional.<UUID>empty());
            }
            return holds.onUnitForUpdate(account, wanted.unitId())
                    // Released between our insert and this read: try once more.
                    .map(existing -> HoldRules.meet(existing, wanted.holder(), wanted.contactId(), unitName,
                            clock.instant()))
                    .flatMap(outcome -> settle(caller, wanted, unitName, mayExpire, outcome))
                    .switchIfEmpty(Mono.defer(() -> mayExpire ? attempt(caller, wanted, unitName, false)
                            : Mono.error(new IllegalStateException("The hold on unit " + wanted.unitId()
                                    + " changed twice during one request"))));
        });
    }

    private Mono<Optional<UUID>> settle(Caller caller, Hold wanted, String unitName, boolean mayExpire,
            HoldRules.Outcome outcome) {
        if (outcome instanceof HoldRules.Same) {
            return Mono.just(Optional.empty());
        }
        if (outcome instanceof HoldRules.Lapsed lapsed) {
            Hold lapsedHold = new Hold(wanted.unitId(), Holder.reservation(lapsed.reservationId()), null, null);
            return !mayExpire ? Mono.error(HoldRules.reserved(lapsedHold, unitName))
                    : lapses.getObject().expire(caller, lapsed.reservationId())
                            .then(Mono.defer(() -> attempt(caller, wanted, unitName, false)));
        }
        if (outcome instanceof HoldRules.TakeUp takeUp) {
            return holds.handOver(caller.accountId(), Holder.reservation(takeUp.reservationId()), wanted.holder(),
                    wanted.contactId()).thenReturn(Optional.of(takeUp.reservationId()));
        }
        return Mono.error(((HoldRules.Refused) outcome).error());
    }

    /** The unit {@code holder} holds, if any. */
    public Mono<Hold> of(Caller caller, Holder holder) {
        return holds.ofHolder(caller.accountId(), holder);
    }

    /** Ends the hold of {@code holder}; nothing when it holds nothing. */
    public Mono<Void> release(Caller caller, Holder holder) {
        return holds.delete(caller.accountId(), holder).then();
    }

    /**
     * Passes the hold of a reservation named by a booking to that booking (the reservation is taken up); false
     * when the reservation holds no unit any more.
     */
    public Mono<Boolean> handOver(Caller caller, Holder from, Holder to, UUID contactId) {
        return holds.handOver(caller.accountId(), from, to, contactId).map(rows -> rows > 0);
    }

    /**
     * Moves {@code holder} to another unit: the new unit is taken exactly as {@link #take} would (409 when held by
     * someone else), then the old hold ends.
     */
    public Mono<Void> move(Caller caller, Holder holder, UUID toUnitId, UUID contactId, Instant heldUntil,
            String unitName) {
        return holds.delete(caller.accountId(), holder)
                .then(take(caller, toUnitId, holder, contactId, heldUntil, unitName))
                .then();
    }

    /** The hold stays, for another customer (a transfer of the agreement's customer). */
    public Mono<Void> changeCustomer(Caller caller, Holder holder, UUID contactId) {
        return holds.changeContact(caller.accountId(), holder, contactId).then();
    }
}
