package com.storageplatform.catalogue.unittype;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/unit-types}: fields and their rules, the site it belongs to, lists, updates, who sees what. */
@PlatformTest
class UnitTypeTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    UnitsApi api;
    final Caller caller = UnitsApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new UnitsApi(client, json);
    }

    @Test
    void aMinimalUnitTypeTakesTheDocumentedDefaults() {
        String site = api.site(caller, "Leeds");

        JsonNode type = api.created(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": " 50 sq ft ", "price_minor": 4500, "currency": "GBP"}
                """.formatted(site));

        assertThat(type.get("object").asString()).isEqualTo("unit_type");
        assertThat(type.get("site_id").asString()).isEqualTo(site);
        assertThat(type.get("name").asString()).isEqualTo("50 sq ft");
        assertThat(type.get("price_minor").asLong()).isEqualTo(4500);
        assertThat(type.get("currency").asString()).isEqualTo("GBP");
        assertThat(type.get("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(type.get("status").asString()).isEqualTo("active");
        assertThat(type.get("features").isEmpty()).isTrue();
        assertThat(type.get("description").isNull()).isTrue();
        assertThat(type.get("width_cm").isNull()).isTrue();
        assertThat(type.get("created_at").asString()).endsWith("Z");
        assertThat(api.read(caller, "/v1/unit-types/" + type.get("id").asString())).isEqualTo(type);
    }

    @Test
    void everyFieldIsKeptAndFeaturesComeBackInListOrder() {
        String site = api.site(caller, "York");

        JsonNode type = api.created(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "Drive-up 100", "description": "Roller door", "width_cm": 300,
                 "depth_cm": 305, "height_cm": 240, "price_minor": 12000, "currency": "GBP",
                 "vat_treatment": "exempt", "features": ["power", "drive_up", "ground_floor"], "status": "archived"}
                """.formatted(site));

        assertThat(type.get("description").asString()).isEqualTo("Roller door");
        assertThat(type.get("width_cm").asInt()).isEqualTo(300);
        assertThat(type.get("depth_cm").asInt()).isEqualTo(305);
        assertThat(type.get("height_cm").asInt()).isEqualTo(240);
        assertThat(type.get("vat_treatment").asString()).isEqualTo("exempt");
        assertThat(type.get("status").asString()).isEqualTo("archived");
        assertThat(type.get("features").values()).extracting(JsonNode::asString)
                .containsExactly("ground_floor", "drive_up", "power");
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(caller, "/v1/unit-types", "{}"))).containsExactlyInAnyOrder(
                "site_id required", "name required", "price_minor required", "currency required");

        assertThat(api.issues(api.post(caller, "/v1/unit-types", """
                {"site_id": "not-a-uuid", "name": "%s", "description": "%s", "width_cm": 0, "depth_cm": 10001,
                 "height_cm": -5, "price_minor": -1, "currency": "gbp", "vat_treatment": "standard",
                 "features": ["drive_up", "spaceship", "drive_up"], "status": "closed"}
                """.formatted("n".repeat(201), "d".repeat(2001))))).containsExactlyInAnyOrder(
                "site_id invalid", "name too_long", "description too_long", "width_cm below_minimum",
                "depth_cm above_maximum", "height_cm below_minimum", "price_minor below_minimum",
                "currency invalid", "vat_treatment invalid", "features[1] invalid", "features[2] duplicate",
                "status invalid");

        String site = api.site(caller, "Hull");
        assertThat(api.issues(api.post(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 100000001, "currency": "GBP", "colour": "red"}
                """.formatted(site)))).containsExactly("colour unknown_field");
        assertThat(api.issues(api.post(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 100000001, "currency": "GBP"}
                """.formatted(site)))).containsExactly("price_minor above_maximum");
        assertThat(api.listedIds(caller, "/v1/unit-types")).isEmpty();
    }

    @Test
    void theSiteMustBeOneOfTheAccountsAndNotArchived() {
        String foreign = api.site(UnitsApi.newAccount(), "Foreign");
        assertThat(api.issues(api.post(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP"}
                """.formatted(foreign)))).containsExactly("site_id not_found");

        String archived = api.site(caller, "Closed");
        api.updated(caller, "/v1/sites/" + archived, "{\"status\": \"archived\"}");
        assertThat(api.errorCode(api.post(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP"}
                """.formatted(archived)), 409)).isEqualTo("conflict");
    }

    @Test
    void aSiteRestrictedCallerWorksOnlyAtItsSites() {
        String north = api.site(caller, "North");
        String south = api.site(caller, "South");
        String northType = api.unitType(caller, north, "Small", 3000);
        String southType = api.unitType(caller, south, "Small", 3000);
        Caller restricted = UnitsApi.restrictedTo(caller, north);

        assertThat(api.listedIds(restricted, "/v1/unit-types")).containsExactly(northType);
        assertThat(api.errorCode(api.get(restricted, "/v1/unit-types?site_id=" + south), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.listedIds(restricted, "/v1/unit-types?site_id=" + north)).containsExactly(northType);
        assertThat(api.errorCode(api.get(restricted, "/v1/unit-types/" + southType), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, "/v1/unit-types/" + southType, "{\"name\": \"Mine\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, "/v1/unit-types", """
                {"site_id": "%s", "name": "x", "price_minor": 1, "currency": "GBP"}
                """.formatted(south)), 403)).isEqualTo("site_forbidden");
        assertThat(api.updated(restricted, "/v1/unit-types/" + northType, "{\"name\": \"Mine\"}").get("name")
                .asString()).isEqualTo("Mine");
        assertThat(api.listedIds(caller, "/v1/unit-types")).containsExactly(southType, northType);
    }

    @Test
    void anotherAccountsUnitTypeIsNotFound() {
        String type = api.unitType(caller, api.site(caller, "Mine"), "Small", 3000);
        Caller stranger = UnitsApi.newAccount();

        assertThat(api.errorCode(api.get(stranger, "/v1/unit-types/" + type), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, "/v1/unit-types/" + type, "{\"name\": \"x\"}"), 404))
                .isEqualTo("not_found");
        assertThat(api.errorCode(api.get(caller, "/v1/unit-types/not-an-id"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "/v1/unit-types")).isEmpty();
    }

    @Test
    void listsPageNewestFirstAndFilterBySiteAndStatus() {
        String a = api.site(caller, "A");
        String b = api.site(caller, "B");
        String first = api.unitType(caller, a, "One", 1000);
        String second = api.unitType(caller, b, "Two", 2000);
        String third = api.unitType(caller, a, "Three", 3000);
        api.updated(caller, "/v1/unit-types/" + first, "{\"status\": \"archived\"}");

        JsonNode page = api.list(caller, "/v1/unit-types?limit=2");
        assertThat(page.get("data").values()).extracting(t -> t.get("id").asString()).containsExactly(third, second);
        String next = page.get("meta").get("cursor").get("next").asString();
        assertThat(api.listedIds(caller, "/v1/unit-types?limit=2&cursor=" + next)).containsExactly(first);
        assertThat(api.listedIds(caller, "/v1/unit-types?site_id=" + a)).containsExactly(third, first);
        assertThat(api.listedIds(caller, "/v1/unit-types?status=archived")).containsExactly(first);
        assertThat(api.listedIds(caller, "/v1/unit-types?site_id=" + a + "&status=active")).containsExactly(third);

        assertThat(api.issues(api.get(caller, "/v1/unit-types?site_id=nope"), 400)).containsExactly("site_id invalid");
        assertThat(api.issues(api.get(caller, "/v1/unit-types?status=open"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(caller, "/v1/unit-types?status=active&cursor=" + next), 400))
                .containsExactly("cursor invalid");
    }

    @Test
    void anUpdateChangesOnlyWhatWasSent() {
        String site = api.site(caller, "Bath");
        String id = api.created(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "Locker", "description": "Small", "width_cm": 50, "price_minor": 900,
                 "currency": "GBP", "features": ["locker"]}
                """.formatted(site)).get("id").asString();

        JsonNode updated = api.updated(caller, "/v1/unit-types/" + id, """
                {"description": null, "width_cm": null, "price_minor": 950, "vat_treatment": "exempt",
                 "site_id": "%s"}
                """.formatted(site));

        assertThat(updated.get("name").asString()).isEqualTo("Locker");
        assertThat(updated.get("description").isNull()).isTrue();
        assertThat(updated.get("width_cm").isNull()).isTrue();
        assertThat(updated.get("price_minor").asLong()).isEqualTo(950);
        assertThat(updated.get("vat_treatment").asString()).isEqualTo("exempt");
        assertThat(updated.get("features").values()).extracting(JsonNode::asString).containsExactly("locker");
        assertThat(updated.get("updated_at").asString()).isNotEqualTo(updated.get("created_at").asString());

        String other = api.site(caller, "Wells");
        assertThat(api.issues(api.patch(caller, "/v1/unit-types/" + id, """
                {"site_id": "%s", "name": null, "price_minor": null, "currency": "XXY", "status": null,
                 "features": ["vehicle", "boat"], "extra": 1}
                """.formatted(other)))).containsExactly("extra unknown_field");
        assertThat(api.issues(api.patch(caller, "/v1/unit-types/" + id, """
                {"site_id": "%s", "name": null, "price_minor": null, "currency": "XXY", "status": null,
                 "features": ["vehicle", "boat"]}
                """.formatted(other)))).containsExactlyInAnyOrder("site_id immutable", "name required",
                "price_minor required", "currency invalid", "status required", "features[1] invalid");
        assertThat(api.read(caller, "/v1/unit-types/" + id)).isEqualTo(updated);
    }

    @Test
    void aUnitTypeIsArchivedOnlyOnceItsUnitsAreAndIsNeverDeleted() {
        String site = api.site(caller, "Derby");
        String type = api.unitType(caller, site, "Medium", 6000);
        String unit = api.unit(caller, site, type, "A1");

        assertThat(api.errorMessage(api.patch(caller, "/v1/unit-types/" + type, "{\"status\": \"archived\"}"), 409,
                "conflict")).contains("1 unit");
        api.updated(caller, "/v1/units/" + unit, "{\"status\": \"archived\"}");
        assertThat(api.updated(caller, "/v1/unit-types/" + type, "{\"status\": \"archived\"}").get("status")
                .asString()).isEqualTo("archived");
        assertThat(api.errorCode(api.delete(caller, "/v1/unit-types/" + type), 405)).isEqualTo("method_not_allowed");
    }

    @Test
    void theCurrencyCannotLeaveItsRatePlansBehind() {
        String type = api.unitType(caller, api.site(caller, "Ely"), "Large", 9000);
        api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 9500, "currency": "GBP"}
                """.formatted(type));

        assertThat(api.errorCode(api.patch(caller, "/v1/unit-types/" + type, "{\"currency\": \"EUR\"}"), 409))
                .isEqualTo("conflict");
        assertThat(api.read(caller, "/v1/unit-types/" + type).get("currency").asString()).isEqualTo("GBP");
    }

    @Test
    void everyVatTreatmentIsAccepted() {
        String site = api.site(caller, "Ripon");
        for (String vat : List.of("standard_20", "reduced_5", "zero", "exempt", "outside_scope")) {
            assertThat(api.created(caller, "/v1/unit-types", """
                    {"site_id": "%s", "name": "%s", "price_minor": 100, "currency": "GBP", "vat_treatment": "%s"}
                    """.formatted(site, vat, vat)).get("vat_treatment").asString()).isEqualTo(vat);
        }
    }

    /** The internal event types written to the outbox about {@code subject}, oldest first. */
    private List<String> published(String subject) {
        return db.sql("""
                SELECT event_type FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY created_at
                """).bind("id", subject).map(row -> row.get("event_type", String.class)).all().collectList().block();
    }

    @Test
    void changesPublishInternalEventsAndRefusedOrEmptyChangesNone() {
        String site = api.site(caller, "Poole");
        String type = api.unitType(caller, site, "Tiny", 500);
        String unit = api.unit(caller, site, type, "Z1");
        api.updated(caller, "/v1/unit-types/" + type, "{\"name\": \"Tiny\"}");
        api.updated(caller, "/v1/unit-types/" + type, "{\"price_minor\": 550}");
        api.issues(api.patch(caller, "/v1/unit-types/" + type, "{\"price_minor\": -1}"));
        api.updated(caller, "/v1/units/" + unit, "{\"status\": \"archived\"}");
        api.updated(caller, "/v1/unit-types/" + type, "{\"status\": \"archived\"}");
        String plan = api.created(caller, "/v1/rate-plans", """
                {"unit_type_id": "%s", "price_minor": 600, "currency": "GBP"}
                """.formatted(type)).get("id").asString();
        api.delete(caller, "/v1/rate-plans/" + plan).expectStatus().isOk();

        assertThat(published(type)).containsExactly("unit_type.created", "unit_type.updated", "unit_type.archived");
        assertThat(published(unit)).containsExactly("unit.created", "unit.archived");
        assertThat(published(plan)).containsExactly("rate_plan.created", "rate_plan.deleted");
    }
}
