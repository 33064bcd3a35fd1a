package com.storageplatform.commerce.order;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.CataloguePrices;
import com.storageplatform.commerce.internal.BookableUnits;
import com.storageplatform.commerce.internal.CatalogueRecords;
import com.storageplatform.commerce.internal.CatalogueUnit;
import com.storageplatform.commerce.order.OrderPricing.Priced;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Orders of the caller's account: the online checkout. An order holds its unit while it awaits payment, shows its
 * whole cost (the binding price, {@link OrderPricing}) and is paid through billing ({@link OrderPayments}); paid,
 * it is provisioned as a licence agreement in the same transaction ({@link OrderAgreements}).
 */
@Service
class OrderService {

    private final OrderRepository orders;
    private final OrderQuoting quoting;
    private final OrderEvents events;
    private final OrderPayments payments;
    private final ObjectProvider<OrderReservations> reservations;
    private final ObjectProvider<OrderAgreements> agreements;
    private final Customers customers;
    private final CatalogueRecords records;
    private final BookableUnits units;
    private final CataloguePrices prices;
    private final AccountSettings settings;
    private final UnitHolds holds;
    private final Clock clock;

    OrderService(OrderRepository orders, OrderQuoting quoting, OrderEvents events, OrderPayments payments,
            ObjectProvider<OrderReservations> reservations, ObjectProvider<OrderAgreements> agreements,
            Customers customers, CatalogueRecords records, BookableUnits units, CataloguePrices prices,
            AccountSettings settings, UnitHolds holds, Clock clock) {
        this.orders = orders;
        this.quoting = quoting;
        this.events = events;
        this.payments = payments;
        this.reservations = reservations;
        this.agreements = agreements;
        this.customers = customers;
        this.records = records;
        this.units = units;
        this.prices = prices;
        this.settings = settings;
        this.holds = holds;
        this.clock = clock;
    }

    /** The unit being ordered, where it is and how its fee is taxed. */
    private record Place(CatalogueUnit unit, String vatTreatment, ZoneId zone, LocalDate today) {
    }

    // ---------------------------------------------------------------- create

