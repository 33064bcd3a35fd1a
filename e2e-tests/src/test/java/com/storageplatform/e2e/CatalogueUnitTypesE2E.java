package com.storageplatform.e2e;

import static com.storageplatform.e2e.Account.errorCode;
import static com.storageplatform.e2e.Account.issues;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/unit-types} and {@code /v1/units} through the gateway, mirroring catalogue-service's unit type, unit
 * and holds tests: every field rule, the 409s (archived site, units still in use, rate plans in another currency,
 * names per site, commerce's statuses), paging, and a unit's status following commerce's agreement and order
 * events over Kafka.
 */
class CatalogueUnitTypesE2E {

    private final DevStack stack = Stack.get();

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asString()));
        return values;
    }

    @Test
    void aUnitTypeTakesTheDefaultsAndEveryBadFieldIsNamedInOneAnswer() {
        Account account = Account.create(stack, "Unit Types Ltd");
        String site = account.site("Leeds");

        JsonNode minimal = account.created("/v1/unit-types", """
                {"site_id": "%s", "name": " 50 sq ft ", "price_minor": 4500, "currency": "GBP"}
                """.formatted(site));
        assertThat(minimal.path("object").asString()).isEqualTo("unit_type");
        assertThat(minimal.path("name").asString()).isEqualTo("50 sq ft");
        assertThat(minimal.path("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(minimal.path("status").asString()).isEqualTo("active");
        assertThat(minimal.path("features").isEmpty()).isTrue();
        assertThat(minimal.path("description").isNull()).isTrue();
        assertThat(minimal.path("width_cm").isNull()).isTrue();

        JsonNode full = account.created("/v1/unit-types", """
                {"site_id": "%s", "name": "Drive-up 100", "width_cm": 300, "price_minor": 12000, "currency": "GBP",
                 "vat_treatment": "exempt", "features": ["power", "drive_up", "ground_floor"]}
                """.formatted(site));
        assertThat(strings(full.path("features"))).containsExactly("ground_floor", "drive_up", "power");

        assertThat(issues(account.post("/v1/unit-types", "{}"))).containsExactlyInAnyOrder(
                "site_id required", "name required", "price_minor required", "currency required");
        assertThat(issues(account.post("/v1/unit-types", """
                {"site_id": "not-a-uuid", "name": "%s", "description": "%s", "width_cm": 0, "depth_cm": 10001,
                 "height_cm": -5, "price_minor": -1, "currency": "gbp", "vat_treatment": "standard",
                 "features": ["drive_up", "spaceship", "drive_up"], "status": "closed"}
                """.formatted("n".repeat(201), "d".repeat(2001))))).containsExactlyInAnyOrder(
                "site_id invalid", "name too_long", "description too_long", "width_cm below_minimum",
                "depth_cm above_maximum", "height_cm below_minimum", "price_minor below_minimum",
                "currency invalid", "vat_treatment invalid", "features[1] invalid", "features[2] duplicate",
                "status invalid");
        assertThat(issues(account.post("/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 100000001, "currency": "GBP"}
                """.formatted(site)))).containsExactly("price_minor above_maximum");
        assertThat(issues(account.post("/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP", "colour": "red"}
                """.formatted(site)))).containsExactly("colour unknown_field");
    }

    @Test
    void aUnitTypeNeedsALiveSiteOfItsAccountAndIsArchivedOnlyOnceItsUnitsAre() {
        Account account = Account.create(stack, "Unit Types Sites Ltd");
        String foreign = Account.create(stack, "Unit Types Foreign Ltd").site("Foreign");
        assertThat(issues(account.post("/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP"}
                """.formatted(foreign)))).containsExactly("site_id not_found");

        String closed = account.site("Closed");
        account.updated("/v1/sites/" + closed, "{\"status\": \"archived\"}");
        assertThat(errorCode(account.post("/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP"}
                """.formatted(closed)), 409)).isEqualTo("conflict");

        String site = account.site("Derby");
        String type = account.unitType(site, "Medium", 6000);
        String unit = account.unit(site, type, "A1");
        Http.Response inUse = account.patch("/v1/unit-types/" + type, "{\"status\": \"archived\"}");
        assertThat(errorCode(inUse, 409)).isEqualTo("conflict");
        assertThat(inUse.body().path("error").path("message").asString()).contains("1 unit");
        account.updated("/v1/units/" + unit, "{\"status\": \"archived\"}");
        assertThat(account.updated("/v1/unit-types/" + type, "{\"status\": \"archived\"}").path("status").asString())
                .isEqualTo("archived");
        assertThat(errorCode(account.delete("/v1/unit-types/" + type), 405)).isEqualTo("method_not_allowed");

        String priced = account.unitType(site, "Large", 9000);
        account.created("/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 9500, "currency": "GBP"}
                """.formatted(priced));
        assertThat(errorCode(account.patch("/v1/unit-types/" + priced, "{\"currency\": \"EUR\"}"), 409))
                .isEqualTo("conflict");
        assertThat(account.read("/v1/unit-types/" + priced).path("currency").asString()).isEqualTo("GBP");
    }

    @Test
    void aUnitTypePatchChangesOnlyWhatWasSent() {
        Account account = Account.create(stack, "Unit Types Patch Ltd");
        String site = account.site("Bath");
        String path = "/v1/unit-types/" + account.createdId("/v1/unit-types", """
                {"site_id": "%s", "name": "Locker", "description": "Small", "width_cm": 50, "price_minor": 900,
                 "currency": "GBP", "features": ["locker"]}
                """.formatted(site));

        JsonNode updated = account.updated(path, """
                {"description": null, "width_cm": null, "price_minor": 950, "vat_treatment": "exempt"}
                """);
        assertThat(updated.path("name").asString()).isEqualTo("Locker");
        assertThat(updated.path("description").isNull()).isTrue();
        assertThat(updated.path("width_cm").isNull()).isTrue();
        assertThat(updated.path("price_minor").asLong()).isEqualTo(950);
        assertThat(updated.path("vat_treatment").asString()).isEqualTo("exempt");
        assertThat(strings(updated.path("features"))).containsExactly("locker");

        String other = account.site("Wells");
        assertThat(issues(account.patch(path, """
                {"site_id": "%s", "name": null, "price_minor": null, "currency": "XXY", "status": null,
                 "features": ["vehicle", "boat"]}
                """.formatted(other)))).containsExactlyInAnyOrder("site_id immutable", "name required",
                "price_minor required", "currency invalid", "status required", "features[1] invalid");
        assertThat(account.read(path)).isEqualTo(updated);
    }

    @Test
    void aUnitFollowsItsRulesAndItsNameIsUniqueAtItsSite() {
        Account account = Account.create(stack, "Units Rules Ltd");
        String site = account.site("Bristol");
        String type = account.unitType(site, "25 sq ft", 2500);

        JsonNode unit = account.created("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": " A12 ", "floor": "G",
                 "features": ["power", "alarmed"], "notes": "Near the lift"}
                """.formatted(site, type));
        assertThat(unit.path("name").asString()).isEqualTo("A12");
        assertThat(unit.path("status").asString()).isEqualTo("available");
        assertThat(strings(unit.path("features"))).containsExactly("alarmed", "power");

        assertThat(issues(account.post("/v1/units", "{}")))
                .containsExactlyInAnyOrder("site_id required", "unit_type_id required", "name required");
        assertThat(issues(account.post("/v1/units", """
                {"site_id": "x", "unit_type_id": "y", "name": "%s", "floor": "%s", "status": "reserved",
                 "features": ["heated", "heated"], "notes": "%s"}
                """.formatted("n".repeat(101), "f".repeat(51), "z".repeat(2001))))).containsExactlyInAnyOrder(
                "site_id invalid", "unit_type_id invalid", "name too_long", "floor too_long", "status not_allowed",
                "features[1] duplicate", "notes too_long");

        String otherSite = account.site("Bath");
        String otherType = account.unitType(otherSite, "Other", 100);
        Account stranger = Account.create(stack, "Units Stranger Ltd");
        String foreignType = stranger.unitType(stranger.site("F"), "F", 1);
        assertThat(issues(account.post("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "C1"}
                """.formatted(site, otherType)))).containsExactly("unit_type_id invalid");
        assertThat(issues(account.post("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "C1"}
                """.formatted(site, foreignType)))).containsExactly("unit_type_id not_found");

        Http.Response sameName = account.post("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "a12"}
                """.formatted(site, type));
        assertThat(errorCode(sameName, 409)).isEqualTo("conflict");
        assertThat(sameName.body().path("error").path("message").asString()).contains("a12");
        String e2 = account.unit(site, type, "E2");
        assertThat(errorCode(account.patch("/v1/units/" + e2, "{\"name\": \"A12\"}"), 409)).isEqualTo("conflict");
        account.unit(otherSite, otherType, "A12");

        String archivedType = account.unitType(site, "Old", 100);
        account.updated("/v1/unit-types/" + archivedType, "{\"status\": \"archived\"}");
        assertThat(errorCode(account.post("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "D1"}
                """.formatted(site, archivedType)), 409)).isEqualTo("conflict");
        String archived = account.createdId("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "D1", "status": "archived"}
                """.formatted(site, archivedType));
        assertThat(errorCode(account.patch("/v1/units/" + archived, "{\"status\": \"available\"}"), 409))
                .isEqualTo("conflict");
    }

    @Test
    void aUnitPatchChangesOnlyWhatWasSentAndRefusesCommercesStatuses() {
        Account account = Account.create(stack, "Units Patch Ltd");
        String site = account.site("Frome");
        String type = account.unitType(site, "25 sq ft", 2500);
        String path = "/v1/units/" + account.createdId("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "F1", "floor": "1", "notes": "Damp"}
                """.formatted(site, type));

        JsonNode updated = account.updated(path, """
                {"notes": null, "status": "out_of_service", "features": ["shelving"]}
                """);
        assertThat(updated.path("floor").asString()).isEqualTo("1");
        assertThat(updated.path("notes").isNull()).isTrue();
        assertThat(updated.path("status").asString()).isEqualTo("out_of_service");
        assertThat(strings(updated.path("features"))).containsExactly("shelving");

        assertThat(issues(account.patch(path, "{\"status\": \"occupied\"}"))).containsExactly("status not_allowed");
        assertThat(issues(account.patch(path, "{\"status\": null, \"name\": null}")))
                .containsExactlyInAnyOrder("status required", "name required");
        assertThat(issues(account.patch(path, "{\"bookable\": true}"))).containsExactly("bookable unknown_field");
        assertThat(issues(account.patch(path, "{\"site_id\": \"%s\"}".formatted(account.site("Elsewhere")))))
                .containsExactly("site_id immutable");
        assertThat(account.read(path)).isEqualTo(updated);
        assertThat(errorCode(account.delete(path), 405)).isEqualTo("method_not_allowed");
    }

    @Test
    void unitListsPageNewestFirstAndFilter() {
        Account account = Account.create(stack, "Units Lists Ltd");
        String site = account.site("Wells");
        String type = account.unitType(site, "Small", 1000);
        String otherType = account.unitType(site, "Large", 5000);
        String g1 = account.unit(site, type, "G1");
        String g2 = account.unit(site, otherType, "G2");
        String g3 = account.unit(site, type, "G3");
        account.updated("/v1/units/" + g2, "{\"status\": \"out_of_service\"}");

        Http.Response first = account.get("/v1/units?limit=2");
        assertThat(first.ids()).containsExactly(g3, g2);
        assertThat(first.body().path("meta").path("cursor").path("has_more").asBoolean()).isTrue();
        Http.Response second = account.get("/v1/units?limit=2&cursor="
                + first.body().path("meta").path("cursor").path("next").asString());
        assertThat(second.ids()).containsExactly(g1);
        assertThat(second.body().path("meta").path("cursor").path("has_more").asBoolean()).isFalse();
        assertThat(account.listed("/v1/units?unit_type_id=" + type)).containsExactly(g3, g1);
        assertThat(account.listed("/v1/units?status=out_of_service")).containsExactly(g2);
        assertThat(account.listed("/v1/units?bookable=false")).containsExactly(g2);

        assertThat(issues(account.get("/v1/units?unit_type_id=1"), 400)).containsExactly("unit_type_id invalid");
        assertThat(issues(account.get("/v1/units?status=let"), 400)).containsExactly("status invalid");
        assertThat(issues(account.get("/v1/units?reservation_id=" + g1), 400))
                .containsExactly("reservation_id not_allowed");
        assertThat(issues(account.get("/v1/unit-types?status=open"), 400)).containsExactly("status invalid");
    }

    private static Map<String, Object> agreement(String id, String unit, String status) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("object", "agreement");
        data.put("unit_id", unit);
        data.put("reservation_id", null);
        data.put("status", status);
        return data;
    }

    private static String status(Account account, String unit) {
        return account.read("/v1/units/" + unit).path("status").asString();
    }

    private static String awaitStatus(Account account, String unit, String expected) {
        return CommerceEvents.eventually(() -> status(account, unit), expected::equals);
    }

    @Test
    void anAgreementReservesThenOccupiesThenFreesItsUnit() {
        Account account = Account.create(stack, "Units Agreements Ltd");
        String site = account.site("Norwich");
        String type = account.unitType(site, "35 sq ft", 3500);
        String unit = account.unit(site, type, "D1");
        String agreement = CommerceEvents.newId();

        account.publish("agreement.created", agreement(agreement, unit, "pending"));
        assertThat(awaitStatus(account, unit, "reserved")).isEqualTo("reserved");
        Http.Response reserved = account.patch("/v1/units/" + unit, "{\"status\": \"archived\"}");
        assertThat(errorCode(reserved, 409)).isEqualTo("conflict");
        assertThat(reserved.body().path("error").path("message").asString()).contains("reserved");

        // Signing keeps the unit booked; moving in (status active) occupies it.
        account.publish("agreement.activated", agreement(agreement, unit, "pending_move_in"));
        account.publish("agreement.updated", agreement(agreement, unit, "active"));
        assertThat(awaitStatus(account, unit, "occupied")).isEqualTo("occupied");
        Http.Response occupied = account.patch("/v1/units/" + unit, "{\"status\": \"out_of_service\"}");
        assertThat(errorCode(occupied, 409)).isEqualTo("conflict");
        assertThat(occupied.body().path("error").path("message").asString()).contains("occupied");
        assertThat(account.updated("/v1/units/" + unit, "{\"notes\": \"Tenant since May\"}").path("status")
                .asString()).isEqualTo("occupied");
        assertThat(account.listed("/v1/units?bookable=true&site_id=" + site)).isEmpty();

        account.publish("agreement.terminated", agreement(agreement, unit, "terminated"));
        assertThat(awaitStatus(account, unit, "available")).isEqualTo("available");
        assertThat(account.listed("/v1/units?bookable=true&site_id=" + site)).containsExactly(unit);
        assertThat(account.updated("/v1/units/" + unit, "{\"status\": \"out_of_service\"}").path("status")
                .asString()).isEqualTo("out_of_service");
    }

    @Test
    void lateAgreementEventsNeverBringAnEndedHoldBack() {
        Account account = Account.create(stack, "Units Late Ltd");
        String site = account.site("Ipswich");
        String type = account.unitType(site, "35 sq ft", 3500);
        String unit = account.unit(site, type, "L1");
        String reserved = account.unit(site, type, "L2");
        CommerceEvents.Marker marker = new CommerceEvents.Marker(stack, account.key, account.accountId());
        String agreement = CommerceEvents.newId();
        String reservation = CommerceEvents.newId();

        account.publish("reservation.cancelled", CommerceEvents.reservation(reservation, site, type, reserved,
                "cancelled"));
        account.publish("reservation.created", CommerceEvents.reservation(reservation, site, type, reserved,
                "active"));
        account.publish("agreement.updated", agreement(agreement, unit, "active"));
        account.publish("agreement.activated", agreement(agreement, unit, "pending_move_in"));
        account.publish("agreement.created", agreement(agreement, unit, "pending"));
        marker.awaitApplied();
        assertThat(status(account, reserved)).isEqualTo("available");
        assertThat(status(account, unit)).isEqualTo("occupied");

        account.publish("agreement.terminated", agreement(agreement, unit, "terminated"));
        account.publish("agreement.activated", agreement(agreement, unit, "active"));
        marker.awaitApplied();
        assertThat(status(account, unit)).isEqualTo("available");
    }

    @Test
    void anOnlineOrderHoldsItsUnitUntilItIsCancelled() {
        Account account = Account.create(stack, "Units Orders Ltd");
        String site = account.site("Lincoln");
        String type = account.unitType(site, "35 sq ft", 3500);
        String unit = account.unit(site, type, "E1");
        Map<String, Object> order = new HashMap<>(Map.of("id", CommerceEvents.newId(), "object", "order",
                "unit_id", unit, "status", "awaiting_payment"));

        account.publish("order.created", order);
        assertThat(awaitStatus(account, unit, "reserved")).isEqualTo("reserved");
        assertThat(account.listed("/v1/units?bookable=true&site_id=" + site)).isEmpty();

        account.publish("order.cancelled", order);
        assertThat(awaitStatus(account, unit, "available")).isEqualTo("available");
        assertThat(account.listed("/v1/units?bookable=true&site_id=" + site)).containsExactly(unit);
    }
}
