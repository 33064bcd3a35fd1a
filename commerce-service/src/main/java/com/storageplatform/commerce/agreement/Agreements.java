package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.internal.BookableUnits;
import com.storageplatform.commerce.internal.CatalogueUnit;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.reservation.Reservations;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The agreement feature's public class: what other features of commerce (orders) may ask of it. Runs inside the
 * caller's transaction.
 */
@Component
public class Agreements {

    private static final Logger log = LoggerFactory.getLogger(Agreements.class);

    private final AgreementRepository agreements;
    private final AgreementEvents events;
    private final BookableUnits units;
    private final AgreementCovers covers;
    private final Customers customers;
    private final UnitHolds holds;
    private final Reservations reservations;
    private final Clock clock;

    Agreements(AgreementRepository agreements, AgreementEvents events, BookableUnits units, AgreementCovers covers,
            Customers customers, UnitHolds holds, Reservations reservations, Clock clock) {
        this.agreements = agreements;
        this.events = events;
        this.units = units;
        this.covers = covers;
        this.customers = customers;
        this.holds = holds;
        this.reservations = reservations;
        this.clock = clock;
    }

    /**
     * The agreement a completed online order becomes: {@code draft}, {@code order_id} set, on the order's terms.
     * The unit's hold passes from the order to the agreement (or, when the order named a reservation, the
     * reservation is converted and its hold handed over); the cover chosen at checkout starts. Publishes
     * {@code agreement.created} (and {@code cover.started}). Called again for the same order, it answers the
     * agreement already made and changes nothing.
     *
     * <p>The order is paid, so it is provisioned even when, since it was priced, the operator archived its unit or
     * took it out of service, or changed or deleted its coverage product: the cover is the order's (its product,
     * amount and currency), never judged again. What changed is logged (WARN, once committed) for staff, who can
     * transfer the agreement to another unit or change its cover. Everything else is judged as for any booking.
     *
     * @throws com.storageplatform.kit.web.ApiException 422 when the unit or customer is not the account's (or the
     *         customer is the walk-in record), 409 {@code unit_reserved} when the order no longer held the unit
     *         and someone else does
     */
    public Mono<Agreement> bookFromOrder(Caller caller, OrderBooking booking) {
        return agreements.ofOrder(caller.accountId(), booking.orderId())
                .switchIfEmpty(Mono.defer(() -> book(caller, booking)));
    }

    /** The agreement {@code id} of the caller's account, if any (no site check: for features acting on it). */
    public Mono<Agreement> find(Caller caller, UUID id) {
        return agreements.find(caller.accountId(), id);
    }

    /**
     * Whether {@code m} can be brought in, without writing anything: its customer a contact of the account (not
     * the walk-in record), its unit bookable and held by no one else, and its move-in date not after today at the
     * unit's site (a migrated customer has moved in). The refusals are those of a booking: 422 on
     * {@code contact_id}, {@code unit_id} or {@code move_in_date}, 409 {@code conflict} or {@code unit_reserved}.
     */
    public Mono<CatalogueUnit> checkMigrated(Caller caller, MigratedAgreement m) {
        return customers.find(caller, m.contactId(), "contact_id")
                .then(units.bookable(caller, m.unitId(), "unit_id"))
                .flatMap(unit -> holds.refuseIfHeld(caller, unit.id(), Holder.AGREEMENT, m.contactId(), unit.name())
                        .then(units.today(caller, unit.siteId()))
                        .flatMap(today -> m.moveInDate().isAfter(today)
                                ? Mono.error(ApiException.invalid("move_in_date", FieldIssue.ABOVE_MAXIMUM,
                                        "A migrated customer has moved in: the move-in date cannot be after today ("
                                                + today + ") at the unit's site."))
                                : Mono.just(unit)));
    }

    /**
     * Brings in {@code m} as the lifecycle would have made it: the unit held for the agreement (the customer's own
     * reservation of it taken up), then the agreement {@code active}, signed and moved in at the start of its
     * move-in date in the site's time zone, access {@code signed} (never held for an ID check: the customer has
     * been using the unit). Publishes what booking, signing and moving in publish, in that order, each with the
     * agreement as it was at that step: {@code agreement.created} (draft), {@code agreement.activated} (public
     * {@code agreement.signed}, pending move-in) and {@code agreement.updated} (active). No cover is taken out and
     * no billing plan started (a subscription is {@code POST /v1/subscriptions}). Runs in the caller's transaction;
     * refuses as {@link #checkMigrated}.
     */
    public Mono<Agreement> importActive(Caller caller, MigratedAgreement m) {
        Holder holder = Holder.agreement(m.id());
        return checkMigrated(caller, m)
                .flatMap(unit -> customers.require(caller, m.contactId(), "contact_id")
                        .then(holds.take(caller, unit.id(), holder, m.contactId(), null, unit.name()))
                        .flatMap(met -> met.isPresent()
                                ? reservations.convertTakenUp(caller, met.get(), holder).thenReturn(met)
                                : Mono.just(met))
                        .zipWith(units.zone(caller.accountId(), unit.siteId()))
                        .flatMap(t -> {
                            Instant now = clock.instant();
                            Instant movedIn = m.moveInDate().atStartOfDay(t.getT2()).toInstant();
                            Agreement draft = new Agreement(m.id(), Agreement.OBJECT, m.contactId(), unit.id(),
                                    unit.siteId(), unit.unitTypeId(), t.getT1().orElse(null), null,
                                    m.licenceFeeMinor(), m.currency(), m.moveInDate(), null, null, Agreement.DRAFT,
                                    null, null, null, Agreement.DRAFTED, null, now, now);
                            Agreement signed = draft.with().status(Agreement.PENDING_MOVE_IN).signedAt(movedIn)
                                    .accessStatus(Agreement.SIGNED).build();
                            Agreement active = signed.with().status(Agreement.ACTIVE).movedInAt(movedIn).build();
                            return agreements.insert(caller, active)
                                    .then(events.publish(caller, AgreementEvents.CREATED, draft))
                                    .then(events.publish(caller, AgreementEvents.ACTIVATED, signed))
                                    .then(events.publish(caller, AgreementEvents.UPDATED, active))
                                    .thenReturn(active);
                        }));
    }