    Mono<Order> create(Caller caller, CreateOrder body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            UUID unitId = v.optionalId("unit_id", body.unitId());
            UUID reservationId = v.optionalId("reservation_id", body.reservationId());
            if (body.unitId() == null && body.reservationId() == null) {
                v.add("unit_id", FieldIssue.REQUIRED);
            }
            LocalDate moveIn = v.optionalDate("move_in_date", body.moveInDate());
            String source = body.source() == null ? Order.API : body.source();
            v.oneOf("source", source, Order.SOURCES);
            UUID coverId = v.optionalId("coverage_product_id", body.coverageProductId());
            String code = OrderRules.code(body.couponCode());
            v.maxLength("coupon_code", code, 50);
            List<Order.ProductLine> products = OrderRules.products(v, body.products());
            v.orThrow();
            UUID orderId = Ids.newId();
            // The customer is locked before the reservation named, as an agreement does (see UnitHolds).
            return customers.require(caller, contactId, "contact_id")
                    .then(reservationId == null ? Mono.just(Optional.<OrderReservations.Terms>empty())
                            : reservations().forBooking(caller, reservationId, "reservation_id").map(Optional::of))
                    .flatMap(terms -> {
                        UUID unit = unitOfOrder(contactId, unitId, terms);
                        return place(caller, unit, "unit_id").flatMap(place -> {
                            terms.ifPresent(t -> requireOfType(t, place.unit()));
                            LocalDate move = moveInDate(v, moveIn, place.today());
                            v.orThrow();
                            Mono<Void> free = holds.refuseIfHeld(caller, place.unit().id(), Holder.ORDER, contactId,
                                    place.unit().name());
                            return free.then(fee(place.unit(), move, terms))
                                    .flatMap(fee -> settings.of(caller.accountId())
                                    .flatMap(s -> {
                                        // Without a code, the coupon the reservation offered comes with it.
                                        UUID offered = code == null
                                                ? terms.map(OrderReservations.Terms::couponId).orElse(null) : null;
                                        QuoteRequest request = new QuoteRequest(source, place, move, fee.amount(),
                                                fee.currency(), deposit(s, fee.currency()), code, offered, coverId,
                                                products);
                                        return quote(caller, request, v).flatMap(quote -> book(caller, orderId,
                                                contactId, terms, request, quote, fee.fromReservation(), s));
                                    }));
                        });
                    });
        });
    }

    /** The order's unit: the one named, or the one its reservation holds (a unit-type reservation needs one). */
    private static UUID unitOfOrder(UUID contactId, UUID unitId, Optional<OrderReservations.Terms> terms) {
        if (terms.isEmpty()) {
            return unitId;
        }
        OrderReservations.Terms t = terms.get();
        if (t.dealId() != null) {
            throw dealReservation(t.id());
        }
        if (!t.contactId().equals(contactId)) {
            throw ApiException.invalid("reservation_id", FieldIssue.NOT_ALLOWED);
        }
        if (t.unitId() == null) {
            if (unitId == null) {
                throw ApiException.invalid("unit_id", FieldIssue.REQUIRED);
            }
            return unitId;
        }
        if (unitId != null && !unitId.equals(t.unitId())) {
            throw ApiException.invalid("unit_id", FieldIssue.INVALID);
        }
        return t.unitId();
    }

    /** A reservation made for a deal is booked by staff as an agreement, never as an online order. */
    private static ApiException dealReservation(UUID reservationId) {
        return ApiException.conflict("Reservation " + reservationId + " was made for a deal: book it with "
                + "POST /v1/agreements, not as an online order.");
    }

    /** A unit-type reservation books a unit of its type. */
    private static void requireOfType(OrderReservations.Terms t, CatalogueUnit unit) {
        if (t.unitId() == null && !Objects.equals(t.unitTypeId(), unit.unitTypeId())) {
            throw ApiException.invalid("unit_id", FieldIssue.INVALID);
        }
    }

    /**
     * The unit, its site's time zone and its fee's VAT treatment: 422 {@code not_found} when not the account's,
     * 403 outside a restricted caller's sites, 409 when the operator took it out of use.
     */
    private Mono<Place> place(Caller caller, UUID unitId, String field) {
        return units.bookable(caller, unitId, field).flatMap(unit -> {
            Mono<String> vat = records.unitType(caller.accountId(), unit.unitTypeId())
                    .map(type -> type.path("vat_treatment").asString(OrderPricing.STANDARD_20))
                    .defaultIfEmpty(OrderPricing.STANDARD_20);
            return Mono.zip(vat, units.zone(caller.accountId(), unit.siteId())).map(both -> new Place(unit,
                    both.getT1(), both.getT2(), LocalDate.ofInstant(clock.instant(), both.getT2())));
        });
    }

    private static LocalDate moveInDate(Validation v, LocalDate sent, LocalDate today) {
        if (sent == null) {
            return today;
        }
        v.check(sent.isBefore(today), "move_in_date", FieldIssue.BELOW_MINIMUM);
        return sent;
    }

    private record Fee(long amount, String currency, boolean fromReservation) {
    }

    /**
     * The operator's refundable deposit, which is in its default currency: asked only of an order in that currency
     * (it cannot be converted; an order in another currency has no deposit line).
     */
    private static Long deposit(AccountSettings.Settings s, String orderCurrency) {
        return orderCurrency.equals(s.defaultCurrency()) ? s.refundableDepositMinor() : null;
    }

    /** The reservation's fee when the order takes one up, else the catalogue's quote for the unit on the date. */
    private Mono<Fee> fee(CatalogueUnit unit, LocalDate moveIn, Optional<OrderReservations.Terms> terms) {
        if (terms.isPresent()) {
            return Mono.just(new Fee(terms.get().licenceFeeMinor(), terms.get().currency(), true));
        }
        return prices.ofUnit(unit.id(), moveIn)
                .map(price -> new Fee(price.priceMinor(), price.currency(), false))
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("The catalogue has no price for unit "
                        + unit.name() + " on " + moveIn + ".")));
    }

    private record QuoteRequest(String source, Place place, LocalDate moveIn, long fee, String currency,
            Long deposit, String couponCode, UUID keepCouponId, UUID coverageProductId,
            List<Order.ProductLine> products) {

        /** The order takes up a reservation: its fee, and (without a code) the coupon it offered. */
        QuoteRequest withReservation(long newFee, String newCurrency, UUID offeredCoupon) {
            return new QuoteRequest(source, place, moveIn, newFee, newCurrency, deposit, couponCode,
                    couponCode == null && offeredCoupon != null ? offeredCoupon : keepCouponId, coverageProductId,
                    products);
        }
    }

    private Mono<OrderQuoting.Quote> quote(Caller caller, QuoteRequest r, Validation v) {
        CatalogueUnit unit = r.place().unit();
        return quoting.quote(new OrderQuoting.Choices(caller.accountId(), r.source(), unit.siteId(),
                        unit.unitTypeId(), unit.name(), r.place().vatTreatment(), r.moveIn(), r.place().today(),
                        r.fee(), r.currency(), r.deposit(), r.couponCode(), r.keepCouponId(), r.coverageProductId(),
                        r.products()), v)
                .doOnNext(quote -> v.orThrow());
    }

    /**
     * Holds the unit for the order and writes it. A named reservation is converted (its hold handed to the order);
     * the customer's own reservation of the unit met unnamed is taken up and converted, and its fee is the
     * order's. A unit-type reservation named with a unit the customer's other reservation holds is 422
     * {@code not_allowed} on {@code unit_id}, as for an agreement: one booking takes up one reservation.
     */
    private Mono<Order> book(Caller caller, UUID orderId, UUID contactId, Optional<OrderReservations.Terms> terms,
            QuoteRequest request, OrderQuoting.Quote quote, boolean feeFromReservation, AccountSettings.Settings s) {
        CatalogueUnit unit = request.place().unit();
        Holder holder = Holder.order(orderId);
        Mono<TakenUp> held;
        if (terms.isPresent() && terms.get().unitId() != null) {
            held = reservations().convert(caller, terms.get().id(), orderId)
                    .then(Mono.just(new TakenUp(terms.get().id(), request, quote, feeFromReservation)));
        } else {
            held = holds.take(caller, unit.id(), holder, contactId, null, unit.name()).flatMap(taken -> {
                if (terms.isPresent() && taken.isPresent()) {
                    // The unit picked for a unit-type reservation is held by the customer's other reservation.
                    return Mono.error(UnitHolds.twoReservations(unit.name(), taken.get(), terms.get().id()));
                }
                if (terms.isPresent()) {
                    return reservations().convert(caller, terms.get().id(), orderId)
                            .then(Mono.just(new TakenUp(terms.get().id(), request, quote, feeFromReservation)));
                }
                if (taken.isEmpty()) {
                    return Mono.just(new TakenUp(null, request, quote, false));
                }
                UUID reservationId = taken.get();
                // The customer's own reservation of this unit: its price is the order's.
                return reservations().forBooking(caller, reservationId, "unit_id").flatMap(t -> {
                    if (t.dealId() != null) {
                        return Mono.error(dealReservation(t.id()));
                    }
                    // The reservation's fee replaces the catalogue's, asked before the hold was taken: re-priced
                    // from commerce's own records, so nothing waits on the catalogue under these locks.
                    QuoteRequest repriced = request.withReservation(t.licenceFeeMinor(), t.currency(),
                            t.couponId());
                    Validation v = Validation.start();
                    return quote(caller, repriced, v)
                            .flatMap(q -> reservations().convertTakenUp(caller, reservationId, orderId)
                                    .then(Mono.just(new TakenUp(reservationId, repriced, q, true))));
                });
            });
        }
        return held.flatMap(taken -> {
            Instant now = clock.instant();
            Priced p = taken.quote().priced();
            QuoteRequest r = taken.request();
            Order order = new Order(orderId, Order.OBJECT, contactId, unit.siteId(), unit.id(), unit.unitTypeId(),
                    taken.reservationId(), r.moveIn(), r.source(), taken.quote().couponId(),
                    taken.quote().couponCode(), r.coverageProductId(), r.products(), r.currency(), p.lines(),
                    p.subtotalMinor(), p.discountMinor(), p.vatMinor(), p.totalDueTodayMinor(),
                    p.recurringAmountMinor(), p.recurringAmountFrom(), p.recurringDiscountUntil(), p.depositMinor(),
                    now, Order.AWAITING_PAYMENT, null, null, null, null, null, null, now, now);
            StoredOrder stored = new StoredOrder(order, caller.accountId(), caller.operatorId(),
                    caller.environment().value(), r.fee(), taken.feeFromReservation(), order.couponId() != null, p);
            return orders.insert(stored)
                    .then(events.publish(caller, "order.created", order))
                    .then(order.couponId() == null ? Mono.empty()
                            : events.quote(caller, "quote.created", order, OrderEvents.LIVE))
                    .thenReturn(order);
        });
    }

    private record TakenUp(UUID reservationId, QuoteRequest request, OrderQuoting.Quote quote,
            boolean feeFromReservation) {
    }

    private OrderReservations reservations() {
        OrderReservations port = reservations.getIfAvailable();
        if (port == null) {
            throw new IllegalStateException("The reservation feature is not wired to orders");
        }
        return port;
    }

    // ---------------------------------------------------------------- read

    /** 404 when the account has no such order; 403 when it is at a site outside a restricted caller's. */
    Mono<Order> read(Caller caller, UUID id) {
        return orders.find(caller.accountId(), id).switchIfEmpty(notFound())
                .map(stored -> visible(caller, stored).order());
    }

    Mono<Envelopes.ListOf<Order>> list(Caller caller, String status, UUID contactId, UUID siteId, PageRequest page) {
        return Mono.defer(() -> {
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            return orders.list(caller, status, contactId, siteId, page);
        });
    }

    // ---------------------------------------------------------------- update

    /** The order after a {@code PATCH}, and whether it was re-priced. */
    record Updated(Order order, boolean repriced) {
    }

    /**
     * Applies a change of coupon, cover, products or move-in date and re-prices the whole order (the catalogue is
     * asked again for the move-in date's fee, unless the fee is a reservation's). Only while the order awaits
     * payment with nothing in flight (409 otherwise). A request that changes nothing (fields left out, or sent with
     * the order's current values) re-prices nothing: the binding price, {@code priced_at} and the events stay. A
     * re-pricing of an order whose move-in date has passed needs a new one (422, as create refuses a past date).
     */
    Mono<Updated> update(Caller caller, UUID id, OrderChanges c) {
        return orders.findForUpdate(caller.accountId(), id).switchIfEmpty(notFound()).flatMap(stored -> {
            visible(caller, stored);
            Order current = stored.order();
            requireChangeable(current, "changed");
            Validation v = Validation.start();
            String code = c.couponCode() == null ? null : OrderRules.code(c.couponCode().value());
            v.maxLength("coupon_code", code, 50);
            UUID coverId = c.coverageProductId() == null ? current.coverageProductId()
                    : v.optionalId("coverage_product_id", c.coverageProductId().value());
            List<Order.ProductLine> products = c.products() == null ? current.products()
                    : OrderRules.products(v, c.products().value());
            LocalDate moveInSent = null;
            if (c.moveInDate() != null) {
                v.require("move_in_date", c.moveInDate().value());
                moveInSent = v.optionalDate("move_in_date", c.moveInDate().value());
            }
            v.orThrow();
            // A field sent with the order's current value is a field left out.
            boolean couponChanged = Patch.sent(c.couponCode()) && !sameCode(code, current.couponCode());
            LocalDate requestedMoveIn = current.moveInDate().equals(moveInSent) ? null : moveInSent;
            if (!couponChanged && requestedMoveIn == null && Objects.equals(coverId, current.coverageProductId())
                    && products.equals(current.products())) {
                return Mono.just(new Updated(current, false));
            }
            return place(caller, current.unitId(), "unit_id").flatMap(place -> {
                LocalDate moveIn = requestedMoveIn == null ? current.moveInDate()
                        : moveInDate(v, requestedMoveIn, place.today());
                v.orThrow();
                if (moveIn.isBefore(place.today())) {
                    throw moveInPassed(moveIn);
                }
                Mono<Fee> fee = stored.feeFromReservation()
                        ? Mono.just(new Fee(stored.licenceFeeMinor(), current.currency(), true))
                        : fee(place.unit(), moveIn, Optional.empty());
                return fee.flatMap(f -> {
                    requireSameCurrency(current, f, place.unit());
                    QuoteRequest request = new QuoteRequest(current.source(), place, moveIn, f.amount(),
                            f.currency(), current.depositMinor() == 0 ? null : current.depositMinor(),
                            couponChanged ? code : null, couponChanged ? null : current.couponId(), coverId,
                            products);
                    return quote(caller, request, v).flatMap(quote -> {
                        requireCardMinimum(current, quote);
                        return saveRepriced(caller, stored, request, quote, f);
                    });
                });
            });
        });
    }

    /**
     * A re-pricing keeps the order's move-in date unless one is sent; once that date has passed it cannot be priced
     * from (as create refuses a past date): 422 {@code below_minimum} on {@code move_in_date}, asking for a new one.
     */
    private static ApiException moveInPassed(LocalDate moveIn) {
        return ApiException.invalid("move_in_date", FieldIssue.BELOW_MINIMUM, "The order's move-in date " + moveIn
                + " has passed: send a move_in_date from today on with this change.");
    }

    /** Whether the code sent names the coupon the order carries (codes are matched in any case). */
    private static boolean sameCode(String sent, String current) {
        return sent == null ? current == null : sent.equalsIgnoreCase(current);
    }

    /**
     * The order's amounts are in its currency: a fee the catalogue now quotes in another one cannot re-price it
     * (409; the customer can cancel and order again).
     */
    private static void requireSameCurrency(Order current, Fee fee, CatalogueUnit unit) {
        if (!current.currency().equals(fee.currency())) {
            throw ApiException.conflict("The catalogue now prices unit " + unit.name() + " in " + fee.currency()
                    + " and the order is in " + current.currency() + ": it cannot be re-priced; cancel it and "
                    + "order again.");
        }
    }

    /**
     * A storefront order's first card payment must not fall under the card minimum through its coupon: when the
     * re-pricing changes the coupon (a code sent, or an automatic coupon taking over) or what it takes off and
     * leaves less than the minimum, 422 {@code below_minimum} on {@code coupon_code}.
     */
    private static void requireCardMinimum(Order current, OrderQuoting.Quote quote) {
        Priced p = quote.priced();
        boolean throughCoupon = quote.couponId() != null && p.discountMinor() > 0
                && (!quote.couponId().equals(current.couponId()) || p.discountMinor() != current.discountMinor());
        if (Order.STOREFRONT.equals(current.source()) && throughCoupon
                && p.totalDueTodayMinor() < OrderRules.CARD_MINIMUM) {
            throw ApiException.invalid("coupon_code", FieldIssue.BELOW_MINIMUM);
        }
    }

    private Mono<Updated> saveRepriced(Caller caller, StoredOrder stored, QuoteRequest r, OrderQuoting.Quote quote,
            Fee fee) {
        Instant now = clock.instant();
        Order current = stored.order();
        Order chosen = StoredOrder.withChoices(current, r.moveIn(), quote.couponId(), quote.couponCode(),
                r.coverageProductId(), r.products(), current.reservationId());
        Order priced = StoredOrder.priced(chosen, quote.priced(), now);
        boolean couponChanged = !Objects.equals(current.couponId(), priced.couponId());
        StoredOrder next = new StoredOrder(priced, stored.accountId(), stored.operatorId(), stored.environment(),
                fee.amount(), fee.fromReservation(), stored.quoted(), quote.priced());
        Mono<Boolean> quoted = couponChanged ? events.couponChanged(caller, stored, priced)
                : Mono.just(stored.quoted());
        return quoted.flatMap(q -> {
            StoredOrder saved = q ? next.markQuoted() : next;
            return orders.update(saved).then(events.publish(caller, "order.updated", priced));
        }).thenReturn(new Updated(priced, true));
    }

    // ---------------------------------------------------------------- pay

    /**
     * Asks billing for the amount due today, exactly as priced (the binding price: nothing is asked of the
     * catalogue here). {@code succeeded} completes the order at once; {@code pending} and {@code requires_action}
     * leave it awaiting payment with the payment in flight; {@code failed} is recorded on the order, which can be
     * paid again.
     */
    Mono<Order> pay(Caller caller, UUID id, PayOrder body) {
        return orders.findForUpdate(caller.accountId(), id).switchIfEmpty(notFound()).flatMap(stored -> {
            visible(caller, stored);
            Order order = stored.order();
            requireChangeable(order, "paid");
            return settings.of(caller.accountId()).flatMap(s -> {
                Validation v = Validation.start();
                v.require("rail", body.rail()).oneOf("rail", body.rail(), Order.Payment.RAILS);
                v.maxLength("payment_method_id", body.paymentMethodId(), 255)
                        .maxLength("card_token", body.cardToken(), 4096)
                        .maxLength("return_url", body.returnUrl(), 2048);
                String returnUrl = body.returnUrl();
                if (returnUrl != null) {
                    v.check(!OrderRules.returnUrlAllowed(returnUrl, s.publishedWebsiteUrls()), "return_url",
                            FieldIssue.NOT_ALLOWED);
                } else if (s.customerPortalUrl() == null) {
                    v.add("return_url", FieldIssue.REQUIRED);
                } else {
                    returnUrl = s.customerPortalUrl();
                }
                v.orThrow();
                if (order.totalDueTodayMinor() < OrderRules.minimumOf(body.rail())) {
                    throw ApiException.invalid("total_due_today_minor", FieldIssue.BELOW_MINIMUM);
                }
                String back = returnUrl;
                OrderPayments.PaymentRequest request = new OrderPayments.PaymentRequest(body.rail(),
                        order.totalDueTodayMinor(), order.currency(), order.contactId(), order.id(),
                        "Order " + order.id() + ": move-in " + order.moveInDate(), order.lines(),
                        order.depositMinor(), back, body.paymentMethodId(), body.cardToken());
                Mono<OrderPayments.PaymentAnswer> asked = requireProvisionable(caller, order)
                        .then(Mono.defer(() -> payments.pay(request)));
                return asked.flatMap(answer -> {
                    Order.Payment payment = new Order.Payment(answer.id(), body.rail(), status(answer.status()),
                            answer.amountMinor() == null ? order.totalDueTodayMinor() : answer.amountMinor(),
                            answer.nextAction() == null ? null : answer.nextAction().redirectUrl());
                    Order paid = StoredOrder.withPayment(order, payment, back, clock.instant());
                    StoredOrder next = stored.with(paid);
                    if (Order.Payment.SUCCEEDED.equals(payment.status())) {
                        return complete(caller, next);
                    }
                    return orders.update(next).then(events.publish(caller, "order.updated", paid)).thenReturn(paid);
                });
            });
        });
    }

    /**
     * What completing the order will need, checked before billing is asked for the money (a paid order whose
     * agreement cannot be made would roll back with the payment taken): its unit still in use (409, as a booking
     * says), and the cover it carries still offered (409: change or remove it first).
     */
    private Mono<Void> requireProvisionable(Caller caller, Order order) {
        Mono<Void> unit = units.bookable(caller, order.unitId(), "unit_id").then();
        UUID coverId = order.coverageProductId();
        if (coverId == null) {
            return unit;
        }
        return unit.then(records.coverageProduct(caller.accountId(), coverId)
                .filter(product -> OrderRules.coverSellable(product, order.currency()))
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("The cover the order carries (coverage "
                        + "product " + coverId + ") is no longer offered: change or remove it (PATCH "
                        + "coverage_product_id) before paying.")))
                .then());
    }

    /** A status billing answers that commerce does not know is taken as still in flight. */
    private static String status(String answered) {
        return Order.Payment.STATUSES.contains(answered) ? answered : Order.Payment.PENDING;
    }

    /**
     * Paid and provisioned, in one transaction: the agreement is created from the order (the unit's hold passes to
     * it, cover starts), the order is {@code completed} with its {@code agreement_id}; {@code order.completed},
     * and {@code quote.accepted} when it carried a coupon.
     */
    Mono<Order> complete(Caller caller, StoredOrder stored) {
        Order order = stored.order();
        OrderAgreements port = agreements.getIfAvailable();
        if (port == null) {
            return Mono.error(new IllegalStateException("The agreement feature is not wired to orders"));
        }
        OrderAgreements.Booking booking = new OrderAgreements.Booking(order.id(), order.contactId(), order.unitId(),
                order.reservationId(), stored.licenceFeeMinor(), order.currency(), order.moveInDate(),
                order.coverageProductId(), null);
        return port.bookFromOrder(caller, booking).flatMap(agreementId -> {
            Order completed = StoredOrder.withStatus(StoredOrder.withAgreement(order, agreementId), Order.COMPLETED,
                    clock.instant());
            return orders.update(stored.with(completed))
                    .then(events.publish(caller, "order.completed", completed))
                    .then(stored.quoted() ? events.quote(caller, "quote.accepted", completed, OrderEvents.ACCEPTED)
                            : Mono.empty())
                    .thenReturn(completed);
        });
    }

    // ---------------------------------------------------------------- cancel and abandon

    /** Awaiting payment with nothing in flight → {@code cancelled}, hold released; 409 otherwise. */
    Mono<Order> cancel(Caller caller, UUID id) {
        return orders.findForUpdate(caller.accountId(), id).switchIfEmpty(notFound()).flatMap(stored -> {
            visible(caller, stored);
            requireChangeable(stored.order(), "cancelled");
            return end(caller, stored, Order.CANCELLED, "order.cancelled");
        });
    }

    /** Ends an order awaiting payment: hold released, the event, and the quote withdrawn. */
    Mono<Order> end(Caller caller, StoredOrder stored, String status, String eventType) {
        Order ended = StoredOrder.withStatus(stored.order(), status, clock.instant());
        return holds.release(caller, Holder.order(ended.id()))
                .then(orders.update(stored.with(ended)))
                .then(events.publish(caller, eventType, ended))
                .then(stored.quoted() ? events.quote(caller, "quote.withdrawn", ended, OrderEvents.WITHDRAWN)
                        : Mono.empty())
                .thenReturn(ended);
    }

    private static void requireChangeable(Order order, String what) {
        if (!order.awaitingPayment()) {
            throw ApiException.conflict("The order is " + order.status() + ": it can no longer be " + what + ".");
        }
        if (order.paymentInFlight()) {
            throw ApiException.conflict("A payment of the order is in flight (" + order.payment().status()
                    + "): it cannot be " + what + " until billing settles it.");
        }
    }

    private static StoredOrder visible(Caller caller, StoredOrder stored) {
        SiteAccess.require(caller, stored.order().siteId());
        return stored;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("order"));
    }
}
