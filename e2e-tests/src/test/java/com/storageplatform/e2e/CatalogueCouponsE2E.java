package com.storageplatform.e2e;

import static com.storageplatform.e2e.Account.errorCode;
import static com.storageplatform.e2e.Account.issues;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/coupons} through the gateway, mirroring catalogue-service's coupon tests: defaults and
 * {@code applies_to}, every field rule, codes unique per account, the advertised rule (a once-only online coupon
 * for every site), and coupons restricted to sites.
 */
class CatalogueCouponsE2E {

    static final String TEN_PERCENT = """
            {"name": "Ten off", "discount_kind": "percent", "discount_value": 10, "duration": "once"}
            """;

    private final DevStack stack = Stack.get();

    private static String tenPercentWith(String extraFields) {
        return TEN_PERCENT.replace("}", ", " + extraFields + "}");
    }

    private static String atSites(String... siteIds) {
        return tenPercentWith("\"site_ids\": [\"" + String.join("\", \"", siteIds) + "\"]");
    }

    @Test
    void aCouponTakesItsDefaultsAndAppliesToWhatItsDurationAllows() {
        Account account = Account.create(stack, "Coupons Defaults Ltd");

        JsonNode once = account.created("/v1/coupons", TEN_PERCENT);
        assertThat(once.path("object").asString()).isEqualTo("coupon");
        assertThat(once.path("online").asBoolean()).isTrue();
        assertThat(once.path("auto_apply").asBoolean()).isFalse();
        assertThat(once.path("advertised").asBoolean()).isFalse();
        assertThat(once.path("site_ids").size()).isZero();
        assertThat(once.path("status").asString()).isEqualTo("active");
        assertThat(once.path("applies_to").toString()).isEqualTo("[\"licence_fee\"]");

        JsonNode repeating = account.created("/v1/coupons", """
                {"name": "Half off", "code": "half-3", "discount_kind": "fixed_amount", "discount_value": 2500,
                 "currency": "GBP", "duration": "repeating", "duration_months": 3, "valid_from": "2026-01-01",
                 "valid_to": "2026-12-31", "max_redemptions": 100, "auto_apply": true}
                """);
        assertThat(repeating.path("code").asString()).isEqualTo("HALF-3");
        assertThat(repeating.path("duration_months").asInt()).isEqualTo(3);
        assertThat(repeating.path("applies_to").toString()).isEqualTo("[\"licence_fee\",\"fee\"]");
        assertThat(issues(account.post("/v1/coupons", tenPercentWith("\"applies_to\": []"))))
                .containsExactly("applies_to unknown_field");
    }

    @Test
    void everyBadCouponFieldIsNamedInOneAnswer() {
        Account account = Account.create(stack, "Coupons Rules Ltd");

        assertThat(issues(account.post("/v1/coupons", "{}"))).containsExactlyInAnyOrder("name required",
                "discount_kind required", "discount_value required", "duration required");
        assertThat(issues(account.post("/v1/coupons", """
                {"name": "Bad", "code": "no spaces!", "discount_kind": "percent", "discount_value": 101,
                 "currency": "GBP", "duration": "once", "duration_months": 2, "valid_from": "2026-02-30",
                 "max_redemptions": 0, "status": "deleted"}
                """))).containsExactlyInAnyOrder("code invalid", "discount_value above_maximum",
                "currency not_allowed", "duration_months not_allowed", "valid_from invalid",
                "max_redemptions below_minimum", "status invalid");
        assertThat(issues(account.post("/v1/coupons", """
                {"name": "Bad", "discount_kind": "fixed_amount", "discount_value": 0, "duration": "repeating",
                 "valid_from": "2026-06-01", "valid_to": "2026-05-31"}
                """))).containsExactlyInAnyOrder("discount_value below_minimum", "currency required",
                "duration_months required", "valid_to below_minimum");
        assertThat(issues(account.post("/v1/coupons", """
                {"name": "Bad", "discount_kind": "amount", "discount_value": 5, "duration": "always",
                 "site_ids": ["nope", "%1$s", "%1$s"]}
                """.formatted(CommerceEvents.newId())))).containsExactlyInAnyOrder("discount_kind invalid",
                "duration invalid", "site_ids[0] invalid", "site_ids[2] duplicate");
    }

    @Test
    void codesAreUniquePerAccountWhateverTheirCase() {
        Account account = Account.create(stack, "Coupons Codes Ltd");
        String summer = account.createdId("/v1/coupons", tenPercentWith("\"code\": \"Summer-25\""));

        assertThat(errorCode(account.post("/v1/coupons", tenPercentWith("\"code\": \"SUMMER-25\"")), 409))
                .isEqualTo("conflict");
        String other = account.createdId("/v1/coupons", tenPercentWith("\"code\": \"WINTER\""));
        assertThat(errorCode(account.patch("/v1/coupons/" + other, "{\"code\": \"summer-25\"}"), 409))
                .isEqualTo("conflict");
        assertThat(Account.create(stack, "Coupons Other Codes Ltd")
                .createdId("/v1/coupons", tenPercentWith("\"code\": \"summer-25\""))).isNotBlank();
        assertThat(account.listed("/v1/coupons?code=summer-25")).containsExactly(summer);
        assertThat(issues(account.get("/v1/coupons?code=not%20a%20code"), 400)).containsExactly("code invalid");
        assertThat(account.updated("/v1/coupons/" + other, "{\"code\": null}").path("code").isNull()).isTrue();
    }

