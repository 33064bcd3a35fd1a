package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code PATCH /v1/agreements/{id}}: fee, move-in date, unit, customer, and what each status allows. */
@CommerceTest
class AgreementChangeTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    Fixture f;
    CommerceApi api;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
    }

    static LocalDate today() {
        return LocalDate.now(ZoneId.of("Europe/London"));
    }

    String active() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        f.action(id, "move-in", "{}");
        return id;
    }

    @Test
    void theFeeChangesUntilMoveInAndIsThenAConflict() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(api.updated(f.caller, id, "{\"licence_fee_minor\": 4200}").get("licence_fee_minor").asLong())
                .isEqualTo(4200);
        f.action(id, "sign", "{}");
        assertThat(api.updated(f.caller, id, "{\"licence_fee_minor\": 4300}").get("licence_fee_minor").asLong())
                .isEqualTo(4300);
        f.action(id, "move-in", "{}");
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"licence_fee_minor\": 4400}"), 409))
                .isEqualTo("conflict");
        // The same fee is no change, so no conflict.
        assertThat(api.updated(f.caller, id, "{\"licence_fee_minor\": 4300}").get("licence_fee_minor").asLong())
                .isEqualTo(4300);
        assertThat(api.issues(api.patch(f.caller, id, "{\"licence_fee_minor\": null}")))
                .containsExactly("licence_fee_minor required");
        assertThat(api.issues(api.patch(f.caller, id, "{\"licence_fee_minor\": -5}")))
                .containsExactly("licence_fee_minor below_minimum");
    }

    @Test
    void aChangePublishesAgreementUpdatedAndAPatchThatChangesNothingPublishesNothing() {
        JsonNode booked = f.book(f.customer, f.unit);
        String id = booked.get("id").asString();
        JsonNode same = api.updated(f.caller, id, "{\"licence_fee_minor\": " + booked.get("licence_fee_minor")
                + ", \"unit_id\": \"" + f.unit + "\", \"contact_id\": \"" + f.customer + "\"}");
        assertThat(same).isEqualTo(booked);
        assertThat(api.updated(f.caller, id, "{}")).isEqualTo(booked);
        assertThat(f.eventTypes(id)).containsExactly("agreement.created");
        JsonNode changed = api.updated(f.caller, id, "{\"move_in_date\": \"2031-05-01\"}");
        assertThat(changed.get("move_in_date").asString()).isEqualTo("2031-05-01");
        assertThat(changed.get("updated_at").asString()).isNotEqualTo(booked.get("updated_at").asString());
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.updated");
        assertThat(f.events(id).get(1).path("data").path("move_in_date").asString()).isEqualTo("2031-05-01");
    }

    @Test
    void badValuesAreNamed() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(api.issues(api.patch(f.caller, id, "{\"move_in_date\": \"tomorrow\", \"unit_id\": null, "
                + "\"contact_id\": \"x\", \"coverage_product_id\": \"y\", \"status\": \"active\"}")))
                .containsExactly("status unknown_field");
        assertThat(api.issues(api.patch(f.caller, id, "{\"move_in_date\": \"tomorrow\", \"unit_id\": null, "
                + "\"contact_id\": \"x\", \"coverage_product_id\": \"y\"}"))).containsExactlyInAnyOrder(
                "move_in_date invalid", "unit_id required", "contact_id invalid", "coverage_product_id invalid");
    }

    @Test
    void aNewUnitMovesAQuotesOrDraftsBookingAndHold() {
        String id = f.book(f.customer, f.unit, "\"status\": \"quote\"").get("id").asString();
        UUID other = f.newUnit("A13");
        JsonNode moved = api.updated(f.caller, id, "{\"unit_id\": \"" + other + "\"}");
        assertThat(moved.get("unit_id").asString()).isEqualTo(other.toString());
        assertThat(f.holderOf(other)).isEqualTo("agreement:" + id);
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(f.events(id).get(1).path("data").path("unit_id").asString()).isEqualTo(other.toString());
    }

    @Test
    void movingToAUnitReservedForTheSameCustomerTakesThatReservationUp() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        UUID other = f.newUnit("A13");
        String reservation = f.reserve(f.customer, other, null).get("id").asString();
        api.updated(f.caller, id, "{\"unit_id\": \"" + other + "\"}");
        assertThat(f.holderOf(other)).isEqualTo("agreement:" + id);
        assertThat(f.reservationStatus(reservation)).isEqualTo("converted");
    }

    @Test
    void aNewUnitAtAnotherSiteTakesThatSiteAndType() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        UUID site2 = f.catalogue.site(f.caller, "Ely");
        UUID type2 = f.catalogue.unitType(f.caller, site2, 3000);
        UUID unit2 = f.catalogue.unit(f.caller, site2, type2, "E1");
        JsonNode moved = api.updated(f.caller, id, "{\"unit_id\": \"" + unit2 + "\"}");
        assertThat(moved.get("site_id").asString()).isEqualTo(site2.toString());
        assertThat(moved.get("unit_type_id").asString()).isEqualTo(type2.toString());
        Caller restricted = TestCallers.restrictedTo(f.caller, site2);
        assertThat(api.errorCode(api.patch(restricted, id, "{\"unit_id\": \"" + f.unit + "\"}"), 403))
                .isEqualTo("site_forbidden");
    }

    @Test
    void aSignedActiveOrNoticeGivenAgreementTransfersTheCustomerToTheNewUnit() {
        String id = active();
        UUID other = f.newUnit("A13");
        JsonNode moved = api.updated(f.caller, id, "{\"unit_id\": \"" + other + "\"}");
        assertThat(moved.get("unit_id").asString()).isEqualTo(other.toString());
        assertThat(moved.get("status").asString()).isEqualTo("active");
        assertThat(f.holderOf(other)).isEqualTo("agreement:" + id);
        assertThat(f.holderOf(f.unit)).isNull();
        f.action(id, "give-notice", "{\"end_date\": \"" + today().plusDays(10) + "\"}");
        UUID third = f.newUnit("A14");
        assertThat(api.updated(f.caller, id, "{\"unit_id\": \"" + third + "\"}").get("unit_id").asString())
                .isEqualTo(third.toString());
    }

    @Test
    void aNewUnitHeldBySomeoneElseIsUnitReservedAndNothingMoves() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        UUID other = f.newUnit("A13");
        String theirs = f.book(f.people.customer(f.caller), other).get("id").asString();
        JsonNode refused = api.body(api.patch(f.caller, id, "{\"unit_id\": \"" + other + "\"}").expectStatus()
                .isEqualTo(409));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("unit_reserved");
        assertThat(refused.path("error").path("message").asString()).contains(theirs);
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + id);
        assertThat(api.read(f.caller, id).get("unit_id").asString()).isEqualTo(f.unit.toString());
    }

    @Test
    void aNewUnitThatIsArchivedOutOfServiceOrUnknownIsRefusedSayingWhich() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        UUID archived = f.catalogue.unit(f.caller, f.site, f.type, "X1", "archived", 5000);
        UUID broken = f.catalogue.unit(f.caller, f.site, f.type, "X2", "out_of_service", 5000);
        JsonNode a = api.body(api.patch(f.caller, id, "{\"unit_id\": \"" + archived + "\"}").expectStatus()
                .isEqualTo(409)).path("error");
        assertThat(a.path("code").asString()).isEqualTo("conflict");
        assertThat(a.path("message").asString()).contains("X1").contains("archived");
        JsonNode b = api.body(api.patch(f.caller, id, "{\"unit_id\": \"" + broken + "\"}").expectStatus()
                .isEqualTo(409)).path("error");
        assertThat(b.path("code").asString()).isEqualTo("conflict");
        assertThat(b.path("message").asString()).contains("X2").contains("out of service");
        assertThat(api.issues(api.patch(f.caller, id, "{\"unit_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("unit_id not_found");
        assertThat(api.read(f.caller, id).get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + id);
        assertThat(f.eventTypes(id)).containsExactly("agreement.created");
    }

    @Test
    void aTerminatedAgreementKeepsItsUnitCustomerAndEverythingElse() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "terminate", "{}");
        for (String body : List.of("{\"unit_id\": \"" + f.newUnit("A13") + "\"}",
                "{\"contact_id\": \"" + f.people.customer(f.caller) + "\"}", "{\"licence_fee_minor\": 1}",
                "{\"move_in_date\": \"2031-01-01\"}")) {
            assertThat(api.errorCode(api.patch(f.caller, id, body), 409)).as(body).isEqualTo("conflict");
        }
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.terminated");
    }

    @Test
    void anotherCustomerTakesTheAgreementAndItsHold() {
        String id = active();
        UUID other = f.people.customer(f.caller);
        JsonNode changed = api.updated(f.caller, id, "{\"contact_id\": \"" + other + "\"}");
        assertThat(changed.get("contact_id").asString()).isEqualTo(other.toString());
        String holdContact = db.sql("SELECT contact_id::text FROM unit_holds WHERE account_id = :a AND unit_id = :u")
                .bind("a", f.caller.accountId()).bind("u", f.unit).map(row -> row.get(0, String.class)).one()
                .block();
        assertThat(holdContact).isEqualTo(other.toString());
        assertThat(api.issues(api.patch(f.caller, id, "{\"contact_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("contact_id not_found");
        assertThat(api.issues(api.patch(f.caller, id, "{\"contact_id\": \"" + f.people.walkIn(f.caller) + "\"}")))
                .containsExactly("contact_id not_allowed");
    }

    @Test
    void aMoveInDateMayBeClearedWhenNoCoverStartsOnIt() {
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"2031-01-01\"").get("id").asString();
        assertThat(api.updated(f.caller, id, "{\"move_in_date\": null}").get("move_in_date").isNull()).isTrue();
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.updated");
    }
}
