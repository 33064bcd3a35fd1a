package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@link Agreements#bookFromOrder}: the agreement a completed online order becomes, as orders will call it. */
@CommerceTest
class AgreementsFromOrderTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Agreements agreements;

    @Autowired
    UnitHolds holds;

    @Autowired
    com.storageplatform.commerce.reservation.Reservations reservations;

    @Autowired
    TransactionalOperator transaction;

    Fixture f;
    CommerceApi api;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
    }

    Agreement book(OrderBooking booking) {
        return transaction.transactional(agreements.bookFromOrder(f.caller, booking)).block();
    }

    UUID orderHolding(UUID unit) {
        UUID order = Ids.newId();
        transaction.transactional(holds.take(f.caller, unit, Holder.order(order), f.customer,
                Instant.now().plusSeconds(3600), "A12")).block();
        return order;
    }

    @Test
    void anOrderBecomesADraftAgreementThatTakesTheOrdersHoldOverWithItsCover() {
        UUID order = orderHolding(f.unit);
        UUID product = f.coverageProduct("fixed_level", "active", Map.of());
        LocalDate move = LocalDate.now().plusDays(3);
        Agreement agreement = book(new OrderBooking(order, f.customer, f.unit, null, 4750, "GBP", move, product,
                null));
        assertThat(agreement.status()).isEqualTo(Agreement.DRAFT);
        assertThat(agreement.orderId()).isEqualTo(order);
        assertThat(agreement.reservationId()).isNull();
        assertThat(agreement.licenceFeeMinor()).isEqualTo(4750);
        assertThat(agreement.moveInDate()).isEqualTo(move);
        assertThat(agreement.siteId()).isEqualTo(f.site);
        assertThat(agreement.cover().coverageProductId()).isEqualTo(product);
        assertThat(agreement.cover().coverMinor()).isNull();
        assertThat(agreement.cover().currency()).isEqualTo("GBP");
        assertThat(agreement.cover().startsOn()).isEqualTo(move);
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.id());
        assertThat(f.eventTypes(agreement.id().toString())).containsExactly("agreement.created");
        assertThat(f.eventTypes(agreement.cover().id().toString())).containsExactly("cover.started");
        JsonNode read = api.read(f.caller, agreement.id().toString());
        assertThat(read.get("order_id").asString()).isEqualTo(order.toString());
        assertThat(read.get("cover").get("cover_minor").isNull()).isTrue();
    }

    @Test
    void theSameOrderBooksOnce() {
        UUID order = orderHolding(f.unit);
        OrderBooking booking = new OrderBooking(order, f.customer, f.unit, null, 4750, "GBP", LocalDate.now(), null,
                null);
        Agreement first = book(booking);
        Agreement again = book(booking);
        assertThat(again.id()).isEqualTo(first.id());
        assertThat(f.eventTypes(first.id().toString())).containsExactly("agreement.created");
    }

    @Test
    void anAgreementRecordsTheReservationItsOrderTookUpWithoutConvertingItAgain() {
        String reservation = f.reserve(f.customer, f.unit, null).get("id").asString();
        UUID order = Ids.newId();
        // The order took the reservation up when it was created: converted to the order, its hold the order's.
        transaction.transactional(reservations.convert(f.caller, UUID.fromString(reservation), Holder.order(order)))
                .block();
        Agreement agreement = book(new OrderBooking(order, f.customer, f.unit, UUID.fromString(reservation),
                4750, "GBP", LocalDate.now(), null, null));
        assertThat(agreement.reservationId().toString()).isEqualTo(reservation);
        assertThat(f.reservationStatus(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.id());
    }

    @Test
    void aUnitSomeoneElseHoldsIsNotBookedAndNothingIsWritten() {
        String theirs = f.book(f.people.customer(f.caller), f.unit).get("id").asString();
        UUID order = Ids.newId();
        assertThatThrownBy(() -> book(new OrderBooking(order, f.customer, f.unit, null, 4750, "GBP",
                LocalDate.now(), null, null)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getMessage()).contains(theirs));
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + theirs);
        assertThat(api.listedIds(f.caller, "")).containsExactly(theirs);
    }

    @Test
    void aPaidOrderIsBookedOnItsTermsEvenWhenItsUnitAndCoverCanNoLongerBeSold() {
        UUID unit = f.catalogue.unit(f.caller, f.site, f.type, "B7", "out_of_service", 5000);
        UUID order = orderHolding(unit);
        UUID inactive = f.coverageProduct("fixed_level", "inactive", Map.of());
        LocalDate move = LocalDate.now().plusDays(3);
        Agreement agreement = book(new OrderBooking(order, f.customer, unit, null, 4750, "GBP", move, inactive,
                null));
        assertThat(agreement.unitId()).isEqualTo(unit);
        assertThat(agreement.licenceFeeMinor()).isEqualTo(4750);
        assertThat(agreement.cover().coverageProductId()).isEqualTo(inactive);
        assertThat(agreement.cover().startsOn()).isEqualTo(move);
        assertThat(f.holderOf(unit)).isEqualTo("agreement:" + agreement.id());

        UUID archived = f.catalogue.unit(f.caller, f.site, f.type, "B8", "archived", 5000);
        UUID another = orderHolding(archived);
        assertThat(book(new OrderBooking(another, f.customer, archived, null, 4750, "GBP", move, null, null))
                .unitId()).isEqualTo(archived);
    }

    @Test
    void aPaidOrderIsStillNotBookedForTheWalkInRecord() {
        UUID order = orderHolding(f.unit);
        assertThatThrownBy(() -> book(new OrderBooking(order, f.people.walkIn(f.caller), f.unit, null, 4750, "GBP",
                LocalDate.now(), null, null)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details().get(0).issue())
                        .isEqualTo("not_allowed"));
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + order);
    }

    @Test
    void aPaidOrderKeepsTheCoverItSoldWhateverBecameOfItsProduct() {
        LocalDate move = LocalDate.now().plusDays(3);
        // Since the order was priced, its product was repriced per thousand (an order declares no amount), put in
        // another currency, or deleted: the cover is the order's all the same.
        UUID perThousand = f.coverageProduct("per_thousand", "active", Map.of("rate_per_thousand_minor", 150,
                "max_cover_minor", 100_000));
        UUID inEuros = f.coverageProduct("fixed_level", "active", Map.of("currency", "EUR"));
        UUID deleted = f.coverageProduct("fixed_level", "active", Map.of());
        f.catalogue.publish(f.caller, "coverage_product.deleted", Map.of("id", deleted.toString(),
                "object", "coverage_product", "deleted", true, "updated_at", Instant.now().toString()));
        int n = 0;
        for (UUID product : List.of(perThousand, inEuros, deleted)) {
            UUID unit = f.catalogue.unit(f.caller, f.site, f.type, "P" + n++, "available", 5000);
            Agreement agreement = book(new OrderBooking(orderHolding(unit), f.customer, unit, null, 4750, "GBP",
                    move, product, null));
            assertThat(agreement.cover().coverageProductId()).isEqualTo(product);
            assertThat(agreement.cover().coverMinor()).isNull();
            assertThat(agreement.cover().currency()).isEqualTo("GBP");
            assertThat(agreement.cover().startsOn()).isEqualTo(move);
            assertThat(f.eventTypes(agreement.cover().id().toString())).containsExactly("cover.started");
        }
    }
}
