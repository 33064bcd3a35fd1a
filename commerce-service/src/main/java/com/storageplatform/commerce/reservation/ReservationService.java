package com.storageplatform.commerce.reservation;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.CataloguePrices;
import com.storageplatform.commerce.internal.BookableUnits;
import com.storageplatform.commerce.internal.CatalogueRecords;
import com.storageplatform.commerce.internal.CatalogueUnit;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Reservations of the caller's account: the transactions behind {@code /v1/reservations}, and the one way a
 * reservation's status changes (cancelled, expired, converted), each with its row locked first so that two of
 * them racing (a booking converting it while the sweep expires it) end one way, never both.
 */
@Service
class ReservationService {

    private final ReservationRepository reservations;
    private final ReservationEvents events;
    private final Customers customers;
    private final CatalogueRecords catalogue;
    private final BookableUnits units;
    private final CataloguePrices prices;
    private final AccountSettings settings;
    private final UnitHolds holds;
    private final TransactionalOperator tx;
    private final Clock clock;

    ReservationService(ReservationRepository reservations, ReservationEvents events, Customers customers,
            CatalogueRecords catalogue, BookableUnits units, CataloguePrices prices, AccountSettings settings,
            UnitHolds holds, TransactionalOperator tx, Clock clock) {
        this.reservations = reservations;
        this.events = events;
        this.customers = customers;
        this.catalogue = catalogue;
        this.units = units;
        this.prices = prices;
        this.settings = settings;
        this.holds = holds;
        this.tx = tx;
        this.clock = clock;
    }

    /** What a reservation holds: a unit (then {@code unit} is set) or a unit type at a site. */
    private record Target(UUID siteId, UUID unitTypeId, CatalogueUnit unit, JsonNode unitType) {
        static final Target NONE = new Target(null, null, null, null);

        boolean known() {
            return siteId != null;
        }
    }

    /** Where and when: the site's time zone (else the operator's) and the operator's settings. */
    private record Context(Target target, ZoneId zone, AccountSettings.Settings settings) {
        LocalDate today(Instant now) {
            return now.atZone(zone).toLocalDate();
        }
    }

