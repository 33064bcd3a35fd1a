package com.storageplatform.catalogue.coupon;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.Outbox;
import com.storageplatform.catalogue.Pages;
import com.storageplatform.catalogue.product.CatalogueApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/coupons}: fields, every rule, codes, the advertised rule, filters, sites, unit types and tenants. */
@PlatformTest
class CouponTest {

    static final String TEN_PERCENT = """
            {"name": "Ten off", "discount_kind": "percent", "discount_value": 10, "duration": "once"}
            """;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CatalogueApi api;
    CatalogueApi sites;
    final Caller caller = CatalogueApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CatalogueApi(client, json, "/v1/coupons");
        sites = api.on("/v1/sites");
    }

    private String site(Caller owner, String name) {
        return sites.createId(owner, "{\"name\": \"" + name + "\", \"timezone\": \"Europe/London\"}");
    }

    private String unitType(Caller owner, String site) {
        return api.on("/v1/unit-types").createId(owner, """
                {"site_id": "%s", "name": "50 sq ft", "price_minor": 9900, "currency": "GBP"}
                """.formatted(site));
    }

    @Test
    void aCouponHasEveryFieldWithItsDefaultsAndWhatItAppliesTo() {
        JsonNode coupon = api.create(caller, TEN_PERCENT);

        assertThat(coupon.propertyNames()).containsExactly("id", "object", "name", "code", "discount_kind",
                "discount_value", "currency", "duration", "duration_months", "online", "auto_apply", "site_ids",
                "unit_type_ids", "advertised", "applies_to", "status", "valid_from", "valid_to", "max_redemptions",
                "created_at", "updated_at");
        assertThat(coupon.get("object").asString()).isEqualTo("coupon");
        assertThat(coupon.get("online").asBoolean()).isTrue();
        assertThat(coupon.get("auto_apply").asBoolean()).isFalse();
        assertThat(coupon.get("advertised").asBoolean()).isFalse();
        assertThat(coupon.get("site_ids").size()).isZero();
        assertThat(coupon.get("status").asString()).isEqualTo("active");
        assertThat(coupon.get("applies_to").toString()).isEqualTo("[\"licence_fee\"]");

        JsonNode repeating = api.create(caller, """
                {"name": "Half off", "code": "half-3", "discount_kind": "fixed_amount", "discount_value": 2500,
                 "currency": "GBP", "duration": "repeating", "duration_months": 3, "valid_from": "2026-01-01",
                 "valid_to": "2026-12-31", "max_redemptions": 100, "auto_apply": true}
                """);
        assertThat(repeating.get("code").asString()).isEqualTo("HALF-3");
        assertThat(repeating.get("duration_months").asInt()).isEqualTo(3);
        assertThat(repeating.get("valid_to").asString()).isEqualTo("2026-12-31");
        assertThat(repeating.get("applies_to").toString()).isEqualTo("[\"licence_fee\",\"fee\"]");
        assertThat(api.issues(api.post(caller, TEN_PERCENT.replace("}", ", \"applies_to\": []}"))))
                .containsExactly("applies_to unknown_field");
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("name required",
                "discount_kind required", "discount_value required", "duration required");
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "code": "no spaces!", "discount_kind": "percent", "discount_value": 101,
                 "currency": "GBP", "duration": "once", "duration_months": 2, "valid_from": "2026-02-30",
                 "max_redemptions": 0, "status": "deleted"}
                """))).containsExactlyInAnyOrder("code invalid", "discount_value above_maximum",
                "currency not_allowed", "duration_months not_allowed", "valid_from invalid",
                "max_redemptions below_minimum", "status invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "discount_kind": "fixed_amount", "discount_value": 0, "duration": "repeating",
                 "valid_from": "2026-06-01", "valid_to": "2026-05-31"}
                """))).containsExactlyInAnyOrder("discount_value below_minimum", "currency required",
                "duration_months required", "valid_to below_minimum");
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "discount_kind": "percent", "discount_value": 0, "duration": "repeating",
                 "duration_months": 37}
                """))).containsExactlyInAnyOrder("discount_value below_minimum", "duration_months above_maximum");
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "discount_kind": "amount", "discount_value": 5, "duration": "always",
                 "site_ids": ["nope", "%1$s", "%1$s"]}
                """.formatted(Ids.newId())))).containsExactlyInAnyOrder("discount_kind invalid", "duration invalid",
                "site_ids[0] invalid", "site_ids[2] duplicate");
    }

    @Test
    void codesAreUniquePerAccountWhateverTheirCase() {
        Caller account = CatalogueApi.newAccount();
        String summer = api.createId(account, TEN_PERCENT.replace("}", ", \"code\": \"Summer-25\"}"));

        assertThat(api.errorCode(api.post(account, TEN_PERCENT.replace("}", ", \"code\": \"SUMMER-25\"}")), 409))
                .isEqualTo("conflict");
        String other = api.createId(account, TEN_PERCENT.replace("}", ", \"code\": \"WINTER\"}"));
        assertThat(api.errorCode(api.patch(account, other, "{\"code\": \"summer-25\"}"), 409)).isEqualTo("conflict");
        assertThat(api.createId(CatalogueApi.newAccount(), TEN_PERCENT.replace("}", ", \"code\": \"summer-25\"}")))
                .isNotBlank();

        assertThat(api.listedIds(account, "?code=summer-25")).containsExactly(summer);
        assertThat(api.issues(api.get(account, "?code=not%20a%20code"), 400)).containsExactly("code invalid");
        assertThat(api.updated(account, other, "{\"code\": null}").get("code").isNull()).isTrue();
    }

    @Test
    void onlyAOnceOnlineCouponForEverySiteAndUnitTypeCanBeAdvertised() {
        String siteId = site(caller, "North");
        JsonNode advertised = api.create(caller, TEN_PERCENT.replace("}", ", \"advertised\": true}"));
        assertThat(advertised.get("advertised").asBoolean()).isTrue();

        for (String refused : List.of(
                "\"duration\": \"forever\", \"online\": true, \"site_ids\": []",
                "\"duration\": \"once\", \"online\": false, \"site_ids\": []",
                "\"duration\": \"once\", \"online\": true, \"site_ids\": [\"" + siteId + "\"]")) {
            String body = """
                    {"name": "Offer", "discount_kind": "fixed_amount", "discount_value": 500, "currency": "GBP",
                     "advertised": true, %s}
                    """.formatted(refused);
            assertThat(api.issues(api.post(caller, body))).as(refused).containsExactly("advertised not_allowed");
        }

        String id = advertised.get("id").asString();
        assertThat(api.issues(api.patch(caller, id, "{\"duration\": \"repeating\", \"duration_months\": 2}")))
                .containsExactly("advertised not_allowed");
        assertThat(api.issues(api.patch(caller, id, "{\"online\": false}"))).containsExactly("advertised not_allowed");
        assertThat(api.issues(api.patch(caller, id, "{\"site_ids\": [\"" + siteId + "\"]}")))
                .containsExactly("advertised not_allowed");
        assertThat(api.updated(caller, id, "{\"advertised\": false, \"online\": false}").get("online").asBoolean())
                .isFalse();
        assertThat(api.issues(api.patch(caller, id, "{\"advertised\": true}"))).containsExactly(
                "advertised not_allowed");
    }

    @Test
    void anAdvertisedCouponAppliesToEveryUnitTypeSoNamingOneIsRefused() {
        String type = unitType(caller, site(caller, "East"));
        String withType = TEN_PERCENT.replace("}",
                ", \"advertised\": true, \"unit_type_ids\": [\"" + type + "\"]}");
        assertThat(api.issues(api.post(caller, withType))).containsExactly("advertised not_allowed");

        String advertised = api.createId(caller, TEN_PERCENT.replace("}", ", \"advertised\": true}"));
        assertThat(api.issues(api.patch(caller, advertised, "{\"unit_type_ids\": [\"" + type + "\"]}")))
                .containsExactly("advertised not_allowed");
        assertThat(api.read(caller, advertised).get("unit_type_ids").size()).isZero();
        // Withdrawn from advertising in the same request, it may be limited to the unit type.
        assertThat(api.updated(caller, advertised, "{\"advertised\": false, \"unit_type_ids\": [\"" + type
                + "\"]}").get("unit_type_ids").get(0).asString()).isEqualTo(type);
    }

    @Test
    void sitesAndUnitTypesMustBeTheAccountsAndUnitTypesAtTheCouponsSites() {
        String north = site(caller, "North");
        String south = site(caller, "South");
        String northType = unitType(caller, north);
        String southType = unitType(caller, south);
        String foreignSite = site(CatalogueApi.newAccount(), "Foreign");

        JsonNode coupon = api.create(caller, TEN_PERCENT.replace("}",
                ", \"site_ids\": [\"%s\"], \"unit_type_ids\": [\"%s\"]}".formatted(north, northType)));
        assertThat(coupon.get("site_ids").get(0).asString()).isEqualTo(north);
        assertThat(coupon.get("unit_type_ids").get(0).asString()).isEqualTo(northType);

        assertThat(api.issues(api.post(caller, TEN_PERCENT.replace("}",
                ", \"site_ids\": [\"%s\", \"%s\"], \"unit_type_ids\": [\"%s\", \"%s\"]}".formatted(north, foreignSite,
                        southType, Ids.newId()))))).containsExactlyInAnyOrder("site_ids[1] not_found",
                "unit_type_ids[0] not_allowed", "unit_type_ids[1] not_found");
        assertThat(api.create(caller, TEN_PERCENT.replace("}",
                ", \"unit_type_ids\": [\"%s\", \"%s\"]}".formatted(northType, southType))).get("unit_type_ids")
                .size()).isEqualTo(2);
    }

    @Test
    void anUnknownSiteOrUnitTypeIsNamedAtItsPositionAsSent() {
        String north = site(caller, "North");
        String south = site(caller, "South");
        String southType = unitType(caller, south);
        String foreignSite = site(CatalogueApi.newAccount(), "Foreign");
        String body = TEN_PERCENT.replace("}", ", \"site_ids\": [\"nope\", \"%s\", \"%s\"], "
                + "\"unit_type_ids\": [\"%s\", \"nope\", \"%s\"]}");

        assertThat(api.issues(api.post(caller, body.formatted(north, foreignSite, Ids.newId(), southType))))
                .containsExactlyInAnyOrder("site_ids[0] invalid", "site_ids[2] not_found",
                        "unit_type_ids[0] not_found", "unit_type_ids[1] invalid", "unit_type_ids[2] not_allowed");
        String coupon = api.createId(caller, TEN_PERCENT.replace("}", ", \"site_ids\": [\"%s\"]}".formatted(north)));
        assertThat(api.issues(api.patch(caller, coupon, "{\"unit_type_ids\": [\"nope\", \"%s\"]}"
                .formatted(southType)))).containsExactlyInAnyOrder("unit_type_ids[0] invalid",
                "unit_type_ids[1] not_allowed");
    }

    @Test
    void aSiteRestrictedCallerSeesAndWritesOnlyCouponsOfItsSites() {
        Caller account = CatalogueApi.newAccount();
        String north = site(account, "North");
        String south = site(account, "South");
        String southType = unitType(account, south);
        String everywhere = api.createId(account, TEN_PERCENT);
        String northOnly = api.createId(account, atSites(north));
        String southOnly = api.createId(account, atSites(south));
        Caller restricted = TestCallers.restrictedTo(account, UUID.fromString(north));

        assertThat(api.listedIds(restricted, "")).containsExactly(northOnly, everywhere);
        assertThat(api.listedIds(account, "?site_id=" + south)).containsExactly(southOnly, everywhere);
        assertThat(api.errorCode(api.get(restricted, "?site_id=" + south), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "/" + southOnly), 403)).isEqualTo("site_forbidden");
        assertThat(api.read(restricted, everywhere).get("id").asString()).isEqualTo(everywhere);

        assertThat(api.errorCode(api.post(restricted, TEN_PERCENT), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, atSites(north, south)), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.post(restricted, atSites(north).replace("}",
                ", \"unit_type_ids\": [\"" + southType + "\"]}")), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, everywhere, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, northOnly, "{\"site_ids\": []}"), 403))
                .isEqualTo("site_forbidden");
        String own = api.createId(restricted, atSites(north));
        assertThat(api.updated(restricted, own, "{\"name\": \"North only\"}").get("name").asString())
                .isEqualTo("North only");
    }

    @Test
    void theListFiltersOnStatusAndAdvertisedAndRefusesBadValues() {
        Caller account = CatalogueApi.newAccount();
        String plain = api.createId(account, TEN_PERCENT);
        String advertised = api.createId(account, TEN_PERCENT.replace("}", ", \"advertised\": true}"));
        api.updated(account, plain, "{\"status\": \"archived\"}");

        assertThat(api.listedIds(account, "?advertised=true")).containsExactly(advertised);
        assertThat(api.listedIds(account, "?advertised=false&status=archived")).containsExactly(plain);
        assertThat(api.listedIds(account, "?limit=1")).containsExactly(advertised);
        for (String bad : List.of("advertised=yes", "status=live", "site_id=123", "limit=0")) {
            String parameter = bad.substring(0, bad.indexOf('='));
            assertThat(api.issues(api.get(account, "?" + bad), 400)).as(bad).hasSize(1)
                    .allMatch(issue -> issue.startsWith(parameter + " "));
        }
        assertThat(api.errorCode(api.delete(account, plain), 405)).isEqualTo("method_not_allowed");
    }

    @Test
    void theListPagesNewestFirstByCursorWithItsFilters() {
        Caller account = CatalogueApi.newAccount();
        String north = site(account, "North");
        String first = api.createId(account, TEN_PERCENT);
        String second = api.createId(account, atSites(north));
        String third = api.createId(account, TEN_PERCENT);
        String archived = api.createId(account, TEN_PERCENT);
        api.updated(account, archived, "{\"status\": \"archived\"}");

        assertThat(Pages.walk(query -> api.list(account, query), "", 3))
                .containsExactly(List.of(archived, third, second), List.of(first));
        assertThat(Pages.walk(query -> api.list(account, query), "?status=active", 2))
                .containsExactly(List.of(third, second), List.of(first));
        assertThat(Pages.walk(query -> api.list(account, query), "?site_id=" + north + "&status=active", 1))
                .containsExactly(List.of(third), List.of(second), List.of(first));
    }

    @Test
    void changesPublishEventsWithTheCouponAndRefusedOrEmptyChangesNone() {
        JsonNode created = api.create(caller, TEN_PERCENT);
        String id = created.get("id").asString();
        api.updated(caller, id, "{\"name\": \"Ten off\", \"duration\": \"once\"}");
        api.issues(api.patch(caller, id, "{\"discount_value\": 101}"));
        JsonNode updated = api.updated(caller, id, "{\"discount_value\": 15}");
        JsonNode archived = api.updated(caller, id, "{\"status\": \"archived\"}");
        JsonNode renamed = api.updated(caller, id, "{\"name\": \"Fifteen off\"}");

        List<JsonNode> events = Outbox.about(db, json, id);
        assertThat(events).extracting(event -> event.get("type").asString()).containsExactly("coupon.created",
                "coupon.updated", "coupon.archived", "coupon.updated");
        assertThat(events).extracting(event -> event.get("data")).containsExactly(created, updated, archived,
                renamed);
    }

    @Test
    void anotherAccountsCouponIsNotFoundAndNeverListed() {
        Caller owner = CatalogueApi.newAccount();
        Caller stranger = CatalogueApi.newAccount();
        String id = api.createId(owner, TEN_PERCENT);

        assertThat(api.errorCode(api.get(stranger, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, id, "{\"name\": \"x\"}"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "")).isEmpty();
    }

    private static String atSites(String... siteIds) {
        return TEN_PERCENT.replace("}", ", \"site_ids\": [\"" + String.join("\", \"", siteIds) + "\"]}");
    }
}
