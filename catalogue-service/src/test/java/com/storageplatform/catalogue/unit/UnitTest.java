package com.storageplatform.catalogue.unit;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.unittype.UnitsApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/units}: fields and rules, the unit type of its site, names per site, lists, updates, access. */
@PlatformTest
class UnitTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    UnitsApi api;
    final Caller caller = UnitsApi.newAccount();
    String site;
    String type;

    @BeforeEach
    void setUp() {
        api = new UnitsApi(client, json);
        site = api.site(caller, "Bristol");
        type = api.unitType(caller, site, "25 sq ft", 2500);
    }

    @Test
    void aUnitIsCreatedAvailableWithItsFields() {
        JsonNode unit = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": " A12 ", "floor": "G",
                 "features": ["power", "alarmed"], "notes": "Near the lift"}
                """.formatted(site, type));

        assertThat(unit.get("object").asString()).isEqualTo("unit");
        assertThat(unit.get("name").asString()).isEqualTo("A12");
        assertThat(unit.get("floor").asString()).isEqualTo("G");
        assertThat(unit.get("status").asString()).isEqualTo("available");
        assertThat(unit.get("features").values()).extracting(JsonNode::asString).containsExactly("alarmed", "power");
        assertThat(unit.get("notes").asString()).isEqualTo("Near the lift");
        assertThat(api.read(caller, "/v1/units/" + unit.get("id").asString())).isEqualTo(unit);

        JsonNode minimal = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "A13", "status": "out_of_service"}
                """.formatted(site, type));
        assertThat(minimal.get("floor").isNull()).isTrue();
        assertThat(minimal.get("notes").isNull()).isTrue();
        assertThat(minimal.get("status").asString()).isEqualTo("out_of_service");
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(caller, "/v1/units", "{}")))
                .containsExactlyInAnyOrder("site_id required", "unit_type_id required", "name required");
        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "x", "unit_type_id": "y", "name": "%s", "floor": "%s", "status": "reserved",
                 "features": ["heated", "heated"], "notes": "%s"}
                """.formatted("n".repeat(101), "f".repeat(51), "z".repeat(2001))))).containsExactlyInAnyOrder(
                "site_id invalid", "unit_type_id invalid", "name too_long", "floor too_long", "status not_allowed",
                "features[1] duplicate", "notes too_long");
        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "B1", "status": "let"}
                """.formatted(site, type)))).containsExactly("status invalid");
        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "B1", "floor": 1}
                """.formatted(site, type)))).containsExactly("floor invalid");
    }

    @Test
    void theUnitTypeMustBeTheAccountsAndOfTheUnitsSite() {
        String otherSite = api.site(caller, "Bath");
        String otherType = api.unitType(caller, otherSite, "Other", 100);
        Caller stranger = UnitsApi.newAccount();
        String foreignType = api.unitType(stranger, api.site(stranger, "F"), "F", 1);

        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "C1"}
                """.formatted(site, otherType)))).containsExactly("unit_type_id invalid");
        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "C1"}
                """.formatted(site, foreignType)))).containsExactly("unit_type_id not_found");
        String foreignSite = api.site(UnitsApi.newAccount(), "Elsewhere");
        assertThat(api.issues(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "C1"}
                """.formatted(foreignSite, type)))).containsExactly("site_id not_found");

        String unit = api.unit(caller, site, type, "C1");
        assertThat(api.issues(api.patch(caller, "/v1/units/" + unit, """
                {"unit_type_id": "%s", "site_id": "%s"}
                """.formatted(otherType, otherSite)))).containsExactlyInAnyOrder("unit_type_id invalid",
                "site_id immutable");
        String sameSiteType = api.unitType(caller, site, "Bigger", 5000);
        assertThat(api.updated(caller, "/v1/units/" + unit, "{\"unit_type_id\": \"%s\"}".formatted(sameSiteType))
                .get("unit_type_id").asString()).isEqualTo(sameSiteType);
    }

    @Test
    void anArchivedUnitTypeTakesOnlyArchivedUnits() {
        String archivedType = api.unitType(caller, site, "Old", 100);
        api.updated(caller, "/v1/unit-types/" + archivedType, "{\"status\": \"archived\"}");

        assertThat(api.errorCode(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "D1"}
                """.formatted(site, archivedType)), 409)).isEqualTo("conflict");
        String archived = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "D1", "status": "archived"}
                """.formatted(site, archivedType)).get("id").asString();
        assertThat(api.errorCode(api.patch(caller, "/v1/units/" + archived, "{\"status\": \"available\"}"), 409))
                .isEqualTo("conflict");
    }

    @Test
    void aNameIsUniqueAtItsSiteWhateverTheCase() {
        api.unit(caller, site, type, "E1");
        String e2 = api.unit(caller, site, type, "E2");

        assertThat(api.errorMessage(api.post(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "e1"}
                """.formatted(site, type)), 409, "conflict")).contains("e1");
        assertThat(api.errorCode(api.patch(caller, "/v1/units/" + e2, "{\"name\": \"E1\"}"), 409))
                .isEqualTo("conflict");
        assertThat(api.updated(caller, "/v1/units/" + e2, "{\"name\": \"e2\"}").get("name").asString())
                .isEqualTo("e2");
        String otherSite = api.site(caller, "Frome");
        api.unit(caller, otherSite, api.unitType(caller, otherSite, "T", 1), "E1");
    }

    @Test
    void anUpdateChangesOnlyWhatWasSentAndRefusesCommerceStatuses() {
        String unit = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "F1", "floor": "1", "notes": "Damp"}
                """.formatted(site, type)).get("id").asString();

        JsonNode updated = api.updated(caller, "/v1/units/" + unit, """
                {"notes": null, "status": "out_of_service", "features": ["shelving"]}
                """);
        assertThat(updated.get("floor").asString()).isEqualTo("1");
        assertThat(updated.get("notes").isNull()).isTrue();
        assertThat(updated.get("status").asString()).isEqualTo("out_of_service");
        assertThat(updated.get("features").values()).extracting(JsonNode::asString).containsExactly("shelving");

        assertThat(api.issues(api.patch(caller, "/v1/units/" + unit, "{\"status\": \"occupied\"}")))
                .containsExactly("status not_allowed");
        assertThat(api.issues(api.patch(caller, "/v1/units/" + unit, "{\"status\": null, \"name\": null}")))
                .containsExactlyInAnyOrder("status required", "name required");
        assertThat(api.issues(api.patch(caller, "/v1/units/" + unit, "{\"bookable\": true}")))
                .containsExactly("bookable unknown_field");
        assertThat(api.read(caller, "/v1/units/" + unit)).isEqualTo(updated);
        assertThat(api.errorCode(api.delete(caller, "/v1/units/" + unit), 405)).isEqualTo("method_not_allowed");
    }

    @Test
    void listsPageNewestFirstAndFilter() {
        String otherType = api.unitType(caller, site, "50 sq ft", 5000);
        String otherSite = api.site(caller, "Wells");
        String wellsType = api.unitType(caller, otherSite, "W", 100);
        String g1 = api.unit(caller, site, type, "G1");
        String g2 = api.unit(caller, site, otherType, "G2");
        String g3 = api.unit(caller, otherSite, wellsType, "G3");
        api.updated(caller, "/v1/units/" + g2, "{\"status\": \"out_of_service\"}");

        JsonNode page = api.list(caller, "/v1/units?limit=2");
        assertThat(page.get("data").values()).extracting(u -> u.get("id").asString()).containsExactly(g3, g2);
        assertThat(api.listedIds(caller, "/v1/units?limit=2&cursor="
                + page.get("meta").get("cursor").get("next").asString())).containsExactly(g1);
        assertThat(api.listedIds(caller, "/v1/units?site_id=" + site)).containsExactly(g2, g1);
        assertThat(api.listedIds(caller, "/v1/units?unit_type_id=" + type)).containsExactly(g1);
        assertThat(api.listedIds(caller, "/v1/units?status=out_of_service")).containsExactly(g2);
        assertThat(api.listedIds(caller, "/v1/units?status=available&site_id=" + site)).containsExactly(g1);
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(g3, g1);
        assertThat(api.listedIds(caller, "/v1/units?bookable=false")).containsExactly(g2);

        assertThat(api.issues(api.get(caller, "/v1/units?site_id=1"), 400)).containsExactly("site_id invalid");
        assertThat(api.issues(api.get(caller, "/v1/units?unit_type_id=1"), 400))
                .containsExactly("unit_type_id invalid");
        assertThat(api.issues(api.get(caller, "/v1/units?status=let"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(caller, "/v1/units?bookable=yes"), 400)).containsExactly("bookable invalid");
        assertThat(api.issues(api.get(caller, "/v1/units?bookable=true&reservation_id=r"), 400))
                .containsExactly("reservation_id invalid");
        assertThat(api.issues(api.get(caller, "/v1/units?reservation_id=" + g1), 400))
                .containsExactly("reservation_id not_allowed");
    }

    @Test
    void aSiteRestrictedCallerWorksOnlyAtItsSites() {
        String otherSite = api.site(caller, "Taunton");
        String otherType = api.unitType(caller, otherSite, "T", 100);
        String mine = api.unit(caller, site, type, "H1");
        String theirs = api.unit(caller, otherSite, otherType, "H2");
        Caller restricted = UnitsApi.restrictedTo(caller, site);

        assertThat(api.listedIds(restricted, "/v1/units")).containsExactly(mine);
        assertThat(api.errorCode(api.get(restricted, "/v1/units/" + theirs), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, "/v1/units/" + theirs, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "H3"}
                """.formatted(otherSite, otherType)), 403)).isEqualTo("site_forbidden");
        // Its own site, but a unit type of another site.
        assertThat(api.errorCode(api.post(restricted, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "H3"}
                """.formatted(site, otherType)), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, "/v1/units/" + mine,
                "{\"unit_type_id\": \"%s\"}".formatted(otherType)), 403)).isEqualTo("site_forbidden");
        assertThat(api.listedIds(caller, "/v1/units")).containsExactly(theirs, mine);
    }

    @Test
    void aListFilterNamingAnotherSiteOrAUnitTypeThereIsForbidden() {
        String otherSite = api.site(caller, "Minehead");
        String otherType = api.unitType(caller, otherSite, "M", 100);
        String mine = api.unit(caller, site, type, "K1");
        api.unit(caller, otherSite, otherType, "K2");
        Caller restricted = UnitsApi.restrictedTo(caller, site);

        assertThat(api.errorCode(api.get(restricted, "/v1/units?site_id=" + otherSite), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/v1/units?unit_type_id=" + otherType), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/v1/units?bookable=true&site_id=" + site + "&unit_type_id="
                + otherType), 403)).isEqualTo("site_forbidden");
        assertThat(api.listedIds(restricted, "/v1/units?site_id=" + site + "&unit_type_id=" + type))
                .containsExactly(mine);
        // Another account's unit type is not a site of this one: it filters to nothing, and ids are not probed.
        Caller stranger = UnitsApi.newAccount();
        String strangersType = api.unitType(stranger, api.site(stranger, "Elsewhere"), "S", 100);
        assertThat(api.listedIds(restricted, "/v1/units?unit_type_id=" + strangersType)).isEmpty();
    }

    @Test
    void anotherAccountsUnitIsNotFound() {
        String unit = api.unit(caller, site, type, "J1");
        Caller stranger = UnitsApi.newAccount();

        assertThat(api.errorCode(api.get(stranger, "/v1/units/" + unit), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, "/v1/units/" + unit, "{\"name\": \"x\"}"), 404))
                .isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "/v1/units")).isEmpty();
    }
}
