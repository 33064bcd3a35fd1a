package com.storageplatform.commerce.reservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.support.CataloguePeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/reservations}: the resource, every rule of create, reads, lists, cancel, sites and tenants. */
@CommerceTest
class ReservationTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    AccountSettings settings;

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

    @Test
    void aReservationHasEveryFieldHoldsItsUnitForAWeekAtTheCataloguePriceAndSaysSo() {
        JsonNode r = f.reserve(f.customer, f.unit);

        assertThat(r.propertyNames()).containsExactly("id", "object", "contact_id", "site_id", "unit_id",
                "unit_type_id", "source", "status", "held_until", "move_in_date", "licence_fee_minor", "currency",
                "coupon_id", "deal_id", "notes", "converted_to", "cancellation_reason", "cancelled_at", "expired_at",
                "converted_at", "created_at", "updated_at");
        assertThat(r.get("object").asString()).isEqualTo("reservation");
        assertThat(r.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(r.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(r.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(r.get("unit_type_id").asString()).isEqualTo(f.type.toString());
        assertThat(r.get("status").asString()).isEqualTo("active");
        assertThat(r.get("source").asString()).isEqualTo("api");
        assertThat(Instant.parse(r.get("held_until").asString()))
                .isCloseTo(clock.instant().plus(Duration.ofDays(7)), within(1, ChronoUnit.MINUTES));
        assertThat(r.get("licence_fee_minor").asLong()).isEqualTo(5000);
        assertThat(r.get("currency").asString()).isEqualTo("GBP");
        assertThat(r.get("converted_to").isNull()).isTrue();
        assertThat(r.get("cancellation_reason").isNull()).isTrue();
        String id = r.get("id").asString();
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + id);
        assertThat(api.read(f.caller, id)).isEqualTo(r);

        List<JsonNode> events = f.events(id);
        assertThat(events).hasSize(1);
        assertThat(events.get(0).get("type").asString()).isEqualTo("reservation.created");
        JsonNode data = events.get(0).get("data");
        for (String field : List.of("id", "object", "site_id", "unit_id", "unit_type_id", "contact_id", "status",
                "held_until")) {
            assertThat(data.get(field)).as(field).isEqualTo(r.get(field));
        }
    }

    @Test
    void withoutHeldUntilAReservationHoldsForTheOperatorsReservationHoldDays() {
        UUID live = Ids.newId();
        TestEvents.publishForOperator("auth.events", "operator.created", f.caller.operatorId(), Map.of(
                "id", f.caller.operatorId().toString(), "object", "operator", "timezone", "Europe/London",
                "default_currency", "GBP",
                "accounts", List.of(Map.of("id", live.toString(), "environment", "live"),
                        Map.of("id", f.caller.accountId().toString(), "environment", "test")),
                "settings", Map.of("reservation_hold_days", 3)));
        ResourceApi.eventually(() -> settings.of(f.caller.accountId()).block().reservationHoldDays() == 3);

        JsonNode r = f.reserve(f.customer, f.unit);
        assertThat(Instant.parse(r.get("held_until").asString()))
                .isCloseTo(clock.instant().plus(Duration.ofDays(3)), within(1, ChronoUnit.MINUTES));
    }

    @Test
    void aUnitTypeReservationHoldsNoUnitAndTakesTheTypesPriceAndEveryOptionalField() {
        UUID deal = Ids.newId();
        String heldUntil = clock.instant().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.SECONDS).toString();
        String moveIn = LocalDate.now(ZoneId.of("Europe/London")).plusDays(10).toString();
        JsonNode r = api.create(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "storefront", "held_until": "%s",
                 "move_in_date": "%s", "deal_id": "%s", "notes": "  Wants ground floor  "}
                """.formatted(f.customer, f.type, heldUntil, moveIn, deal));

        assertThat(r.get("unit_id").isNull()).isTrue();
        assertThat(r.get("unit_type_id").asString()).isEqualTo(f.type.toString());
        assertThat(r.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(r.get("source").asString()).isEqualTo("storefront");
        assertThat(r.get("held_until").asString()).isEqualTo(heldUntil);
        assertThat(r.get("move_in_date").asString()).isEqualTo(moveIn);
        assertThat(r.get("deal_id").asString()).isEqualTo(deal.toString());
        assertThat(r.get("notes").asString()).isEqualTo("Wants ground floor");
        assertThat(r.get("licence_fee_minor").asLong()).isEqualTo(4500);
        // The catalogue was asked for the price on the move-in date.
        assertThat(CataloguePeer.requests()).anyMatch(request -> request.contains("unit_type_id=" + f.type)
                && request.contains("date=" + moveIn));
        assertThat(count("SELECT count(*) FROM unit_holds WHERE account_id = '" + f.caller.accountId() + "'"))
                .isZero();
    }

    @Test
    void aFeeSentIsKeptAndACatalogueWithoutAPriceIsRefusedOnTheFee() {
        JsonNode r = f.reserve(f.customer, f.unit, "\"licence_fee_minor\": 3999, \"currency\": \"EUR\"");
        assertThat(r.get("licence_fee_minor").asLong()).isEqualTo(3999);
        assertThat(r.get("currency").asString()).isEqualTo("EUR");
        JsonNode free = f.reserve(f.people.customer(f.caller), f.newUnit("Z0"),
                "\"licence_fee_minor\": 0, \"currency\": \"GBP\"");
        assertThat(free.get("licence_fee_minor").asLong()).isZero();

        UUID unpriced = Ids.newId();
        Map<String, Object> type = new HashMap<>(Map.of("id", unpriced.toString(), "object", "unit_type",
                "site_id", f.site.toString(), "name", "Unpriced", "status", "active",
                "updated_at", Instant.now().toString()));
        f.catalogue.publish(f.caller, "unit_type.created", type);
        WebTestClient.ResponseSpec refused = api.post(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api"}
                """.formatted(f.customer, unpriced));
        JsonNode error = api.body(refused.expectStatus().isEqualTo(422)).get("error");
        assertThat(error.get("details").get(0).get("field").asString()).isEqualTo("licence_fee_minor");
        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo("required");
        assertThat(error.get("message").asString()).contains("catalogue has no price");
    }

    @Test
    void leavingThePriceToTheCatalogueNeedsUnitsRead() {
        Caller withoutUnitsRead = new Caller(f.caller.accountId(), f.caller.operatorId(), f.caller.environment(),
                java.util.Set.of("reservations:read", "reservations:write"), null, f.caller.actorType(),
                f.caller.credentialId(), f.caller.requestId());
        assertThat(api.errorCode(api.post(withoutUnitsRead, f.body(f.customer, f.unit)), 403))
                .isEqualTo("insufficient_scope");
        assertThat(f.holderOf(f.unit)).isNull();
        api.post(withoutUnitsRead, f.body(f.customer, f.unit).replace("}",
                ", \"licence_fee_minor\": 4000, \"currency\": \"GBP\"}")).expectStatus().isCreated();
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(f.caller, "{}"))).containsExactlyInAnyOrder("contact_id required",
                "unit_id required", "source required");
        assertThat(api.issues(api.post(f.caller, """
                {"contact_id": "nope", "unit_id": "%s", "source": "phone", "held_until": "tomorrow",
                 "move_in_date": "2026-02-30", "licence_fee_minor": -1, "currency": "gbp", "coupon_id": "x",
                 "deal_id": "y", "notes": "%s"}
                """.formatted(f.unit, "n".repeat(2001))))).containsExactlyInAnyOrder("contact_id invalid",
                "source invalid", "held_until invalid", "move_in_date invalid", "licence_fee_minor below_minimum",
                "currency invalid", "coupon_id invalid", "deal_id invalid", "notes too_long");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"licence_fee_minor\": 100000001}")))).containsExactlyInAnyOrder(
                "licence_fee_minor above_maximum", "currency required");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"currency\": \"GBP\"}")))).containsExactly("licence_fee_minor required");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"held_until\": \"" + clock.instant().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS) + "\"}"))))
                .containsExactly("held_until below_minimum");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"held_until\": \"" + clock.instant().plus(Duration.ofDays(91)).truncatedTo(ChronoUnit.SECONDS)
                        + "\"}")))).containsExactly("held_until above_maximum");
        String yesterday = LocalDate.now(ZoneId.of("Europe/London")).minusDays(1).toString();
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"move_in_date\": \"" + yesterday + "\"}")))).containsExactly("move_in_date below_minimum");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("\"api\"", "\"phone\""))))
                .containsExactly("source invalid");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"status\": \"active\"}")))).containsExactly("status unknown_field");
        assertThat(count("SELECT count(*) FROM reservations WHERE account_id = '" + f.caller.accountId() + "'"))
                .isZero();
    }

    @Test
    void aMoveInDateIsJudgedInTheSitesTimeZone() {
        // Between them, one of these is on another day than London at any hour.
        for (String zone : List.of("Pacific/Kiritimati", "Pacific/Pago_Pago")) {
            UUID site = Ids.newId();
            f.catalogue.publish(f.caller, "site.created", new HashMap<>(Map.of("id", site.toString(),
                    "object", "site", "name", zone, "timezone", zone, "status", "active",
                    "updated_at", Instant.now().toString())));
            UUID unit = f.catalogue.unit(f.caller, site, f.catalogue.unitType(f.caller, site, 100), "T1");
            LocalDate today = LocalDate.now(ZoneId.of(zone));
            assertThat(api.issues(api.post(f.caller, f.body(f.customer, unit).replace("}",
                    ", \"move_in_date\": \"" + today.minusDays(1) + "\"}")))).as(zone)
                    .containsExactly("move_in_date below_minimum");
            JsonNode r = f.reserve(f.customer, unit, "\"move_in_date\": \"" + today + "\"");
            assertThat(r.get("move_in_date").asString()).isEqualTo(today.toString());
        }
    }

    @Test
    void recordsNamedMustBeTheAccountsAndTheCustomerNeverTheWalkInRecord() {
        Fixture other = new Fixture(client, json, db);
        assertThat(api.issues(api.post(f.caller, f.body(other.customer, other.unit))))
                .containsExactlyInAnyOrder("contact_id not_found", "unit_id not_found");
        assertThat(api.issues(api.post(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api", "coupon_id": "%s"}
                """.formatted(f.people.walkIn(f.caller), other.type, Ids.newId()))))
                .containsExactlyInAnyOrder("contact_id not_allowed", "unit_type_id not_found", "coupon_id not_found");
        UUID otherType = f.catalogue.unitType(f.caller, f.site, 9000);
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit).replace("}",
                ", \"unit_type_id\": \"" + otherType + "\"}")))).containsExactly("unit_type_id invalid");
        // The unit's own type may be sent with it.
        f.reserve(f.customer, f.unit, "\"unit_type_id\": \"" + f.type + "\"");
    }

    @Test
    void anArchivedCustomerWhoReservesIsUnarchived() {
        UUID archived = f.people.archivedCustomer(f.caller);
        f.reserve(archived, f.unit);
        assertThat(f.people.status(f.caller, archived)).isEqualTo("active");
        assertThat(f.eventTypes(archived.toString())).containsExactly("contact.unarchived");
    }

    @Test
    void archivedAndOutOfServiceUnitsAndArchivedUnitTypesAreConflictsSayingWhich() {
        UUID archived = f.catalogue.unit(f.caller, f.site, f.type, "B1", "archived", 5000);
        UUID broken = f.catalogue.unit(f.caller, f.site, f.type, "B2", "out_of_service", 5000);
        JsonNode error = api.body(api.post(f.caller, f.body(f.customer, archived)).expectStatus().isEqualTo(409));
        assertThat(error.at("/error/code").asString()).isEqualTo("conflict");
        assertThat(error.at("/error/message").asString()).startsWith("Unit B1 is archived");
        error = api.body(api.post(f.caller, f.body(f.customer, broken)).expectStatus().isEqualTo(409));
        assertThat(error.at("/error/message").asString()).startsWith("Unit B2 is out of service");

        UUID archivedType = Ids.newId();
        f.catalogue.publish(f.caller, "unit_type.archived", new HashMap<>(Map.of("id", archivedType.toString(),
                "object", "unit_type", "site_id", f.site.toString(), "name", "Old lockers", "status", "archived",
                "updated_at", Instant.now().toString())));
        error = api.body(api.post(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api"}
                """.formatted(f.customer, archivedType)).expectStatus().isEqualTo(409));
        assertThat(error.at("/error/message").asString()).startsWith("Unit type Old lockers is archived");
        assertThat(count("SELECT count(*) FROM reservations WHERE account_id = '" + f.caller.accountId() + "'"))
                .isZero();
        assertThat(f.holderOf(archived)).isNull();
    }

    @Test
    void aUnitHeldIsUnitReservedNamingTheHoldItsDateAndWhetherItIsTheSameCustomers() {
        String until = clock.instant().plus(Duration.ofDays(2)).truncatedTo(ChronoUnit.SECONDS).toString();
        JsonNode first = f.reserve(f.customer, f.unit, "\"held_until\": \"" + until + "\"");
        UUID other = f.people.customer(f.caller);
        JsonNode error = api.body(api.post(f.caller, f.body(other, f.unit)).expectStatus().isEqualTo(409));
        assertThat(error.at("/error/code").asString()).isEqualTo("unit_reserved");
        assertThat(error.at("/error/message").asString()).contains("Unit A12", "reserved for another customer",
                first.get("id").asString(), first.get("held_until").asString().substring(0, 10));
        // The same customer cannot hold it twice either, and is told it is theirs; a unit-type hold is not in the way.
        assertThat(api.errorMessage(api.post(f.caller, f.body(f.customer, f.unit)), 409, "unit_reserved"))
                .contains("Unit A12 is already reserved for this customer", first.get("id").asString(),
                        "book the unit")
                .doesNotContain("another customer");
        api.create(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "backoffice"}
                """.formatted(other, f.type));
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + first.get("id").asString());
    }

    @Test
    void aCouponMustBeTheAccountsValidTodayAndApplyAtTheSiteAndUnitType() {
        String everywhere = coupon(Map.of());
        JsonNode r = f.reserve(f.customer, f.unit, "\"coupon_id\": \"" + everywhere + "\"");
        assertThat(r.get("coupon_id").asString()).isEqualTo(everywhere);

        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        UUID unit2 = f.newUnit("C2");
        for (Map<String, Object> refused : List.<Map<String, Object>>of(Map.of("status", "archived"),
                Map.of("valid_to", today.minusDays(1).toString()), Map.of("valid_from", today.plusDays(1).toString()),
                Map.of("site_ids", List.of(Ids.newId().toString())),
                Map.of("unit_type_ids", List.of(Ids.newId().toString())))) {
            assertThat(api.issues(api.post(f.caller, f.body(f.customer, unit2).replace("}",
                    ", \"coupon_id\": \"" + coupon(refused) + "\"}")))).as(refused.toString())
                    .containsExactly("coupon_id not_allowed");
        }
        String here = coupon(Map.of("site_ids", List.of(f.site.toString()), "unit_type_ids",
                List.of(f.type.toString()), "valid_from", today.toString(), "valid_to", today.toString()));
        f.reserve(f.customer, unit2, "\"coupon_id\": \"" + here + "\"");
    }

    @Test
    void readsListsAndFilters() {
        UUID unit2 = f.newUnit("D2");
        UUID other = f.people.customer(f.caller);
        UUID deal = Ids.newId();
        String first = f.reserve(f.customer, f.unit).get("id").asString();
        String second = f.reserve(other, unit2, "\"deal_id\": \"" + deal + "\"").get("id").asString();
        String third = api.createId(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api"}
                """.formatted(f.customer, f.type));
        api.action(f.caller, third, "cancel", "{}").expectStatus().isOk();

        assertThat(api.listedIds(f.caller, "")).containsExactly(third, second, first);
        assertThat(api.listedIds(f.caller, "?status=active")).containsExactly(second, first);
        assertThat(api.listedIds(f.caller, "?status=cancelled")).containsExactly(third);
        assertThat(api.listedIds(f.caller, "?contact_id=" + f.customer)).containsExactly(third, first);
        assertThat(api.listedIds(f.caller, "?site_id=" + f.site)).containsExactly(third, second, first);
        assertThat(api.listedIds(f.caller, "?unit_id=" + unit2)).containsExactly(second);
        assertThat(api.listedIds(f.caller, "?deal_id=" + deal)).containsExactly(second);
        JsonNode page = api.list(f.caller, "?limit=2");
        assertThat(page.at("/meta/cursor/has_more").asBoolean()).isTrue();
        assertThat(api.listedIds(f.caller, "?limit=2&cursor=" + page.at("/meta/cursor/next").asString()))
                .containsExactly(first);
        for (String bad : List.of("status=lapsed", "contact_id=x", "site_id=x", "unit_id=x", "deal_id=x")) {
            assertThat(api.issues(api.get(f.caller, "?" + bad), 400)).containsExactly(bad.split("=")[0] + " invalid");
        }
        // Another account sees none of them.
        Caller stranger = CommerceApi.newAccount();
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.errorCode(api.get(stranger, "/" + first), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(stranger, first, "cancel", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(f.caller, "/not-an-id"), 404)).isEqualTo("not_found");
        // Reservations end; they are never changed or deleted through the API.
        assertThat(api.errorCode(api.delete(f.caller, first), 405)).isEqualTo("method_not_allowed");
        assertThat(api.errorCode(api.patch(f.caller, first, "{}"), 405)).isEqualTo("method_not_allowed");
    }

    @Test
    void aBadLimitOrCursorIsAValidationErrorNamingTheParameter() {
        f.reserve(f.customer, f.unit);
        f.reserve(f.customer, f.newUnit("D3"));
        String next = api.list(f.caller, "?limit=1").at("/meta/cursor/next").asString();
        assertThat(api.listedIds(f.caller, "?limit=1&cursor=" + next)).hasSize(1);
        for (String[] bad : new String[][] {{"limit=0", "limit below_minimum"}, {"limit=101", "limit above_maximum"},
                {"limit=x", "limit invalid"}, {"cursor=!!!", "cursor invalid"},
                {"cursor=bm90LWEtY3Vyc29y", "cursor invalid"},
                // A cursor is for the filters it was issued under.
                {"status=active&cursor=" + next, "cursor invalid"}}) {
            assertThat(api.issues(api.get(f.caller, "?" + bad[0]), 400)).as(bad[0]).containsExactly(bad[1]);
        }
    }

    @Test
    void aSiteRestrictedCredentialWorksOnlyAtItsSites() {
        UUID otherSite = f.catalogue.site(f.caller, "Ipswich");
        UUID otherType = f.catalogue.unitType(f.caller, otherSite, 3000);
        UUID otherUnit = f.catalogue.unit(f.caller, otherSite, otherType, "I1");
        String here = f.reserve(f.customer, f.unit).get("id").asString();
        String there = f.reserve(f.customer, otherUnit).get("id").asString();
        Caller restricted = TestCallers.restrictedTo(f.caller, f.site);

        api.post(restricted, f.body(f.customer, f.newUnit("E1"))).expectStatus().isCreated();
        assertThat(api.errorCode(api.post(restricted, f.body(f.customer, f.catalogue.unit(f.caller, otherSite,
                otherType, "I2"))), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api"}
                """.formatted(f.customer, otherType)), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/" + there), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.action(restricted, there, "cancel", "{}"), 403)).isEqualTo("site_forbidden");
        assertThat(api.read(restricted, here).get("id").asString()).isEqualTo(here);
        assertThat(api.listedIds(restricted, "")).doesNotContain(there).contains(here);
        assertThat(api.errorCode(api.get(restricted, "?site_id=" + otherSite), 403)).isEqualTo("site_forbidden");
        assertThat(f.status(there)).isEqualTo("active");
    }

    @Test
    void cancellingBeforeHeldUntilEndsItAndReleasesTheUnitOnceOnly() {
        String id = f.reserve(f.customer, f.unit).get("id").asString();
        JsonNode cancelled = api.body(api.action(f.caller, id, "cancel", "{}").expectStatus().isOk()).get("data");
        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("cancellation_reason").asString()).isEqualTo("requested");
        assertThat(cancelled.get("cancelled_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(f.eventTypes(id)).containsExactly("reservation.created", "reservation.cancelled");
        assertThat(f.events(id).get(1).at("/data/status").asString()).isEqualTo("cancelled");

        JsonNode again = api.body(api.action(f.caller, id, "cancel", "{}").expectStatus().isOk()).get("data");
        assertThat(again).isEqualTo(cancelled);
        assertThat(f.eventTypes(id)).containsExactly("reservation.created", "reservation.cancelled");
        // The unit is free for someone else.
        f.reserve(f.people.customer(f.caller), f.unit);
    }

    @Test
    void cancellingAfterHeldUntilIsAConflictSayingItLapsedAndChangesNothing() {
        JsonNode r = f.reserve(f.customer, f.unit, "\"held_until\": \""
                + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS) + "\"");
        String id = r.get("id").asString();
        clock.advance(Duration.ofHours(2));
        JsonNode error = api.body(api.action(f.caller, id, "cancel", "{}").expectStatus().isEqualTo(409));
        assertThat(error.at("/error/code").asString()).isEqualTo("conflict");
        assertThat(error.at("/error/message").asString()).contains("already lapsed", r.get("held_until").asString());
        assertThat(f.status(id)).isEqualTo("active");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + id);
        assertThat(f.eventTypes(id)).containsExactly("reservation.created");

        f.sweep();
        error = api.body(api.action(f.caller, id, "cancel", "{}").expectStatus().isEqualTo(409));
        assertThat(error.at("/error/message").asString()).contains("expired");
        assertThat(f.eventTypes(id)).containsExactly("reservation.created", "reservation.expired");
    }

    private String coupon(Map<String, Object> overrides) {
        UUID id = Ids.newId();
        Map<String, Object> coupon = new HashMap<>(Map.of("id", id.toString(), "object", "coupon", "name", "Ten off",
                "discount_kind", "percent", "discount_value", 10, "duration", "once", "status", "active",
                "site_ids", List.of(), "unit_type_ids", List.of(), "updated_at", Instant.now().toString()));
        coupon.putAll(overrides);
        return f.catalogue.publish(f.caller, "coupon.created", coupon).toString();
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get(0, Long.class)).one().block();
    }
}
