package com.storageplatform.catalogue.product;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
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

/** {@code /v1/products}: fields and defaults, every rule, updates, filters and paging, tenants and sites. */
@PlatformTest
class ProductTest {

    static final String PADLOCK = """
            {"name": "Disc padlock", "price_mode": "fixed", "unit_price_e4": 129900, "currency": "GBP"}
            """;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CatalogueApi api;
    final Caller caller = CatalogueApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CatalogueApi(client, json, "/v1/products");
    }

    @Test
    void aProductNeedsANamePriceModePriceAndCurrencyAndTheRestTakesDefaults() {
        JsonNode product = api.create(caller, PADLOCK);

        assertThat(product.propertyNames()).containsExactly("id", "object", "name", "description", "sku",
                "accounting_code", "usable_website", "usable_shop", "track_stock", "stock_on_hand", "price_mode",
                "unit_label", "unit_price_e4", "currency", "standard_rate_above_per_day", "vat_treatment", "status",
                "created_at", "updated_at");
        assertThat(product.get("object").asString()).isEqualTo("product");
        assertThat(product.get("unit_price_e4").asLong()).isEqualTo(129900);
        assertThat(product.get("usable_website").asBoolean()).isFalse();
        assertThat(product.get("usable_shop").asBoolean()).isTrue();
        assertThat(product.get("track_stock").asBoolean()).isFalse();
        assertThat(product.get("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(product.get("status").asString()).isEqualTo("active");
        for (String nullable : List.of("description", "sku", "accounting_code", "stock_on_hand", "unit_label",
                "standard_rate_above_per_day")) {
            assertThat(product.get(nullable).isNull()).as(nullable).isTrue();
        }
        assertThat(api.read(caller, product.get("id").asString())).isEqualTo(product);
    }

    @Test
    void everyFieldIsStoredAsSent() {
        JsonNode product = api.create(caller, """
                {"name": " Archive box ", "description": "Double-walled.", "sku": "BOX-L", "accounting_code": "4010",
                 "usable_website": true, "usable_shop": true, "track_stock": true, "stock_on_hand": 40,
                 "price_mode": "per_unit", "unit_label": "box", "unit_price_e4": 34500, "currency": "GBP",
                 "standard_rate_above_per_day": 1500, "vat_treatment": "reduced_5", "status": "active"}
                """);

        assertThat(product.get("name").asString()).isEqualTo("Archive box");
        assertThat(product.get("stock_on_hand").asLong()).isEqualTo(40);
        assertThat(product.get("unit_label").asString()).isEqualTo("box");
        assertThat(product.get("standard_rate_above_per_day").asLong()).isEqualTo(1500);
        assertThat(product.get("vat_treatment").asString()).isEqualTo("reduced_5");
        assertThat(product.get("usable_website").asBoolean()).isTrue();
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("name required",
                "price_mode required", "unit_price_e4 required", "currency required");
        assertThat(api.issues(api.post(caller, """
                {"name": "%s", "description": "%s", "sku": "%s", "price_mode": "per_item", "unit_price_e4": -1,
                 "currency": "XXY", "vat_treatment": "standard", "status": "deleted", "track_stock": true,
                 "standard_rate_above_per_day": -5}
                """.formatted("n".repeat(201), "d".repeat(2001), "s".repeat(65))))).containsExactlyInAnyOrder(
                "name too_long", "description too_long", "sku too_long", "stock_on_hand required",
                "price_mode invalid", "unit_price_e4 below_minimum", "currency invalid", "vat_treatment invalid",
                "standard_rate_above_per_day below_minimum", "status invalid");
    }

    @Test
    void fieldsThatDependOnAnotherAreRequiredOrRefusedByIt() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Box", "price_mode": "per_unit", "unit_price_e4": 100, "currency": "GBP",
                 "stock_on_hand": 3, "standard_rate_above_per_day": 100}
                """))).containsExactlyInAnyOrder("unit_label required", "stock_on_hand not_allowed",
                "standard_rate_above_per_day not_allowed");
        assertThat(api.issues(api.post(caller, """
                {"name": "Fee", "price_mode": "fixed", "unit_label": "fee", "unit_price_e4": 100, "currency": "GBP"}
                """))).containsExactly("unit_label not_allowed");
    }

    @Test
    void unknownFieldsAndWrongTypesAreRefused() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Lock", "price_mode": "fixed", "unit_price_e4": 1, "currency": "GBP", "colour": "red"}
                """))).containsExactly("colour unknown_field");
        assertThat(api.issues(api.post(caller, """
                {"name": "Lock", "price_mode": "fixed", "unit_price_e4": "1", "currency": "GBP"}
                """))).containsExactly("unit_price_e4 invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Lock", "price_mode": "fixed", "unit_price_e4": 1, "currency": "GBP", "usable_shop": "yes"}
                """))).containsExactly("usable_shop invalid");
    }

    @Test
    void anUpdateChangesOnlyWhatIsSentAndDependentFieldsFollow() {
        JsonNode box = api.create(caller, """
                {"name": "Box", "price_mode": "per_unit", "unit_label": "box", "unit_price_e4": 25000,
                 "currency": "GBP", "track_stock": true, "stock_on_hand": 10, "vat_treatment": "zero",
                 "standard_rate_above_per_day": 500}
                """);
        String id = box.get("id").asString();

        JsonNode renamed = api.updated(caller, id, "{\"name\": \"Large box\", \"description\": \"Sturdy\"}");
        assertThat(renamed.get("name").asString()).isEqualTo("Large box");
        assertThat(renamed.get("unit_label").asString()).isEqualTo("box");

        JsonNode fixed = api.updated(caller, id, """
                {"price_mode": "fixed", "track_stock": false, "vat_treatment": "standard_20"}
                """);
        assertThat(fixed.get("unit_label").isNull()).isTrue();
        assertThat(fixed.get("stock_on_hand").isNull()).isTrue();
        assertThat(fixed.get("standard_rate_above_per_day").isNull()).isTrue();

        assertThat(api.issues(api.patch(caller, id, "{\"track_stock\": true}")))
                .containsExactly("stock_on_hand required");
        assertThat(api.issues(api.patch(caller, id, """
                {"name": null, "usable_website": null, "currency": null, "unit_price_e4": null, "status": null}
                """))).containsExactlyInAnyOrder("name required", "usable_website required", "currency required",
                "unit_price_e4 required", "status required");
        assertThat(api.issues(api.patch(caller, id, "{\"object\": \"coupon\"}")))
                .containsExactly("object unknown_field");

        JsonNode cleared = api.updated(caller, id, "{\"description\": null}");
        assertThat(cleared.get("description").isNull()).isTrue();
        assertThat(api.updated(caller, id, "{}")).isEqualTo(cleared);
    }

    @Test
    void archivingIsAStatusChangeAndDeleteIsNotAllowed() {
        String id = api.createId(caller, PADLOCK);

        assertThat(api.updated(caller, id, "{\"status\": \"archived\"}").get("status").asString())
                .isEqualTo("archived");
        assertThat(api.errorCode(api.delete(caller, id), 405)).isEqualTo("method_not_allowed");
        assertThat(outboxTypes(id)).containsExactly("product.created", "product.archived");
    }

    @Test
    void theListFiltersOnUsableWebsiteUsableShopAndStatusAndPagesNewestFirst() {
        Caller account = CatalogueApi.newAccount();
        String web = api.createId(account, product("Web lock", true, false));
        String shop = api.createId(account, product("Shop lock", false, true));
        String both = api.createId(account, product("Both lock", true, true));
        api.updated(account, shop, "{\"status\": \"archived\"}");

        assertThat(api.listedIds(account, "")).containsExactly(both, shop, web);
        assertThat(api.listedIds(account, "?usable_website=true")).containsExactly(both, web);
        assertThat(api.listedIds(account, "?usable_website=false")).containsExactly(shop);
        assertThat(api.listedIds(account, "?usable_shop=true&status=active")).containsExactly(both);
        assertThat(api.listedIds(account, "?status=archived")).containsExactly(shop);

        JsonNode first = api.list(account, "?usable_website=true&limit=1");
        assertThat(first.get("meta").get("limit").asInt()).isEqualTo(1);
        assertThat(first.get("meta").get("cursor").get("has_more").asBoolean()).isTrue();
        String cursor = first.get("meta").get("cursor").get("next").asString();
        JsonNode second = api.list(account, "?usable_website=true&limit=1&cursor=" + cursor);
        assertThat(second.get("data").get(0).get("id").asString()).isEqualTo(web);
        assertThat(second.get("meta").get("cursor").get("has_more").asBoolean()).isFalse();

        for (String bad : List.of("usable_website=yes", "usable_website=TRUE", "usable_website=",
                "usable_shop=1", "status=deleted")) {
            String parameter = bad.substring(0, bad.indexOf('='));
            assertThat(api.issues(api.get(account, "?" + bad), 400)).as(bad).containsExactly(parameter + " invalid");
        }
        assertThat(api.issues(api.get(account, "?usable_website=false&cursor=" + cursor), 400))
                .containsExactly("cursor invalid");
    }

    @Test
    void anotherAccountsProductIsNotFoundAndNeverListed() {
        Caller owner = CatalogueApi.newAccount();
        Caller stranger = CatalogueApi.newAccount();
        String id = api.createId(owner, PADLOCK);

        assertThat(api.errorCode(api.get(stranger, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, id, "{\"name\": \"Mine\"}"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.errorCode(api.get(owner, "/not-an-id"), 404)).isEqualTo("not_found");
        assertThat(api.read(owner, id).get("name").asString()).isEqualTo("Disc padlock");
    }

    @Test
    void aSiteRestrictedCallerReadsProductsButCannotChangeThem() {
        Caller account = CatalogueApi.newAccount();
        String id = api.createId(account, PADLOCK);
        Caller restricted = TestCallers.restrictedTo(account, UUID.randomUUID());

        assertThat(api.read(restricted, id).get("id").asString()).isEqualTo(id);
        assertThat(api.listedIds(restricted, "")).containsExactly(id);
        assertThat(api.errorCode(api.post(restricted, PADLOCK), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, id, "{\"name\": \"x\"}"), 403)).isEqualTo("site_forbidden");
    }

    private static String product(String name, boolean website, boolean shop) {
        return """
                {"name": "%s", "price_mode": "fixed", "unit_price_e4": 50000, "currency": "GBP",
                 "usable_website": %s, "usable_shop": %s}
                """.formatted(name, website, shop);
    }

    private List<String> outboxTypes(String subject) {
        return db.sql("""
                SELECT payload::jsonb ->> 'type' AS type FROM outbox_events
                WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq
                """)
                .bind("id", subject)
                .map(row -> row.get("type", String.class)).all().collectList().block();
    }
}
