package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Booking takes reservations up: named, unnamed, of a unit type; their terms; two in one booking is refused. */
@CommerceTest
class AgreementReservationTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    Fixture f;
    CommerceApi api;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    LocalDate today() {
        return LocalDate.now(clock.withZone(ZoneId.of("Europe/London")));
    }

    @Test
    void aNamedReservationBooksItsUnitOnItsTermsAndIsConverted() {
        String move = today().plusDays(10).toString();
        String reservation = f.reserve(f.customer, f.unit, "\"licence_fee_minor\": 3100, \"currency\": \"GBP\", "
                + "\"move_in_date\": \"" + move + "\"").get("id").asString();
        JsonNode agreement = api.create(f.caller, "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \""
                + reservation + "\"}");
        assertThat(agreement.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(agreement.get("reservation_id").asString()).isEqualTo(reservation);
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(3100);
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(move);
        assertThat(f.reservationStatus(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.get("id").asString());
        assertThat(f.eventTypes(reservation)).contains("reservation.converted");
        assertThat(f.events(agreement.get("id").asString()).get(0).path("data").path("reservation_id").asString())
                .isEqualTo(reservation);
    }

    @Test
    void termsSentWinOverTheReservations() {
        String reservation = f.reserve(f.customer, f.unit, "\"licence_fee_minor\": 3100, \"currency\": \"GBP\"")
                .get("id").asString();
        JsonNode agreement = f.book(f.customer, f.unit, "\"reservation_id\": \"" + reservation + "\", "
                + "\"licence_fee_minor\": 2000, \"currency\": \"GBP\", \"move_in_date\": \"2031-03-01\"");
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(2000);
        assertThat(agreement.get("move_in_date").asString()).isEqualTo("2031-03-01");
    }

    @Test
    void aReservationsMoveInDateThatHasPassedBecomesToday() {
        String reservation = f.reserve(f.customer, f.unit, "\"move_in_date\": \"" + today().plusDays(1) + "\"")
                .get("id").asString();
        clock.setOffset(Duration.ofDays(3));
        JsonNode agreement = f.book(f.customer, f.unit, "\"reservation_id\": \"" + reservation + "\"");
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(today().toString());
    }

    @Test
    void aDifferentUnitFromTheNamedReservationsIsInvalid() {
        String reservation = f.reserve(f.customer, f.unit, null).get("id").asString();
        UUID other = f.newUnit("A13");
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, other),
                "\"reservation_id\": \"" + reservation + "\"")))).containsExactly("unit_id invalid");
        assertThat(f.reservationStatus(reservation)).isEqualTo("active");
        assertThat(f.holderOf(other)).isNull();
    }

    @Test
    void aReservationOfAnotherCustomerCannotBeNamed() {
        String reservation = f.reserve(f.people.customer(f.caller), f.unit, null).get("id").asString();
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"reservation_id\": \"" + reservation + "\"")))).containsExactly("reservation_id invalid");
        assertThat(f.reservationStatus(reservation)).isEqualTo("active");
    }

    @Test
    void anUnknownOrEndedReservationIsRefused() {
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"reservation_id\": \"" + com.storageplatform.kit.id.Ids.newId() + "\""))))
                .containsExactly("reservation_id not_found");
        String reservation = f.reserve(f.customer, f.unit, null).get("id").asString();
        f.reservations.action(f.caller, reservation, "cancel", "{}").expectStatus().isOk();
        assertThat(api.errorCode(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"reservation_id\": \"" + reservation + "\"")), 409)).isEqualTo("conflict");
    }

    @Test
    void bookingTheUnitReservedForTheSameCustomerTakesTheReservationUpUnnamed() {
        String move = today().plusDays(5).toString();
        String reservation = f.reserve(f.customer, f.unit, "\"licence_fee_minor\": 2900, \"currency\": \"GBP\", "
                + "\"move_in_date\": \"" + move + "\"").get("id").asString();
        JsonNode agreement = f.book(f.customer, f.unit);
        assertThat(agreement.get("reservation_id").asString()).isEqualTo(reservation);
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(2900);
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(move);
        assertThat(f.reservationStatus(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.get("id").asString());
    }

    @Test
    void aUnitTypeReservationIsTakenUpByAUnitOfThatTypeAtItsSiteOnTheReservationsTerms() {
        String move = today().plusDays(10).toString();
        String reservation = f.reserveType(f.customer, "\"licence_fee_minor\": 3300, \"currency\": \"GBP\", "
                + "\"move_in_date\": \"" + move + "\"").get("id").asString();
        JsonNode agreement = f.book(f.customer, f.unit, "\"reservation_id\": \"" + reservation + "\"");
        assertThat(agreement.get("reservation_id").asString()).isEqualTo(reservation);
        // The price the customer was offered, not the catalogue's 5000 for the unit (docs: decisions).
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(3300);
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(move);
        assertThat(f.reservationStatus(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement.get("id").asString());
    }

    @Test
    void aUnitTypeReservationNeedsAUnitOfThatTypeAtItsSite() {
        String reservation = f.reserveType(f.customer, null).get("id").asString();
        UUID otherType = f.catalogue.unitType(f.caller, f.site, 9000);
        UUID big = f.catalogue.unit(f.caller, f.site, otherType, "BIG");
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, big),
                "\"reservation_id\": \"" + reservation + "\"")))).containsExactly("unit_id invalid");
        assertThat(api.issues(api.post(f.caller, "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \""
                + reservation + "\"}"))).containsExactly("unit_id required");
        assertThat(f.reservationStatus(reservation)).isEqualTo("active");
    }

    @Test
    void twoReservedUnitsInOneBookingAreRefused() {
        String ofType = f.reserveType(f.customer, null).get("id").asString();
        String ofUnit = f.reserve(f.customer, f.unit, null).get("id").asString();
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"reservation_id\": \"" + ofType + "\"")))).containsExactly("unit_id not_allowed");
        assertThat(f.reservationStatus(ofType)).isEqualTo("active");
        assertThat(f.reservationStatus(ofUnit)).isEqualTo("active");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + ofUnit);
    }
}
