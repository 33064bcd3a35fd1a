package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.internal.BookableUnits;
import com.storageplatform.commerce.internal.CataloguePrices;
import com.storageplatform.commerce.internal.CatalogueUnit;
import com.storageplatform.commerce.reservation.ReservationTerms;
import com.storageplatform.commerce.reservation.Reservations;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Booking a unit under a new agreement: which unit, which reservation it takes up (named, or the customer's own
 * reservation of the unit met unnamed), the hold, and the terms left out. Runs inside the request's transaction:
 * a refusal anywhere leaves nothing held and nothing published.
 */
@Component
class AgreementBookings {

    /** What a booking asks for; null fields were left out. */
    record Request(UUID id, UUID contactId, UUID unitId, UUID reservationId, Long licenceFeeMinor, String currency,
            LocalDate moveInDate, String status) {
    }

    /** The reservation a booking took up, and whether it was named. */
    private record TakenUp(ReservationTerms terms, boolean named) {
        static final TakenUp NONE = new TakenUp(null, false);
    }

    private final AgreementRepository agreements;
    private final AgreementEvents events;
    private final BookableUnits units;
    private final CataloguePrices prices;
    private final Customers customers;
    private final UnitHolds holds;
    private final Reservations reservations;
    private final Clock clock;

    AgreementBookings(AgreementRepository agreements, AgreementEvents events, BookableUnits units,
            CataloguePrices prices, Customers customers, UnitHolds holds,
            Reservations reservations, Clock clock) {
        this.agreements = agreements;
        this.events = events;
        this.units = units;
        this.prices = prices;
        this.customers = customers;
        this.holds = holds;
        this.reservations = reservations;
        this.clock = clock;
    }

    /** The customer is locked before the reservation named, as an order does (the lock order of {@link UnitHolds}). */
    Mono<Agreement> book(Caller caller, Request request) {
        Mono<Optional<ReservationTerms>> named = request.reservationId() == null
                ? Mono.just(Optional.empty())
                : reservations.forBooking(caller, request.reservationId(), "reservation_id").map(Optional::of);
        return customers.require(caller, request.contactId(), "contact_id").then(named).flatMap(terms -> {
            UUID unitId = unitOf(request, terms.orElse(null));
            return units.bookable(caller, unitId, "unit_id").flatMap(unit -> {
                terms.ifPresent(t -> fits(t, unit, request.contactId()));
                return hold(caller, request, unit, terms.orElse(null))
                        .flatMap(takenUp -> priced(caller, request, unit, takenUp)
                                .flatMap(agreement -> agreements.insert(caller, agreement)
                                        .then(convert(caller, agreement, takenUp))
                                        .then(events.publish(caller, AgreementEvents.CREATED, agreement))
                                        .thenReturn(agreement)));
            });
        });
    }

    /** The unit booked: the named reservation's own unit, or the one sent. */
    private static UUID unitOf(Request request, ReservationTerms terms) {
        if (terms != null && terms.unitId() != null) {
            if (request.unitId() != null && !request.unitId().equals(terms.unitId())) {
                throw ApiException.invalid("unit_id", FieldIssue.INVALID, "Reservation " + terms.id() + " holds unit "
                        + terms.unitId() + ": book that unit, or leave unit_id out.");
            }
            return terms.unitId();
        }
        if (request.unitId() == null) {
            throw ApiException.invalid("unit_id", FieldIssue.REQUIRED);
        }
        return request.unitId();
    }

    /** A named reservation is the customer's own, and a unit-type reservation is taken up by a unit of its type. */
    private static void fits(ReservationTerms terms, CatalogueUnit unit, UUID contactId) {
        if (!terms.contactId().equals(contactId)) {
            throw ApiException.invalid("reservation_id", FieldIssue.INVALID, "Reservation " + terms.id()
                    + " is held for another customer: it can only be taken up by its own customer.");
        }
        if (terms.unitId() == null && (!unit.unitTypeId().equals(terms.unitTypeId())
                || !unit.siteId().equals(terms.siteId()))) {
            throw ApiException.invalid("unit_id", FieldIssue.INVALID, "Reservation " + terms.id()
                    + " holds a unit of type " + terms.unitTypeId() + " at site " + terms.siteId() + ": unit "
                    + unit.name() + " is not one of them.");
        }
    }

    /**
     * Holds the unit for the agreement. A named reservation of the unit hands its hold over when converted; any
     * other booking takes the unit, which meets the customer's own reservation of it (taken up unnamed), a hold of
     * someone else (409 {@code unit_reserved}) or nothing.
     */
    private Mono<TakenUp> hold(Caller caller, Request request, CatalogueUnit unit,
            ReservationTerms named) {
        if (named != null && named.unitId() != null) {
            return Mono.just(new TakenUp(named, true));
        }
        return holds.take(caller, unit.id(), Holder.agreement(request.id()), request.contactId(), null, unit.name())
                .flatMap(taken -> {
                    if (taken.isEmpty()) {
                        return Mono.just(named == null ? TakenUp.NONE : new TakenUp(named, true));
                    }
                    if (named != null) {
                        return Mono.error(UnitHolds.twoReservations(unit.name(), taken.get(), named.id()));
                    }
                    return reservations.forBooking(caller, taken.get(), "unit_id")
                            .map(terms -> new TakenUp(terms, false));
                });
    }

    /**
     * The agreement with the terms left out filled in: those of the reservation taken up (a move-in date that has
     * passed is today), else today and the catalogue's price of the unit on the move-in date.
     */
    private Mono<Agreement> priced(Caller caller, Request request, CatalogueUnit unit, TakenUp takenUp) {
        ReservationTerms terms = takenUp.terms();
        return units.today(caller, unit.siteId()).flatMap(today -> {
            LocalDate moveIn = request.moveInDate() != null ? request.moveInDate()
                    : terms != null && terms.moveInDate() != null && !terms.moveInDate().isBefore(today)
                            ? terms.moveInDate() : today;
            Mono<CataloguePrices.Price> price = request.licenceFeeMinor() != null
                    ? Mono.just(new CataloguePrices.Price(request.licenceFeeMinor(), request.currency()))
                    : terms != null && terms.currency() != null
                            ? Mono.just(new CataloguePrices.Price(terms.licenceFeeMinor(), terms.currency()))
                            : prices.ofUnit(unit.id(), moveIn).switchIfEmpty(Mono.error(() -> ApiException.invalid(
                                    "licence_fee_minor", FieldIssue.REQUIRED, "The catalogue quotes no price for "
                                            + "unit " + unit.name() + " on " + moveIn
                                            + ": send licence_fee_minor and currency.")));
            Instant now = clock.instant();
            return price.map(p -> new Agreement(request.id(), Agreement.OBJECT, request.contactId(), unit.id(),
                    unit.siteId(), unit.unitTypeId(), terms == null ? null : terms.id(), null, p.priceMinor(),
                    p.currency(), moveIn, null, null, request.status(), null, null, null, Agreement.DRAFTED, null,
                    now, now));
        });
    }

    private Mono<Void> convert(Caller caller, Agreement agreement, TakenUp takenUp) {
        if (takenUp.terms() == null) {
            return Mono.empty();
        }
        Holder booking = Holder.agreement(agreement.id());
        return takenUp.named() ? reservations.convert(caller, takenUp.terms().id(), booking)
                : reservations.convertTakenUp(caller, takenUp.terms().id(), booking);
    }
}
