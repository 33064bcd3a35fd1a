package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CataloguePeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.testsupport.openapi.OpenApiContract;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/agreements}: booking without a reservation, reads, lists, the lifecycle actions, sites and tenants. */
@CommerceTest
class AgreementTest {

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

    /** The agreement's fields as docs/api/commerce.md lists them, in the order they are written. */
    static final List<String> FIELDS = List.of("id", "object", "contact_id", "unit_id", "site_id", "unit_type_id",
            "reservation_id", "order_id", "licence_fee_minor", "currency", "move_in_date", "notice_date", "end_date",
            "status", "signed_at", "moved_in_at", "terminated_at", "access_status", "cover", "created_at",
            "updated_at");
    static final List<String> COVER_FIELDS = List.of("id", "coverage_product_id", "cover_minor", "currency",
            "starts_on", "ends_on");

    static LocalDate today() {
        return LocalDate.now(ZoneId.of("Europe/London"));
    }

    @Test
    void anAgreementBooksTheUnitAtTheCataloguesPriceFromTodayAsADraft() {
        JsonNode agreement = f.book(f.customer, f.unit);
        assertThat(agreement.get("object").asString()).isEqualTo("agreement");
        assertThat(agreement.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(agreement.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(agreement.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(agreement.get("unit_type_id").asString()).isEqualTo(f.type.toString());
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(5000);
        assertThat(agreement.get("currency").asString()).isEqualTo("GBP");
        assertThat(agreement.get("move_in_date").asString()).isEqualTo(today().toString());
        assertThat(agreement.get("status").asString()).isEqualTo("draft");
        assertThat(agreement.get("access_status").asString()).isEqualTo("drafted");
        for (String empty : List.of("reservation_id", "order_id", "notice_date", "end_date", "signed_at",
                "moved_in_at", "terminated_at", "cover")) {
            assertThat(agreement.get(empty).isNull()).as(empty).isTrue();
        }
        assertThat(agreement.get("created_at").asString()).endsWith("Z");
        String id = agreement.get("id").asString();
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + id);
        assertThat(api.read(f.caller, id)).isEqualTo(agreement);
        JsonNode created = f.events(id).get(0);
        assertThat(created.get("type").asString()).isEqualTo("agreement.created");
        for (String field : List.of("id", "object", "unit_id", "reservation_id", "status")) {
            assertThat(created.get("data").get(field)).as(field).isEqualTo(agreement.get(field));
        }
    }

    @Test
    void anAgreementItsEventsAndItsDescriptionCarryExactlyTheDocumentedFields() {
        UUID product = f.coverageProduct("fixed_level", "active", Map.of());
        String id = f.book(f.customer, f.unit).get("id").asString();
        JsonNode covered = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + product + "\"}");
        assertThat(covered.propertyNames()).containsExactlyElementsOf(FIELDS);
        assertThat(covered.get("cover").propertyNames()).containsExactlyElementsOf(COVER_FIELDS);
        f.action(id, "sign", "{}");
        JsonNode terminated = f.action(id, "terminate", "{}");
        assertThat(terminated.propertyNames()).containsExactlyElementsOf(FIELDS);
        assertThat(api.read(f.caller, id).propertyNames()).containsExactlyElementsOf(FIELDS);
        List<JsonNode> events = f.events(id);
        assertThat(events).extracting(event -> event.get("type").asString()).containsExactly("agreement.created",
                "agreement.updated", "agreement.activated", "agreement.terminated");
        for (JsonNode event : events) {
            assertThat(event.get("data").propertyNames()).as(event.get("type").asString())
                    .containsExactlyElementsOf(FIELDS);
        }
        JsonNode schemas = json.readTree(OpenApiContract.document(client)).path("components").path("schemas");
        assertThat(schemas.path("Agreement").path("properties").propertyNames())
                .containsExactlyInAnyOrderElementsOf(FIELDS);
        assertThat(schemas.path("Cover").path("properties").propertyNames())
                .containsExactlyInAnyOrderElementsOf(COVER_FIELDS);
    }

    @Test
    void theDescriptionOfABookingRequiresOnlyTheCustomerAndOffersOnlyTheStatusesItCanBeCreatedIn() {
        JsonNode create = json.readTree(OpenApiContract.document(client)).path("components").path("schemas")
                .path("CreateAgreement");
        assertThat(create.path("required").valueStream().map(JsonNode::asString)).containsExactly("contact_id");
        assertThat(create.path("properties").path("status").path("enum").valueStream().map(JsonNode::asString))
                .containsExactly("quote", "draft");
        assertThat(create.path("properties").path("unit_id").path("description").asString())
                .contains("reservation_id");
    }

    @Test
    void theFeeAndMoveInDateSentAreKeptAndAQuoteMayBeCreated() {
        JsonNode agreement = f.book(f.customer, f.unit, "\"licence_fee_minor\": 3900, \"currency\": \"EUR\", "
                + "\"move_in_date\": \"2030-01-15\", \"status\": \"quote\"");
        assertThat(agreement.get("licence_fee_minor").asLong()).isEqualTo(3900);
        assertThat(agreement.get("currency").asString()).isEqualTo("EUR");
        assertThat(agreement.get("move_in_date").asString()).isEqualTo("2030-01-15");
        assertThat(agreement.get("status").asString()).isEqualTo("quote");
    }

    @Test
    void theCatalogueIsAskedForThePriceOnTheMoveInDate() {
        f.book(f.customer, f.unit, "\"move_in_date\": \"2030-02-01\"");
        assertThat(CataloguePeer.requests()).anyMatch(r -> r.contains("unit_id=" + f.unit)
                && r.contains("date=2030-02-01"));
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        assertThat(api.issues(api.post(f.caller, "{}"))).containsExactlyInAnyOrder("contact_id required",
                "unit_id required");
        assertThat(api.issues(api.post(f.caller, "{\"contact_id\": \"x\", \"unit_id\": \"" + f.unit
                + "\", \"reservation_id\": \"nope\", \"licence_fee_minor\": -1, \"currency\": \"XX\", "
                + "\"move_in_date\": \"2030-02-30\", \"status\": \"active\"}")))
                .containsExactlyInAnyOrder("contact_id invalid", "reservation_id invalid",
                        "licence_fee_minor below_minimum", "currency invalid", "move_in_date invalid",
                        "status invalid");
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"licence_fee_minor\": 100")))).containsExactly("currency required");
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"currency\": \"GBP\"")))).containsExactly("licence_fee_minor required");
        assertThat(api.issues(api.post(f.caller, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"lease\": true")))).containsExactly("lease unknown_field");
        assertThat(f.holderOf(f.unit)).isNull();
    }

    @Test
    void theCustomerAndUnitMustBeTheAccounts() {
        assertThat(api.issues(api.post(f.caller, Fixture.body(Ids.newId(), f.unit))))
                .containsExactly("contact_id not_found");
        assertThat(api.issues(api.post(f.caller, Fixture.body(f.customer, Ids.newId()))))
                .containsExactly("unit_id not_found");
        assertThat(api.issues(api.post(f.caller, Fixture.body(f.people.walkIn(f.caller), f.unit))))
                .containsExactly("contact_id not_allowed");
        Fixture other = new Fixture(client, json, db);
        assertThat(api.issues(api.post(f.caller, Fixture.body(other.customer, f.unit))))
                .containsExactly("contact_id not_found");
        assertThat(api.issues(api.post(f.caller, Fixture.body(f.customer, other.unit))))
                .containsExactly("unit_id not_found");
        assertThat(f.holderOf(f.unit)).isNull();
    }

    @Test
    void anArchivedCustomerWhoBooksIsUnarchived() {
        UUID archived = f.people.archivedCustomer(f.caller);
        f.book(archived, f.unit);
        assertThat(f.people.status(f.caller, archived)).isEqualTo("active");
        assertThat(f.eventTypes(archived.toString())).contains("contact.unarchived");
    }

    @Test
    void anArchivedOrOutOfServiceUnitIsAConflictSayingWhich() {
        UUID archived = f.catalogue.unit(f.caller, f.site, f.type, "B1", "archived", 5000);
        UUID broken = f.catalogue.unit(f.caller, f.site, f.type, "B2", "out_of_service", 5000);
        JsonNode a = api.body(api.post(f.caller, Fixture.body(f.customer, archived)).expectStatus().isEqualTo(409));
        assertThat(a.path("error").path("code").asString()).isEqualTo("conflict");
        assertThat(a.path("error").path("message").asString()).contains("B1").contains("archived");
        JsonNode b = api.body(api.post(f.caller, Fixture.body(f.customer, broken)).expectStatus().isEqualTo(409));
        assertThat(b.path("error").path("message").asString()).contains("B2").contains("out of service");
    }

    @Test
    void aUnitBookedByAnotherAgreementIsUnitReservedNamingTheHold() {
        String first = f.book(f.customer, f.unit).get("id").asString();
        JsonNode refused = api.body(api.post(f.caller, Fixture.body(f.people.customer(f.caller), f.unit))
                .expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("unit_reserved");
        assertThat(refused.path("error").path("message").asString()).contains(first);
    }

    @Test
    void aUnitReservedForAnotherCustomerIsUnitReservedNamingTheReservationAndItsDate() {
        String reservation = f.reserve(f.people.customer(f.caller), f.unit, null).get("id").asString();
        JsonNode refused = api.body(api.post(f.caller, Fixture.body(f.customer, f.unit))
                .expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("unit_reserved");
        assertThat(refused.path("error").path("message").asString()).contains(reservation).contains("UTC");
    }

    @Test
    void withoutAPriceFromTheCatalogueTheFeeMustBeSent() {
        // A unit the catalogue quotes no price for.
        UUID unpriced = Ids.newId();
        java.util.Map<String, Object> unit = new java.util.HashMap<>(java.util.Map.of("id", unpriced.toString(),
                "object", "unit", "site_id", f.site.toString(), "unit_type_id", f.type.toString(), "name", "C1",
                "status", "available", "updated_at", java.time.Instant.now().toString()));
        f.catalogue.publish(f.caller, "unit.created", unit);
        assertThat(api.issues(api.post(f.caller, Fixture.body(f.customer, unpriced))))
                .containsExactly("licence_fee_minor required");
        assertThat(f.holderOf(unpriced)).isNull();
    }

    @Test
    void aCallerWithoutUnitsReadCannotLeaveThePriceToTheCatalogue() {
        Caller narrow = TestCallers.apiCaller(f.caller.accountId(), "agreements:read", "agreements:write");
        assertThat(api.errorCode(api.post(narrow, Fixture.body(f.customer, f.unit)), 403))
                .isEqualTo("insufficient_scope");
        JsonNode priced = api.create(narrow, Fixture.with(Fixture.body(f.customer, f.unit),
                "\"licence_fee_minor\": 4000, \"currency\": \"GBP\""));
        assertThat(priced.get("licence_fee_minor").asLong()).isEqualTo(4000);
    }

    @Test
    void anotherAccountsAgreementIsNotFound() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        Fixture other = new Fixture(client, json, db);
        assertThat(api.errorCode(api.get(other.caller, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(other.caller, id, "sign", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(other.caller, id, "{\"licence_fee_minor\": 1}"), 404))
                .isEqualTo("not_found");
        assertThat(api.errorCode(api.get(f.caller, "/not-an-id"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(other.caller, "")).doesNotContain(id);
    }

    @Test
    void listsAreNewestFirstAndFilterByStatusContactAndSite() {
        UUID otherCustomer = f.people.customer(f.caller);
        String a = f.book(f.customer, f.unit).get("id").asString();
        String b = f.book(otherCustomer, f.newUnit("L2"), "\"status\": \"quote\"").get("id").asString();
        UUID site2 = f.catalogue.site(f.caller, "Ely");
        UUID type2 = f.catalogue.unitType(f.caller, site2, 3000);
        String c = f.book(f.customer, f.catalogue.unit(f.caller, site2, type2, "E1")).get("id").asString();
        assertThat(api.listedIds(f.caller, "")).containsExactly(c, b, a);
        assertThat(api.listedIds(f.caller, "?status=quote")).containsExactly(b);
        assertThat(api.listedIds(f.caller, "?contact_id=" + f.customer)).containsExactly(c, a);
        assertThat(api.listedIds(f.caller, "?site_id=" + site2)).containsExactly(c);
        assertThat(api.listedIds(f.caller, "?limit=2")).containsExactly(c, b);
        JsonNode page = api.list(f.caller, "?limit=2");
        String next = page.path("meta").path("cursor").path("next").asString();
        assertThat(api.listedIds(f.caller, "?limit=2&cursor=" + next)).containsExactly(a);
        assertThat(api.issues(api.get(f.caller, "?status=signed"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(f.caller, "?contact_id=nope"), 400)).containsExactly("contact_id invalid");
        assertThat(api.issues(api.get(f.caller, "?site_id=nope"), 400)).containsExactly("site_id invalid");
    }

    @Test
    void aSiteRestrictedCallerSeesAndBooksOnlyItsSites() {
        UUID site2 = f.catalogue.site(f.caller, "Ely");
        UUID type2 = f.catalogue.unitType(f.caller, site2, 3000);
        UUID unit2 = f.catalogue.unit(f.caller, site2, type2, "E1");
        String here = f.book(f.customer, f.unit).get("id").asString();
        String there = f.book(f.customer, unit2).get("id").asString();
        Caller restricted = TestCallers.restrictedTo(f.caller, f.site);
        assertThat(api.listedIds(restricted, "")).containsExactly(here);
        assertThat(api.listedIds(restricted, "?contact_id=" + f.customer)).containsExactly(here);
        assertThat(api.errorCode(api.get(restricted, "?site_id=" + site2), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/" + there), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.action(restricted, there, "sign", "{}"), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, Fixture.body(f.customer, f.catalogue.unit(f.caller, site2,
                type2, "E2"))), 403)).isEqualTo("site_forbidden");
        assertThat(api.read(restricted, here).get("id").asString()).isEqualTo(here);
    }

    @Test
    void signingMovingInGivingNoticeAndTerminatingFollowTheLifecycle() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        JsonNode signed = f.action(id, "sign", "{}");
        assertThat(signed.get("status").asString()).isEqualTo("pending_move_in");
        assertThat(signed.get("access_status").asString()).isEqualTo("signed");
        assertThat(signed.get("signed_at").asString()).endsWith("Z");
        JsonNode active = f.action(id, "move-in", "{}");
        assertThat(active.get("status").asString()).isEqualTo("active");
        assertThat(active.get("moved_in_at").isNull()).isFalse();
        String end = today().plusDays(30).toString();
        JsonNode notice = f.action(id, "give-notice", "{\"end_date\": \"" + end + "\"}");
        assertThat(notice.get("status").asString()).isEqualTo("notice_given");
        assertThat(notice.get("notice_date").asString()).isEqualTo(today().toString());
        assertThat(notice.get("end_date").asString()).isEqualTo(end);
        JsonNode terminated = f.action(id, "terminate", "{}");
        assertThat(terminated.get("status").asString()).isEqualTo("terminated");
        assertThat(terminated.get("end_date").asString()).isEqualTo(today().toString());
        assertThat(terminated.get("terminated_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated",
                "agreement.updated", "agreement.updated", "agreement.terminated");
        JsonNode moveInEvent = f.events(id).get(2);
        assertThat(moveInEvent.path("data").path("status").asString()).isEqualTo("active");
        // The unit is free again.
        f.book(f.people.customer(f.caller), f.unit);
    }

    @Test
    void anActionFromAStateItCannotLeaveThatWayIsAnInvalidTransition() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertInvalidTransition(api.action(f.caller, id, "move-in", "{}"));
        assertInvalidTransition(api.action(f.caller, id, "give-notice", "{\"end_date\": \"2099-01-01\"}"));
        f.action(id, "sign", "{}");
        assertInvalidTransition(api.action(f.caller, id, "sign", "{}"));
        f.action(id, "terminate", "{}");
        assertInvalidTransition(api.action(f.caller, id, "terminate", "{}"));
        assertInvalidTransition(api.action(f.caller, id, "move-in", "{}"));
        // Signed exactly once.
        assertThat(f.eventTypes(id).stream().filter("agreement.activated"::equals)).hasSize(1);
    }

    @Test
    void aQuoteOrDraftCanBeTerminatedWithoutEverBeingSigned() {
        String id = f.book(f.customer, f.unit, "\"status\": \"quote\"").get("id").asString();
        assertThat(f.action(id, "terminate", "{}").get("status").asString()).isEqualTo("terminated");
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.terminated");
    }

    @Test
    void noticeNeedsAnEndDateNotBeforeToday() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        f.action(id, "move-in", "{}");
        assertThat(api.issues(api.action(f.caller, id, "give-notice", "{}"))).containsExactly("end_date required");
        assertThat(api.issues(api.action(f.caller, id, "give-notice", "{\"end_date\": \"soon\"}")))
                .containsExactly("end_date invalid");
        assertThat(api.issues(api.action(f.caller, id, "give-notice", "{\"end_date\": \""
                + today().minusDays(1) + "\"}"))).containsExactly("end_date below_minimum");
        assertThat(f.action(id, "give-notice", "{\"end_date\": \"" + today() + "\"}").get("status").asString())
                .isEqualTo("notice_given");
    }

    @Test
    void aTerminationMayBeBackdatedButNotSetInTheFuture() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(api.issues(api.action(f.caller, id, "terminate", "{\"end_date\": \""
                + today().plusDays(1) + "\"}"))).containsExactly("end_date above_maximum");
        JsonNode terminated = f.action(id, "terminate", "{\"end_date\": \"" + today().minusDays(3) + "\"}");
        assertThat(terminated.get("end_date").asString()).isEqualTo(today().minusDays(3).toString());
    }

    @Test
    void terminateTakesNoBodyAtAll() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        JsonNode body = api.body(client.post().uri("/v1/agreements/" + id + "/terminate")
                .header("Authorization", TestCallers.bearer(f.caller)).exchange().expectStatus().isOk());
        assertThat(body.path("data").path("status").asString()).isEqualTo("terminated");
    }

    @Test
    void theEventsReachKafkaForTheCatalogue() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        try (TestEvents events = TestEvents.on("commerce.events")) {
            List<ConsumerRecord<String, String>> seen = events.await(r -> r.value().contains(id)
                    && (r.value().contains("agreement.created") || r.value().contains("agreement.activated")), 2,
                    Duration.ofSeconds(30));
            assertThat(seen).hasSize(2);
            assertThat(seen).allMatch(r -> r.key().equals(f.caller.accountId().toString()));
        }
    }

    private void assertInvalidTransition(WebTestClient.ResponseSpec response) {
        JsonNode error = api.body(response.expectStatus().isEqualTo(409)).path("error");
        assertThat(error.path("code").asString()).isEqualTo("conflict");
        assertThat(error.path("details").get(0).path("issue").asString()).isEqualTo("invalid_transition");
        assertThat(error.path("details").get(0).path("field").asString()).isEqualTo("status");
    }
}
