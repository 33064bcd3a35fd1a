package com.storageplatform.catalogue.coverage;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.Outbox;
import com.storageplatform.catalogue.Pages;
import com.storageplatform.catalogue.product.CatalogueApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/coverage-products}: every rule of the spec, and 409 {@code cover_in_force} while commerce's
 * {@code cover.*} events (published to Kafka) say customers hold the product's cover.
 */
@PlatformTest
class CoverageProductTest {

    static final String INSURANCE = """
            {"name": "Goods insurance", "kind": "insurance", "insurer_name": "Acme Underwriting",
             "pricing_mode": "per_thousand", "rate_per_thousand_minor": 150, "currency": "GBP",
             "min_cover_minor": 100000, "max_cover_minor": 5000000, "rounding_step": 100000,
             "regulatory_basis_ref": "FCA 123456"}
            """;
    static final String WAIVER = """
            {"name": "Damage waiver", "kind": "waiver", "pricing_mode": "fixed_level", "price_minor": 599,
             "currency": "GBP"}
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
        api = new CatalogueApi(client, json, "/v1/coverage-products");
    }

    @Test
    void aCoverageProductHasEveryFieldAndItsDefaults() {
        JsonNode waiver = api.create(caller, WAIVER);

        assertThat(waiver.propertyNames()).containsExactly("id", "object", "name", "description", "kind",
                "insurer_name", "pricing_mode", "price_minor", "rate_per_thousand_minor", "currency",
                "min_cover_minor", "max_cover_minor", "rounding_step", "billing_cycle", "regulatory_basis_ref",
                "status", "created_at", "updated_at");
        assertThat(waiver.get("object").asString()).isEqualTo("coverage_product");
        assertThat(waiver.get("billing_cycle").asString()).isEqualTo("monthly");
        assertThat(waiver.get("status").asString()).isEqualTo("active");
        assertThat(waiver.get("price_minor").asLong()).isEqualTo(599);
        assertThat(waiver.get("insurer_name").isNull()).isTrue();

        JsonNode insurance = api.create(caller, INSURANCE);
        assertThat(insurance.get("insurer_name").asString()).isEqualTo("Acme Underwriting");
        assertThat(insurance.get("rate_per_thousand_minor").asLong()).isEqualTo(150);
        assertThat(insurance.get("price_minor").isNull()).isTrue();
        assertThat(api.listedIds(caller, "?kind=insurance")).containsExactly(insurance.get("id").asString());
        assertThat(api.issues(api.get(caller, "?kind=cover"), 400)).containsExactly("kind invalid");
    }

    @Test
    void theSpecsLimitsAreEachA422OnTheirField() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "insurance", "insurer_name": "Acme", "pricing_mode": "per_thousand",
                 "rate_per_thousand_minor": 100001, "currency": "GBP", "billing_cycle": "weekly",
                 "regulatory_basis_ref": "%s"}
                """.formatted("r".repeat(201))))).containsExactlyInAnyOrder("rate_per_thousand_minor above_maximum",
                "billing_cycle invalid", "regulatory_basis_ref too_long");
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "insurance", "insurer_name": "Acme", "pricing_mode": "per_thousand",
                 "rate_per_thousand_minor": 100000, "currency": "GBP", "regulatory_basis_ref": "FCA\\u0007 123"}
                """))).containsExactly("regulatory_basis_ref invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "insurance", "insurer_name": "Acme", "pricing_mode": "per_thousand",
                 "rate_per_thousand_minor": 100000, "currency": "GBP", "regulatory_basis_ref": "FCA 123\\n"}
                """))).containsExactly("regulatory_basis_ref invalid");
        assertThat(api.create(caller, """
                {"name": "Cover", "kind": "insurance", "insurer_name": "Acme", "pricing_mode": "per_thousand",
                 "rate_per_thousand_minor": 100000, "currency": "GBP", "regulatory_basis_ref": "%s"}
                """.formatted("r".repeat(200))).get("rate_per_thousand_minor").asLong()).isEqualTo(100000);
    }

    @Test
    void aWaiverWhoseNameSaysInsuranceIsRefusedOnName() {
        for (String name : List.of("Contents Insurance", "Insured waiver", "We INSURE your goods")) {
            assertThat(api.issues(api.post(caller, WAIVER.replace("Damage waiver", name)))).as(name)
                    .containsExactly("name not_allowed");
        }
        String waiver = api.createId(caller, WAIVER);
        assertThat(api.issues(api.patch(caller, waiver, "{\"name\": \"Storage insurance\"}")))
                .containsExactly("name not_allowed");
        assertThat(api.create(caller, INSURANCE.replace("Goods insurance", "Insured goods")).get("name").asString())
                .isEqualTo("Insured goods");
    }

    @Test
    void kindAndPricingModeDecideWhichFieldsAnActiveProductNeedsAndWhichAreRefused() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "insurance", "pricing_mode": "per_thousand", "currency": "GBP",
                 "price_minor": 100, "status": "active"}
                """))).containsExactlyInAnyOrder("insurer_name required", "rate_per_thousand_minor required",
                "price_minor not_allowed");
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "waiver", "insurer_name": "Acme", "pricing_mode": "fixed_level",
                 "rate_per_thousand_minor": 10, "currency": "GBP", "status": "active"}
                """))).containsExactlyInAnyOrder("insurer_name not_allowed", "price_minor required",
                "rate_per_thousand_minor not_allowed");
        // Fields of another kind or pricing mode are refused whatever the status.
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "waiver", "insurer_name": "Acme", "pricing_mode": "fixed_level",
                 "rate_per_thousand_minor": 10, "currency": "GBP"}
                """))).containsExactlyInAnyOrder("insurer_name not_allowed", "rate_per_thousand_minor not_allowed");
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "waiver", "pricing_mode": "fixed_level", "price_minor": 100,
                 "currency": "GBP", "min_cover_minor": 200000, "max_cover_minor": 100000, "rounding_step": 0}
                """))).containsExactlyInAnyOrder("max_cover_minor below_minimum", "rounding_step below_minimum");
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("name required", "kind required",
                "pricing_mode required", "currency required");
        assertThat(api.issues(api.post(caller, """
                {"name": "Cover", "kind": "bond", "pricing_mode": "flat", "currency": "gbp", "status": "archived"}
                """))).containsExactlyInAnyOrder("kind invalid", "pricing_mode invalid", "currency invalid",
                "status invalid");
    }

    @Test
    void theMinimalBodyMakesAnInactiveProductThatIsActivatedOnlyOnceItsPricingIsComplete() {
        String minimal = """
                {"name": "Goods insurance", "kind": "insurance", "pricing_mode": "per_thousand", "currency": "GBP"}
                """;
        JsonNode created = api.create(caller, minimal);
        String id = created.get("id").asString();
        assertThat(created.get("status").asString()).isEqualTo("inactive");
        assertThat(created.get("insurer_name").isNull()).isTrue();
        assertThat(created.get("rate_per_thousand_minor").isNull()).isTrue();
        JsonNode waiver = api.create(caller, """
                {"name": "Damage waiver", "kind": "waiver", "pricing_mode": "fixed_level", "currency": "GBP"}
                """);
        assertThat(waiver.get("status").asString()).isEqualTo("inactive");
        assertThat(api.listedIds(caller, "?status=inactive")).containsExactly(waiver.get("id").asString(), id);
        assertThat(api.listedIds(caller, "?status=active")).isEmpty();

        // Active means sellable: each missing field is named, on create and on update.
        assertThat(api.issues(api.post(caller, minimal.replace("}", ", \"status\": \"active\"}"))))
                .containsExactlyInAnyOrder("insurer_name required", "rate_per_thousand_minor required");
        assertThat(api.issues(api.patch(caller, id, "{\"status\": \"active\"}")))
                .containsExactlyInAnyOrder("insurer_name required", "rate_per_thousand_minor required");
        assertThat(api.updated(caller, id, "{\"insurer_name\": \"Acme Underwriting\"}").get("status").asString())
                .isEqualTo("inactive");
        assertThat(api.issues(api.patch(caller, id, "{\"status\": \"active\"}")))
                .containsExactly("rate_per_thousand_minor required");
        JsonNode active = api.updated(caller, id, "{\"status\": \"active\", \"rate_per_thousand_minor\": 150}");
        assertThat(active.get("status").asString()).isEqualTo("active");

        // An active product keeps what it needs; made inactive again, it may lose it.
        assertThat(api.issues(api.patch(caller, id, "{\"rate_per_thousand_minor\": null}")))
                .containsExactly("rate_per_thousand_minor required");
        assertThat(api.issues(api.patch(caller, id, "{\"pricing_mode\": \"fixed_level\"}")))
                .containsExactly("price_minor required");
        JsonNode parked = api.updated(caller, id, "{\"status\": \"inactive\", \"pricing_mode\": \"fixed_level\"}");
        assertThat(parked.get("rate_per_thousand_minor").isNull()).isTrue();
        assertThat(parked.get("price_minor").isNull()).isTrue();
        assertThat(api.read(caller, id)).isEqualTo(parked);
        // Complete without a status: active.
        assertThat(api.create(caller, WAIVER).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anUpdateFollowsTheSameRulesAndSwitchingPricingModeClearsTheOldPrice() {
        String id = api.createId(caller, WAIVER);

        JsonNode perThousand = api.updated(caller, id, """
                {"pricing_mode": "per_thousand", "rate_per_thousand_minor": 99}
                """);
        assertThat(perThousand.get("price_minor").isNull()).isTrue();
        assertThat(api.issues(api.patch(caller, id, """
                {"billing_cycle": "annual", "rate_per_thousand_minor": 100001, "kind": "insurance"}
                """))).containsExactlyInAnyOrder("billing_cycle invalid", "rate_per_thousand_minor above_maximum",
                "insurer_name required");
        assertThat(api.issues(api.patch(caller, id, "{\"billing_cycle\": null, \"colour\": 1}")))
                .containsExactly("colour unknown_field");
        assertThat(api.issues(api.patch(caller, id, "{\"billing_cycle\": null}")))
                .containsExactly("billing_cycle required");
        assertThat(api.read(caller, id)).isEqualTo(perThousand);
    }

    @Test
    void coverInForceRefusesChangesToTheCoverAndDeletionUntilItEnds() {
        JsonNode product = api.create(caller, INSURANCE);
        String id = product.get("id").asString();
        UUID cover = Ids.newId();

        TestEvents.publish("commerce.events", "cover.started", caller.accountId(), cover(cover, id));
        eventually(() -> "in_force".equals(holding(cover)));

        for (String change : List.of("{\"rate_per_thousand_minor\": 200}", "{\"max_cover_minor\": 9000000}",
                "{\"min_cover_minor\": null}", "{\"rounding_step\": 50000}", "{\"currency\": \"EUR\"}",
                "{\"insurer_name\": \"Other Underwriting\"}",
                "{\"pricing_mode\": \"fixed_level\", \"price_minor\": 500}")) {
            assertThat(api.errorCode(api.patch(caller, id, change), 409)).as(change).isEqualTo("cover_in_force");
        }
        assertThat(api.errorCode(api.delete(caller, id), 409)).isEqualTo("cover_in_force");
        assertThat(api.issues(api.patch(caller, id, "{\"rate_per_thousand_minor\": 100001}")))
                .containsExactly("rate_per_thousand_minor above_maximum");

        JsonNode renamed = api.updated(caller, id, """
                {"name": "Goods insurance plus", "description": "Cover for stored goods.", "status": "inactive",
                 "regulatory_basis_ref": "FCA 654321", "rate_per_thousand_minor": 150}
                """);
        assertThat(renamed.get("name").asString()).isEqualTo("Goods insurance plus");
        assertThat(renamed.get("status").asString()).isEqualTo("inactive");
        assertThat(api.read(caller, id).get("rate_per_thousand_minor").asLong()).isEqualTo(150);

        TestEvents.publish("commerce.events", "cover.changed", caller.accountId(), cover(cover, id));
        TestEvents.publish("commerce.events", "cover.ended", caller.accountId(), cover(cover, id));
        eventually(() -> "ended".equals(holding(cover)));

        assertThat(api.updated(caller, id, "{\"rate_per_thousand_minor\": 200}").get("rate_per_thousand_minor")
                .asLong()).isEqualTo(200);
        assertThat(api.body(api.delete(caller, id).expectStatus().isOk()).get("data").toString())
                .isEqualTo("{\"id\":\"" + id + "\",\"object\":\"coverage_product\",\"deleted\":true}");
        assertThat(api.errorCode(api.get(caller, "/" + id), 404)).isEqualTo("not_found");
    }

    @Test
    void anEndedCoverStaysEndedWhenALateStartArrivesAndOtherAccountsCoverDoesNotCount() {
        String id = api.createId(caller, WAIVER);
        UUID cover = Ids.newId();
        UUID ended = TestEvents.publish("commerce.events", "cover.ended", caller.accountId(), cover(cover, id));
        eventually(() -> "ended".equals(holding(cover)));
        TestEvents.publish("commerce.events", "cover.started", caller.accountId(), cover(cover, id));
        TestEvents.publish("commerce.events", ended, "cover.ended", caller.accountId(), cover(cover, id));
        TestEvents.publish("commerce.events", "cover.started", Ids.newId(), cover(Ids.newId(), id));
        // Events of one account share a partition: once this one is applied, those before it are too.
        UUID marker = Ids.newId();
        TestEvents.publish("commerce.events", "cover.started", caller.accountId(), cover(marker, Ids.newId()
                .toString()));
        eventually(() -> holding(marker) != null);

        assertThat(holding(cover)).isEqualTo("ended");
        assertThat(api.updated(caller, id, "{\"price_minor\": 699}").get("price_minor").asLong()).isEqualTo(699);
    }

    @Test
    void theListPagesNewestFirstByCursorAndFiltersOnKindAndStatus() {
        Caller account = CatalogueApi.newAccount();
        String waiver = api.createId(account, WAIVER);
        String insurance = api.createId(account, INSURANCE);
        String parked = api.createId(account, WAIVER.replace("}", ", \"status\": \"inactive\"}"));
        String withdrawn = api.createId(account, INSURANCE.replace("}", ", \"status\": \"inactive\"}"));

        assertThat(Pages.walk(query -> api.list(account, query), "", 3))
                .containsExactly(List.of(withdrawn, parked, insurance), List.of(waiver));
        assertThat(Pages.walk(query -> api.list(account, query), "?status=active", 1))
                .containsExactly(List.of(insurance), List.of(waiver));
        assertThat(Pages.walk(query -> api.list(account, query), "?status=inactive", 1))
                .containsExactly(List.of(withdrawn), List.of(parked));
        assertThat(api.listedIds(account, "?kind=waiver&status=inactive")).containsExactly(parked);
        assertThat(api.listedIds(account, "?kind=insurance&status=active")).containsExactly(insurance);

        String cursor = api.list(account, "?status=active&limit=1").get("meta").get("cursor").get("next")
                .asString();
        assertThat(api.issues(api.get(account, "?status=inactive&limit=1&cursor=" + cursor), 400))
                .containsExactly("cursor invalid");
        assertThat(api.issues(api.get(account, "?status=archived"), 400)).containsExactly("status invalid");
    }

    @Test
    void changesPublishEventsWithTheProductAndADeletionCarriesItAsItLastWas() {
        JsonNode created = api.create(caller, WAIVER);
        String id = created.get("id").asString();
        api.updated(caller, id, "{\"name\": \"Damage waiver\"}");
        api.issues(api.patch(caller, id, "{\"price_minor\": -1}"));
        JsonNode last = api.updated(caller, id, "{\"price_minor\": 699, \"status\": \"inactive\"}");
        api.delete(caller, id).expectStatus().isOk();

        List<JsonNode> events = Outbox.about(db, json, id);
        assertThat(events).extracting(event -> event.get("type").asString()).containsExactly(
                "coverage_product.created", "coverage_product.updated", "coverage_product.deleted");
        assertThat(events.get(0).get("data")).isEqualTo(created);
        assertThat(events.get(1).get("data")).isEqualTo(last);
        assertThat(events.get(2).get("data")).isEqualTo(last);
    }

    @Test
    void anotherAccountsProductIsNotFoundAndRestrictedCallersOnlyRead() {
        String id = api.createId(caller, WAIVER);
        Caller stranger = CatalogueApi.newAccount();
        Caller restricted = TestCallers.restrictedTo(caller, UUID.randomUUID());

        assertThat(api.errorCode(api.get(stranger, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, id, "{\"name\": \"x\"}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.delete(stranger, id), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.read(restricted, id).get("id").asString()).isEqualTo(id);
        assertThat(api.errorCode(api.post(restricted, WAIVER), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.delete(restricted, id), 403)).isEqualTo("site_forbidden");
    }

    private Map<String, Object> cover(UUID cover, String product) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("object", "cover");
        data.put("id", cover.toString());
        data.put("coverage_product_id", product);
        data.put("agreement_id", Ids.newId().toString());
        data.put("contact_id", Ids.newId().toString());
        data.put("cover_minor", 1000000);
        data.put("currency", "GBP");
        return data;
    }

    private String holding(UUID cover) {
        return db.sql("SELECT status FROM cover_holdings WHERE id = :id").bind("id", cover)
                .map(row -> row.get("status", String.class)).one().block();
    }
}
