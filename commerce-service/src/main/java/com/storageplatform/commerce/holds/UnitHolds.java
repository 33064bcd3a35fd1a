package com.storageplatform.commerce.holds;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Who holds each unit: the one place reservations, orders and agreements take, hand over and release a unit. Every
 * method runs inside the caller's transaction.
 *
 * <p>Between new holders the insert decides: the primary key lets exactly one of two requests racing for a unit hold
 * it, and the other is told who does (409 {@code unit_reserved}). A reservation's hold is acted on (expired, taken
 * up, handed over, released) only under the reservation's row lock.
 *
 * <p>Lock order, in every transaction that locks more than one of them: the customer's contact, then the
 * reservation, then the unit's hold (an agreement or order being changed comes before its contact). So a booking
 * locks its customer before the reservation it names, and a cancel, the sweep, a lost deal or a staff read lock
 * the reservation before its hold. A reservation met on a unit is locked without waiting (503 to retry when another
 * request holds it), and a staff list passes over one another request holds.
 */
@Component
public class UnitHolds {

    /**
     * Attempts at taking a unit in one request (a lapsed hold expired, then the unit taken, is two): bounded, so a
     * unit taken and released over and over meanwhile ends the request in 503 to retry.
     */
    private static final int TRIES = 3;

    private final HoldRepository holds;
    private final ObjectProvider<HoldingReservations> reservations;
    private final Clock clock;

    UnitHolds(HoldRepository holds, ObjectProvider<HoldingReservations> reservations, Clock clock) {
        this.holds = holds;
        this.reservations = reservations;
        this.clock = clock;
    }

    /**
     * Holds {@code unitId} for {@code holder} and {@code contactId}. When the unit is held by a reservation past
     * its {@code held_until}, that reservation is expired first (staff or a customer acting before the sweep).
     * When a booking (agreement or order) meets the same customer's reservation of the unit, the hold passes to
     * the booking and the reservation's id is answered, its row locked by the caller's transaction, for the booking
     * to mark it converted. Otherwise 409 {@code unit_reserved} naming the hold. 503 {@code service_unavailable}
     * with {@code Retry-After} when the reservation met is being cancelled, expired or booked by another request at
     * that moment (it is not waited for), or when the unit's hold kept changing while this request tried: a 5xx,
     * so a retry under the same {@code Idempotency-Key} runs again rather than being answered from the store.
     *
     * @param unitName the unit's name, for the message of a refusal
     * @return the reservation taken up, if any
     */
    public Mono<Optional<UUID>> take(Caller caller, UUID unitId, Holder holder, UUID contactId, Instant heldUntil,
            String unitName) {
        return attempt(caller, new Hold(unitId, holder, contactId, heldUntil), unitName, TRIES);
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

    private Mono<Optional<UUID>> attempt(Caller caller, Hold wanted, String unitName, int triesLeft) {
        UUID account = caller.accountId();
        return holds.insert(account, wanted, clock.instant()).flatMap(inserted -> inserted
                ? Mono.just(Optional.<UUID>empty())
                : holds.onUnit(account, wanted.unitId())
                        .flatMap(seen -> meet(caller, wanted, unitName, seen, triesLeft))
                        // Released between our insert and this read.
                        .switchIfEmpty(Mono.defer(() -> again(caller, wanted, unitName, triesLeft))));
    }

    /**
     * The unit is held, as {@code seen} without a lock. A reservation's hold is acted on only once the reservation's
     * row is locked, then its hold row: the order in which a cancel, the sweep or a lost deal lock them, so this and
     * they never wait on each other crosswise. The reservation is locked without waiting, so a request never waits
     * here on a reservation, whatever it already holds.
     */
    private Mono<Optional<UUID>> meet(Caller caller, Hold wanted, String unitName, Hold seen, int triesLeft) {
        HoldRules.Outcome outcome = HoldRules.meet(seen, wanted.holder(), wanted.contactId(), unitName,
                clock.instant());
        if (outcome instanceof HoldRules.Same) {
            return Mono.just(Optional.empty());
        }
        if (outcome instanceof HoldRules.Refused refused) {
            return Mono.error(refused.error());
        }
        UUID reservationId = seen.holder().id();
        return reservations.getObject().lock(caller, reservationId).flatMap(locked -> !locked
                ? Mono.error(HoldRules.reservationBusy(reservationId, unitName))
                : holds.onUnitForUpdate(caller.accountId(), wanted.unitId())
                        .filter(held -> held.holder().equals(seen.holder()))
                        .flatMap(held -> settle(caller, wanted, unitName, held, triesLeft))
                        // The reservation ended (and gave the unit up) before we locked it: look again.
                        .switchIfEmpty(Mono.defer(() -> again(caller, wanted, unitName, triesLeft))));
    }

    /** A reservation's hold, the reservation and the hold row locked: judged again, as time has moved on. */
    private Mono<Optional<UUID>> settle(Caller caller, Hold wanted, String unitName, Hold held, int triesLeft) {
        HoldRules.Outcome outcome = HoldRules.meet(held, wanted.holder(), wanted.contactId(), unitName,
                clock.instant());
        if (outcome instanceof HoldRules.Lapsed lapsed) {
            return reservations.getObject().expire(caller, lapsed.reservationId())
                    .then(Mono.defer(() -> again(caller, wanted, unitName, triesLeft)));
        }
        if (outcome instanceof HoldRules.TakeUp takeUp) {
            return holds.handOver(caller.accountId(), Holder.reservation(takeUp.reservationId()), wanted.holder(),
                    wanted.contactId()).thenReturn(Optional.of(takeUp.reservationId()));
        }
        return outcome instanceof HoldRules.Refused refused ? Mono.error(refused.error())
                : Mono.just(Optional.empty());
    }

    /** Once more, a bounded number of times: a unit taken and released over and over is 503 to retry. */
    private Mono<Optional<UUID>> again(Caller caller, Hold wanted, String unitName, int triesLeft) {
        return triesLeft > 1 ? attempt(caller, wanted, unitName, triesLeft - 1)
                : Mono.error(HoldRules.changing(unitName));
    }

    /**
     * 422 {@code not_allowed} on {@code unit_id}: a booking naming reservation {@code named} (of a unit type) picked
     * a unit that {@link #take} found held by the customer's other reservation {@code met}. One booking takes up one
     * reservation; the hand-over {@code take} made is undone with the booking's transaction.
     */
    public static ApiException twoReservations(String unitName, UUID met, UUID named) {
        return ApiException.invalid("unit_id", FieldIssue.NOT_ALLOWED, "Unit " + unitName + " is held by the "
                + "customer's reservation " + met + " while reservation " + named + " is named: two reserved units "
                + "cannot be taken up in one booking.");
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

    /** The hold stays, for another customer (a transfer of the agreement's customer). */
    public Mono<Void> changeCustomer(Caller caller, Holder holder, UUID contactId) {
        return holds.changeContact(caller.accountId(), holder, contactId).then();
    }
}