    @Test
    void onlyAOnceOnlineCouponForEverySiteCanBeAdvertised() {
        Account account = Account.create(stack, "Coupons Advertised Ltd");
        String site = account.site("North");
        JsonNode advertised = account.created("/v1/coupons", tenPercentWith("\"advertised\": true"));
        assertThat(advertised.path("advertised").asBoolean()).isTrue();

        for (String refused : List.of(
                "\"duration\": \"forever\", \"online\": true, \"site_ids\": []",
                "\"duration\": \"once\", \"online\": false, \"site_ids\": []",
                "\"duration\": \"once\", \"online\": true, \"site_ids\": [\"" + site + "\"]")) {
            assertThat(issues(account.post("/v1/coupons", """
                    {"name": "Offer", "discount_kind": "fixed_amount", "discount_value": 500, "currency": "GBP",
                     "advertised": true, %s}
                    """.formatted(refused)))).as(refused).containsExactly("advertised not_allowed");
        }

        String path = "/v1/coupons/" + advertised.path("id").asString();
        assertThat(issues(account.patch(path, "{\"duration\": \"repeating\", \"duration_months\": 2}")))
                .containsExactly("advertised not_allowed");
        assertThat(issues(account.patch(path, "{\"online\": false}"))).containsExactly("advertised not_allowed");
        assertThat(issues(account.patch(path, "{\"site_ids\": [\"" + site + "\"]}")))
                .containsExactly("advertised not_allowed");
        assertThat(account.updated(path, "{\"advertised\": false, \"online\": false}").path("online").asBoolean())
                .isFalse();
        assertThat(issues(account.patch(path, "{\"advertised\": true}"))).containsExactly("advertised not_allowed");
        assertThat(account.listed("/v1/coupons?advertised=true")).isEmpty();
    }

    @Test
    void aCouponsSitesAndUnitTypesMustBeTheAccountsAndItsUnitTypesAtItsSites() {
        Account account = Account.create(stack, "Coupons Sites Ltd");
        String north = account.site("North");
        String south = account.site("South");
        String northType = account.unitType(north, "50 sq ft", 9900);
        String southType = account.unitType(south, "50 sq ft", 9900);
        String foreignSite = Account.create(stack, "Coupons Foreign Ltd").site("Foreign");

        JsonNode coupon = account.created("/v1/coupons", tenPercentWith(
                "\"site_ids\": [\"%s\"], \"unit_type_ids\": [\"%s\"]".formatted(north, northType)));
        assertThat(coupon.path("site_ids").get(0).asString()).isEqualTo(north);
        assertThat(coupon.path("unit_type_ids").get(0).asString()).isEqualTo(northType);
        assertThat(issues(account.post("/v1/coupons", tenPercentWith(
                "\"site_ids\": [\"%s\", \"%s\"], \"unit_type_ids\": [\"%s\", \"%s\"]".formatted(north, foreignSite,
                        southType, CommerceEvents.newId()))))).containsExactlyInAnyOrder("site_ids[1] not_found",
                "unit_type_ids[0] not_allowed", "unit_type_ids[1] not_found");
    }

    @Test
    void aSiteRestrictedKeySeesAndWritesOnlyCouponsOfItsSites() {
        Account account = Account.create(stack, "Coupons Restricted Ltd");
        String north = account.site("North");
        String south = account.site("South");
        String southType = account.unitType(south, "50 sq ft", 9900);
        String everywhere = account.createdId("/v1/coupons", TEN_PERCENT);
        String northOnly = account.createdId("/v1/coupons", atSites(north));
        String southOnly = account.createdId("/v1/coupons", atSites(south));
        String restricted = account.keyRestrictedTo(north);
        String url = stack.gatewayUrl() + "/v1/coupons";

        assertThat(Http.get(url, restricted).ids()).containsExactly(northOnly, everywhere);
        assertThat(errorCode(Http.get(url + "/" + southOnly, restricted), 403)).isEqualTo("site_forbidden");
        assertThat(Http.get(url + "/" + everywhere, restricted).data().path("id").asString()).isEqualTo(everywhere);

        assertThat(errorCode(Http.post(url, restricted, TEN_PERCENT), 403)).isEqualTo("site_forbidden");
        assertThat(errorCode(Http.post(url, restricted, atSites(north, south)), 403)).isEqualTo("site_forbidden");
        assertThat(errorCode(Http.post(url, restricted, atSites(north).replace("}",
                ", \"unit_type_ids\": [\"" + southType + "\"]}")), 403)).isEqualTo("site_forbidden");
        assertThat(errorCode(Http.patch(url + "/" + everywhere, restricted, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(errorCode(Http.patch(url + "/" + northOnly, restricted, "{\"site_ids\": []}"), 403))
                .isEqualTo("site_forbidden");
        Http.Response own = Http.post(url, restricted, atSites(north));
        assertThat(own.status()).as(own.body().toString()).isEqualTo(201);
        Http.Response renamed = Http.patch(url + "/" + own.data().path("id").asString(), restricted,
                "{\"name\": \"North only\"}");
        assertThat(renamed.status()).as(renamed.body().toString()).isEqualTo(200);
        assertThat(renamed.data().path("name").asString()).isEqualTo("North only");
    }
}