    private Mono<Agreement> book(Caller caller, OrderBooking b) {
        UUID id = Ids.newId();
        Holder agreement = Holder.agreement(id);
        return units.unit(caller, b.unitId(), "unit_id").flatMap(unit -> customers
                .require(caller, b.contactId(), "contact_id")
                .then(holds.handOver(caller, Holder.order(b.orderId()), agreement, b.contactId()))
                .flatMap(handedOver -> {
                    // The order held the unit: its hold passes on. Otherwise take the unit as any booking would.
                    Mono<Optional<UUID>> taken = handedOver ? Mono.just(Optional.<UUID>empty())
                            : holds.take(caller, unit.id(), agreement, b.contactId(), null, unit.name())
                                    .flatMap(met -> met.isPresent()
                                            ? reservations.convertTakenUp(caller, met.get(), agreement).thenReturn(met)
                                            : Mono.just(Optional.<UUID>empty()));
                    // A reservation the order took up was converted to the order when it was created: the
                    // agreement records it as the reservation it took up, without converting it again.
                    return b.reservationId() == null ? taken : taken.thenReturn(Optional.of(b.reservationId()));
                })
                .flatMap(reservation -> units.today(caller, unit.siteId()).flatMap(today -> {
                    // Read only to tell staff what changed since the order was priced (never to refuse it).
                    Mono<Optional<CoverRules.Product>> product = b.coverageProductId() == null
                            ? Mono.just(Optional.empty()) : covers.current(caller, b.coverageProductId());
                    return product.flatMap(chosen -> {
                        Optional<Cover> started = Optional.ofNullable(b.coverageProductId()).map(productId ->
                                AgreementCovers.paid(productId, b.coverMinor(), b.currency(), b.moveInDate(), today));
                        Instant now = clock.instant();
                        Agreement made = new Agreement(id, Agreement.OBJECT, b.contactId(), unit.id(),
                                unit.siteId(), unit.unitTypeId(),
                                reservation.orElse(null), b.orderId(),
                                b.licenceFeeMinor(), b.currency(),
                                b.moveInDate() == null ? today : b.moveInDate(), null, null,
                                Agreement.DRAFT, null, null, null, Agreement.DRAFTED, started.orElse(null),
                                now, now);
                        Mono<Void> coverStarted = started.isEmpty() ? Mono.empty()
                                : events.cover(caller, AgreementEvents.COVER_STARTED, made, started.get());
                        return agreements.insert(caller, made)
                                .then(events.publish(caller, AgreementEvents.CREATED, made))
                                .then(coverStarted)
                                .then(AfterCommit.run(() -> warnIfNoLongerSold(b, made, unit, chosen)))
                                .thenReturn(made);
                    });
                })));
    }

    /**
     * A paid order provisioned although what it sold could no longer be sold (the product decision: the customer
     * paid the binding price, and the order's hold kept the unit for them): said once the agreement is written,
     * for staff to follow up.
     */
    private static void warnIfNoLongerSold(OrderBooking b, Agreement made, CatalogueUnit unit,
            Optional<CoverRules.Product> product) {
        List<String> changed = new ArrayList<>();
        if (unit.outOfUse()) {
            changed.add("its unit " + unit.name() + " (" + unit.id() + ") is now " + unit.status());
        }
        if (b.coverageProductId() != null && product.isEmpty()) {
            changed.add("its coverage product " + b.coverageProductId() + " was deleted");
        }
        product.filter(p -> !CoverRules.isOffered(p, b.currency()) || p.perThousand()).ifPresent(p -> changed.add(
                "its coverage product " + p.id() + " is no longer offered as sold (status " + p.status()
                        + ", currency " + p.currency() + ", pricing " + p.pricingMode() + ")"));
        if (!changed.isEmpty()) {
            log.warn("Order {} was paid, so agreement {} is made on the order's terms although, since the order was "
                    + "priced, {}: staff can transfer it to another unit (PATCH unit_id) or change its cover",
                    b.orderId(), made.id(), String.join(" and ", changed));
        }
    }
}