    Mono<Reservation> create(Caller caller, CreateReservation body) {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            Validation v = Validation.start();
            ReservationRules.Parsed p = ReservationRules.parse(v, body, now);
            return target(caller, v, body, p)
                    .flatMap(target -> contactChecked(caller, v, p).then(context(caller, target)))
                    .flatMap(context -> couponChecked(caller, v, p, context, now).thenReturn(context))
                    .flatMap(context -> {
                        ReservationRules.moveInDate(v, p.moveInDate(), context.today(now));
                        v.orThrow();
                        inUse(context.target());
                        CatalogueUnit unit = context.target().unit();
                        Mono<Void> free = unit == null ? Mono.empty()
                                : holds.refuseIfHeld(caller, unit.id(), Holder.RESERVATION, p.contactId(), unit.name());
                        return free.then(customers.require(caller, p.contactId(), "contact_id"))
                                .then(fee(p, context, now))
                                .flatMap(fee -> hold(caller, p, context, fee, now));
                    });
        });
    }

    /** The unit or unit type named, checked against the caller's sites; 422 issues recorded on {@code v}. */
    private Mono<Target> target(Caller caller, Validation v, CreateReservation body, ReservationRules.Parsed p) {
        UUID account = caller.accountId();
        if (body.unitId() != null) {
            if (p.unitId() == null) {
                return Mono.just(Target.NONE);
            }
            return catalogue.unit(account, p.unitId()).map(unit -> {
                SiteAccess.require(caller, unit.siteId());
                v.check(p.unitTypeId() != null && !p.unitTypeId().equals(unit.unitTypeId()), "unit_type_id",
                        FieldIssue.INVALID);
                return new Target(unit.siteId(), unit.unitTypeId(), unit, null);
            }).switchIfEmpty(Mono.fromSupplier(() -> {
                v.add("unit_id", FieldIssue.NOT_FOUND);
                return Target.NONE;
            }));
        }
        if (p.unitTypeId() == null) {
            return Mono.just(Target.NONE);
        }
        return catalogue.unitType(account, p.unitTypeId()).mapNotNull(type -> {
            UUID site = Ids.parse(type.path("site_id").asString("")).orElse(null);
            if (site == null) {
                return null;        // not a unit type the catalogue described whole: as if unknown
            }
            SiteAccess.require(caller, site);
            return new Target(site, p.unitTypeId(), null, type);
        }).switchIfEmpty(Mono.fromSupplier(() -> {
            v.add("unit_type_id", FieldIssue.NOT_FOUND);
            return Target.NONE;
        }));
    }

    /** The customer's 422 ({@code not_found}, the walk-in record {@code not_allowed}) joins the others. */
    private Mono<Void> contactChecked(Caller caller, Validation v, ReservationRules.Parsed p) {
        if (p.contactId() == null) {
            return Mono.empty();
        }
        return customers.find(caller, p.contactId(), "contact_id").then()
                .onErrorResume(ApiException.class, refused -> {
                    if (refused.code() != ErrorCode.VALIDATION_ERROR) {
                        return Mono.error(refused);
                    }
                    refused.details().forEach(issue -> v.add(issue.field(), issue.issue()));
                    return Mono.empty();
                });
    }

    private Mono<Context> context(Caller caller, Target target) {
        return settings.of(caller.accountId()).flatMap(operator -> (target.known()
                ? units.zone(caller.accountId(), target.siteId()) : Mono.just(operator.timezone()))
                .map(zone -> new Context(target, zone, operator)));
    }

    private Mono<Void> couponChecked(Caller caller, Validation v, ReservationRules.Parsed p, Context context,
            Instant now) {
        if (p.couponId() == null) {
            return Mono.empty();
        }
        return catalogue.coupon(caller.accountId(), p.couponId())
                .doOnNext(coupon -> v.check(context.target().known() && !ReservationRules.couponApplies(coupon,
                        context.today(now), context.target().siteId(), context.target().unitTypeId()),
                        "coupon_id", FieldIssue.NOT_ALLOWED))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("coupon_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    /** 409 when the operator took the unit (or unit type) out of use, saying which. */
    private static void inUse(Target target) {
        if (target.unit() != null && target.unit().outOfUse()) {
            throw target.unit().outOfUseConflict("reserved");
        }
        if (target.unitType() != null && "archived".equals(target.unitType().path("status").asString(""))) {
            throw ApiException.conflict("Unit type " + target.unitType().path("name").asString(
                    target.unitTypeId().toString()) + " is archived: it cannot be reserved.");
        }
    }

    /** The fee sent, else the catalogue's price for the unit or unit type on the move-in date (else today). */
    private Mono<CataloguePrices.Price> fee(ReservationRules.Parsed p, Context context, Instant now) {
        if (p.licenceFeeMinor() != null) {
            return Mono.just(new CataloguePrices.Price(p.licenceFeeMinor(), p.currency()));
        }
        LocalDate on = p.moveInDate() != null ? p.moveInDate() : context.today(now);
        Target target = context.target();
        Mono<CataloguePrices.Price> quote = target.unit() != null ? prices.ofUnit(target.unit().id(), on)
                : prices.ofUnitType(target.unitTypeId(), on);
        return quote.switchIfEmpty(Mono.error(() -> ApiException.invalid("licence_fee_minor", FieldIssue.REQUIRED,
                "The catalogue has no price for this " + (target.unit() != null ? "unit" : "unit type") + " on " + on
                        + ": send licence_fee_minor and currency.")));
    }

    /** Takes the unit (409 {@code unit_reserved} when someone else holds it), then records the reservation. */
    private Mono<Reservation> hold(Caller caller, ReservationRules.Parsed p, Context context,
            CataloguePrices.Price fee, Instant now) {
        Target target = context.target();
        Instant heldUntil = p.heldUntil() != null ? p.heldUntil()
                : now.plus(Duration.ofDays(context.settings().reservationHoldDays()));
        Reservation reservation = new Reservation(Ids.newId(), Reservation.OBJECT, p.contactId(), target.siteId(),
                target.unit() == null ? null : target.unit().id(), target.unitTypeId(), p.source(),
                Reservation.ACTIVE, heldUntil, p.moveInDate(), fee.priceMinor(), fee.currency(), p.couponId(),
                p.dealId(), p.notes(), null, null, null, null, null, now, now);
        Mono<Void> held = target.unit() == null ? Mono.empty()
                : holds.take(caller, target.unit().id(), Holder.reservation(reservation.id()), p.contactId(),
                        heldUntil, target.unit().name()).then();
        return held.then(reservations.insert(caller, reservation))
                .then(events.publish(caller, ReservationEvents.CREATED, reservation))
                .thenReturn(reservation);
    }

    /**
     * 404 when the account has no such reservation; 403 for a site-restricted caller when it is at another site.
     * A member of staff reading a lapsed active reservation expires it at once (the sweep's effects).
     */
    Mono<Reservation> read(Caller caller, UUID id) {
        return reservations.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("reservation")))
                .flatMap(stored -> {
                    Reservation r = visible(caller, stored.reservation());
                    // Ended meanwhile (a booking converted it): answered as it now is.
                    return staffSeesLapsed(caller, r) ? tx.transactional(expireIfLapsed(caller, id)
                            .switchIfEmpty(reservations.find(caller.accountId(), id).map(Stored::reservation)))
                            : Mono.just(r);
                });
    }

    /**
     * A page of the account's reservations. A member of staff sees a lapsed active reservation expired: the status
     * filter counts it as {@code expired}, and those on the page are expired in this request (the sweep's effects)
     * and shown so, in place, so the page stays {@code limit} long but for a row another request changed at that
     * moment.
     */
    Mono<Envelopes.ListOf<Reservation>> list(Caller caller, ReservationRepository.Filters filters,
            PageRequest page) {
        return Mono.defer(() -> {
            if (filters.siteId() != null) {
                SiteAccess.require(caller, filters.siteId());
            }
            Instant lapsedBy = caller.actorType() == ActorType.STAFF ? clock.instant() : null;
            return reservations.list(caller, filters, page, lapsedBy).flatMap(listed -> lapsedBy == null
                    ? Mono.just(listed) : expiredInPlace(caller, listed, filters.status(), lapsedBy));
        });
    }

    /**
     * Expires the page's lapsed rows and shows each as it now is. A row another request holds at that moment (a
     * booking converting it) is passed over, as the sweep passes it over, and shown as it was read: a list that
     * waited for it while holding the hold row of one it expired could deadlock with that booking. A row whose status
     * no longer matches the {@code status} filter (converted meanwhile, or passed over and still {@code active} under
     * {@code ?status=expired}) is left out: the page is then shorter, and the cursor still follows the rows read.
     */
    private Mono<Envelopes.ListOf<Reservation>> expiredInPlace(Caller caller, Envelopes.ListOf<Reservation> listed,
            String status, Instant lapsedBy) {
        List<UUID> lapsed = listed.data().stream().filter(r -> r.lapsedAt(lapsedBy)).map(Reservation::id).toList();
        if (lapsed.isEmpty()) {
            return Mono.just(listed);
        }
        Mono<Map<UUID, Reservation>> now = Flux.fromIterable(lapsed)
                .concatMap(id -> reservations.findForUpdateUnlessLocked(caller.accountId(), id)
                        .flatMap(stored -> stored.reservation().lapsedAt(clock.instant())
                                ? expireNow(caller, stored.reservation()) : Mono.just(stored.reservation())))
                .collectMap(Reservation::id);
        return tx.transactional(now).map(current -> new Envelopes.ListOf<>(listed.data().stream()
                .map(r -> current.getOrDefault(r.id(), r))
                .filter(r -> status == null || status.equals(r.status()))
                .toList(), listed.meta()));
    }

    /**
     * {@code active} before {@code held_until} → {@code cancelled}, hold released, {@code reservation.cancelled}.
     * Already cancelled: answered unchanged. Lapsed, expired or converted: 409 saying so, nothing changes.
     */
    Mono<Reservation> cancel(Caller caller, UUID id) {
        return reservations.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("reservation")))
                .flatMap(stored -> {
                    Reservation r = visible(caller, stored.reservation());
                    if (Reservation.CANCELLED.equals(r.status())) {
                        return Mono.just(r);
                    }
                    ApiException ended = ReservationRules.ended(r, "cancelled");
                    if (ended != null) {
                        return Mono.error(ended);
                    }
                    if (r.lapsedAt(clock.instant())) {
                        return Mono.error(ReservationRules.lapsed(r));
                    }
                    return cancelNow(caller, r, Reservation.REQUESTED);
                });
    }

    /** Ends an active reservation as cancelled, for {@code reason}: the row must be locked by the caller. */
    Mono<Reservation> cancelNow(Caller caller, Reservation r, String reason) {
        Reservation cancelled = r.cancelled(reason, clock.instant());
        return holds.release(caller, Holder.reservation(r.id()))
                .then(reservations.updateStatus(caller.accountId(), cancelled))
                .then(events.publish(caller, ReservationEvents.CANCELLED, cancelled))
                .thenReturn(cancelled);
    }

    /** Locks the reservation and expires it when it is active past its {@code held_until}; empty otherwise. */
    Mono<Reservation> expireIfLapsed(Caller caller, UUID id) {
        return reservations.findForUpdate(caller.accountId(), id)
                .filter(stored -> stored.reservation().lapsedAt(clock.instant()))
                .flatMap(stored -> expireNow(caller, stored.reservation()));
    }

    /** Ends an active reservation as expired: the row must be locked by the caller. */
    Mono<Reservation> expireNow(Caller caller, Reservation r) {
        Reservation expired = r.expired(clock.instant());
        return holds.release(caller, Holder.reservation(r.id()))
                .then(reservations.updateStatus(caller.accountId(), expired))
                .then(events.publish(caller, ReservationEvents.EXPIRED, expired))
                .thenReturn(expired);
    }

    private boolean staffSeesLapsed(Caller caller, Reservation r) {
        return caller.actorType() == ActorType.STAFF && r.lapsedAt(clock.instant());
    }

    /** A site-restricted caller sees only reservations at its sites (403 otherwise). */
    static Reservation visible(Caller caller, Reservation r) {
        SiteAccess.require(caller, r.siteId());
        return r;
    }
}
