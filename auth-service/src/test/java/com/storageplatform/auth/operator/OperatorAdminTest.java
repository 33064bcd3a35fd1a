package com.storageplatform.auth.operator;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The admin API's operators: creation with two accounts, reads, lists, settings, events, and who may call it. */
@PlatformTest
class OperatorAdminTest {

    @Autowired
    WebTestClient client;

    private AuthApi api;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
    }

    @AfterEach
    void resetClock() {
        api.resetClock();
    }

    private static List<Map<String, Object>> details(WebTestClient.ResponseSpec response, int status) {
        Map<String, Object> body = body(response.expectStatus().isEqualTo(status));
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) body.get("error");
        assertThat(body).doesNotContainKey("data");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> details = (List<Map<String, Object>>) error.get("details");
        return details == null ? List.of() : details;
    }

    private static Map<String, Object> issue(String field, String issue) {
        return Map.of("field", field, "issue", issue);
    }

    @Test
    void anOperatorIsCreatedWithALiveAndATestAccountAndDefaultSettings() {
        api.post("/admin/v1/operators", Map.of("name", "Acme Self Storage"))
                .expectStatus().isCreated()
                .expectBody()
                .jsonPath("$.data.id").value(id -> assertThat(Ids.parse((String) id)).isPresent())
                .jsonPath("$.data.object").isEqualTo("operator")
                .jsonPath("$.data.name").isEqualTo("Acme Self Storage")
                .jsonPath("$.data.default_currency").isEqualTo("GBP")
                .jsonPath("$.data.timezone").isEqualTo("Europe/London")
                .jsonPath("$.data.accounts.length()").isEqualTo(2)
                .jsonPath("$.data.accounts[0].object").isEqualTo("account")
                .jsonPath("$.data.accounts[0].environment").isEqualTo("live")
                .jsonPath("$.data.accounts[0].id").value(id -> assertThat(Ids.parse((String) id)).isPresent())
                .jsonPath("$.data.accounts[1].object").isEqualTo("account")
                .jsonPath("$.data.accounts[1].environment").isEqualTo("test")
                .jsonPath("$.data.settings.online_id_checks_enabled").isEqualTo(false)
                .jsonPath("$.data.settings.id_check_required_before_access").isEqualTo(false)
                .jsonPath("$.data.settings.void_overdue_enabled").isEqualTo(false)
                .jsonPath("$.data.settings.deal_lost_default_reason").isEmpty()
                .jsonPath("$.data.settings.reserved_deal_follow_up_enabled").isEqualTo(true)
                .jsonPath("$.data.settings.published_website_urls.length()").isEqualTo(0)
                .jsonPath("$.data.settings.reservation_hold_days").isEqualTo(7)
                .jsonPath("$.data.settings.refundable_deposit_minor").isEmpty()
                .jsonPath("$.data.settings.customer_portal_url").isEmpty()
                .jsonPath("$.data.settings.notification_email").isEmpty()
                .jsonPath("$.data.settings.price_increase_notice_days").isEqualTo(28)
                .jsonPath("$.data.walk_in_contact_ids.live").value(id -> assertThat(Ids.parse((String) id)).isPresent())
                .jsonPath("$.data.walk_in_contact_ids.test").value(id -> assertThat(Ids.parse((String) id)).isPresent())
                .jsonPath("$.data.created_at").value(at -> assertThat((String) at).endsWith("Z"))
                .jsonPath("$.data.updated_at").value(at -> assertThat((String) at).endsWith("Z"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theOperatorJsonHasExactlyTheDocumentedFields() {
        Map<String, Object> operator = api.createOperator("Shape");
        assertThat(operator).containsOnlyKeys("id", "object", "name", "default_currency", "timezone", "accounts",
                "settings", "walk_in_contact_ids", "created_at", "updated_at");
        assertThat((Map<String, Object>) operator.get("settings")).containsOnlyKeys("online_id_checks_enabled",
                "id_check_required_before_access", "void_overdue_enabled", "deal_lost_default_reason",
                "reserved_deal_follow_up_enabled", "published_website_urls", "reservation_hold_days",
                "refundable_deposit_minor", "customer_portal_url", "notification_email", "price_increase_notice_days");
        assertThat((Map<String, Object>) operator.get("walk_in_contact_ids")).containsOnlyKeys("live", "test");
        assertThat((List<Map<String, Object>>) operator.get("accounts"))
                .allSatisfy(account -> assertThat(account).containsOnlyKeys("id", "object", "environment"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWalkInContactIdsAreGeneratedWithTheOperatorAndNeverChange() {
        Map<String, Object> operator = api.createOperator("Walk-ins");
        Map<String, Object> ids = (Map<String, Object>) operator.get("walk_in_contact_ids");
        String live = (String) ids.get("live");
        String test = (String) ids.get("test");
        assertThat(Ids.parse(live)).as(live).isPresent();
        assertThat(Ids.parse(test)).as(test).isPresent();
        assertThat(live).isNotEqualTo(test);
        assertThat(Set.of(live, test)).doesNotContain((String) operator.get("id"));
        assertThat(Set.of(live, test)).doesNotContainAnyElementsOf(((List<Map<String, Object>>) operator
                .get("accounts")).stream().map(account -> (String) account.get("id")).toList());
        assertThat(((Map<String, Object>) api.createOperator("Other walk-ins").get("walk_in_contact_ids")).values())
                .doesNotContain(live, test);

        String path = "/admin/v1/operators/" + operator.get("id");
        assertThat(data(api.get(path), 200)).containsEntry("walk_in_contact_ids", ids);
        assertThat(data(api.patch(path + "/settings", Map.of("void_overdue_enabled", true)), 200))
                .containsEntry("walk_in_contact_ids", ids);
        assertThat(data(api.get(path), 200)).containsEntry("walk_in_contact_ids", ids);
    }

    @Test
    void aCurrencyAndATimezoneCanBeChosen() {
        Map<String, Object> operator = data(api.post("/admin/v1/operators",
                Map.of("name", "Dublin Storage", "default_currency", "EUR", "timezone", "Europe/Dublin")), 201);
        assertThat(operator).containsEntry("default_currency", "EUR").containsEntry("timezone", "Europe/Dublin");
    }

    @Test
    void everyInvalidOperatorFieldIsNamed() {
        assertThat(details(api.post("/admin/v1/operators", Map.of("default_currency", "gbp", "timezone",
                "Mars/Olympus_Mons")), 422))
                .containsExactly(issue("name", "required"), issue("default_currency", "invalid"),
                        issue("timezone", "invalid"));
        assertThat(details(api.post("/admin/v1/operators", Map.of("name", "x".repeat(201), "default_currency", "ZZZ",
                "timezone", "+01:00")), 422))
                .containsExactly(issue("name", "too_long"), issue("default_currency", "invalid"),
                        issue("timezone", "invalid"));
        assertThat(details(api.post("/admin/v1/operators", Map.of("name", "   ")), 422))
                .containsExactly(issue("name", "required"));
        data(api.post("/admin/v1/operators", Map.of("name", "x".repeat(200))), 201);
    }

    @Test
    void anUnknownOrWronglyTypedOperatorFieldIsRefused() {
        assertThat(details(api.post("/admin/v1/operators", Map.of("name", "Acme", "colour", "red")), 422))
                .containsExactly(issue("colour", "unknown_field"));
        assertThat(details(api.post("/admin/v1/operators", Map.of("name", 5)), 422))
                .containsExactly(issue("name", "invalid"));
        client.post().uri("/admin/v1/operators").header("Authorization", AuthApi.admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\": ")
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.code").isEqualTo("invalid_request");
    }

    @Test
    void anOperatorIsReadByIdAndUnknownOrMalformedIdsAreNotFound() {
        Map<String, Object> created = api.createOperator("Readable");
        assertThat(data(api.get("/admin/v1/operators/" + created.get("id")), 200)).isEqualTo(created);
        for (String id : List.of(Ids.newId().toString(), "not-a-uuid", "0190b5c2-7d1e-4f7e-8000-000000000000",
                ((String) created.get("id")).toUpperCase())) {
            api.get("/admin/v1/operators/" + id)
                    .expectStatus().isNotFound()
                    .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void operatorsAreListedNewestFirstWithACursor() {
        List<String> ids = IntStream.range(0, 3).mapToObj(i -> (String) api.createOperator("Listed " + i).get("id"))
                .toList();
        Map<String, Object> first = body(api.get("/admin/v1/operators?limit=2").expectStatus().isOk());
        List<Map<String, Object>> page = (List<Map<String, Object>>) first.get("data");
        assertThat(page).extracting(operator -> operator.get("id")).containsExactly(ids.get(2), ids.get(1));
        Map<String, Object> cursor = (Map<String, Object>) ((Map<String, Object>) first.get("meta")).get("cursor");
        assertThat(cursor).containsEntry("has_more", true);

        Map<String, Object> second = body(api.get("/admin/v1/operators?limit=2&cursor=" + cursor.get("next"))
                .expectStatus().isOk());
        assertThat((List<Map<String, Object>>) second.get("data")).extracting(operator -> operator.get("id"))
                .startsWith(ids.get(0));
        api.get("/admin/v1/operators?limit=0").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("limit");
    }

    @Test
    @SuppressWarnings("unchecked")
    void onlyTheSuppliedSettingsChange() {
        Map<String, Object> operator = api.createOperator("Switches");
        String path = "/admin/v1/operators/" + operator.get("id") + "/settings";
        api.advanceClock(60);

        Map<String, Object> updated = data(api.patch(path, Map.of("void_overdue_enabled", true,
                "published_website_urls", List.of("https://acme.example.com", "https://book.acme.example.com/x"))), 200);
        Map<String, Object> settings = (Map<String, Object>) updated.get("settings");
        assertThat(settings).containsEntry("void_overdue_enabled", true)
                .containsEntry("online_id_checks_enabled", false)
                .containsEntry("id_check_required_before_access", false)
                .containsEntry("reserved_deal_follow_up_enabled", true)
                .containsEntry("published_website_urls",
                        List.of("https://acme.example.com", "https://book.acme.example.com/x"));
        assertThat(Instant.parse((String) updated.get("updated_at")))
                .isAfter(Instant.parse((String) operator.get("updated_at")));
        assertThat(updated.get("created_at")).isEqualTo(operator.get("created_at"));

        Map<String, Object> again = data(api.patch(path, Map.of("online_id_checks_enabled", true,
                "id_check_required_before_access", true, "reserved_deal_follow_up_enabled", false)), 200);
        assertThat((Map<String, Object>) again.get("settings")).containsEntry("void_overdue_enabled", true)
                .containsEntry("online_id_checks_enabled", true)
                .containsEntry("id_check_required_before_access", true)
                .containsEntry("reserved_deal_follow_up_enabled", false);
        assertThat(data(api.get("/admin/v1/operators/" + operator.get("id")), 200)).isEqualTo(again);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anExplicitNullClearsTheDealLostReasonWhileAnAbsentOneKeepsIt() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/settings";
        Map<String, Object> set = data(api.patch(path, Map.of("deal_lost_default_reason", "Chose a competitor")), 200);
        assertThat((Map<String, Object>) set.get("settings"))
                .containsEntry("deal_lost_default_reason", "Chose a competitor");

        Map<String, Object> kept = data(api.patch(path, Map.of("void_overdue_enabled", true)), 200);
        assertThat((Map<String, Object>) kept.get("settings"))
                .containsEntry("deal_lost_default_reason", "Chose a competitor");

        Map<String, Object> clear = new HashMap<>();
        clear.put("deal_lost_default_reason", null);
        Map<String, Object> cleared = data(api.patch(path, clear), 200);
        assertThat((Map<String, Object>) cleared.get("settings")).containsEntry("deal_lost_default_reason", null)
                .containsEntry("void_overdue_enabled", true);

        assertThat(data(api.patch(path, Map.of()), 200)).isEqualTo(cleared);
        assertThat(data(api.patch(path, Map.of("published_website_urls", List.of("https://a.example"))), 200))
                .extracting(operator -> ((Map<String, Object>) operator.get("settings")).get("published_website_urls"))
                .isEqualTo(List.of("https://a.example"));
        assertThat(data(api.patch(path, Map.of("published_website_urls", List.of())), 200))
                .extracting(operator -> ((Map<String, Object>) operator.get("settings")).get("published_website_urls"))
                .isEqualTo(List.of());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theReservationHoldTheDepositAndThePortalAreSetKeptAndCleared() {
        Map<String, Object> operator = api.createOperator("Commerce defaults");
        String path = "/admin/v1/operators/" + operator.get("id") + "/settings";
        assertThat((Map<String, Object>) operator.get("settings")).containsEntry("reservation_hold_days", 7)
                .containsEntry("refundable_deposit_minor", null).containsEntry("customer_portal_url", null);
        api.advanceClock(60);

        Map<String, Object> set = data(api.patch(path, Map.of("reservation_hold_days", 14,
                "refundable_deposit_minor", 5000, "customer_portal_url", "https://my.acme.example/account?from=pay")),
                200);
        assertThat((Map<String, Object>) set.get("settings")).containsEntry("reservation_hold_days", 14)
                .containsEntry("refundable_deposit_minor", 5000)
                .containsEntry("customer_portal_url", "https://my.acme.example/account?from=pay")
                .containsEntry("void_overdue_enabled", false)
                .containsEntry("reserved_deal_follow_up_enabled", true);
        assertThat(Instant.parse((String) set.get("updated_at")))
                .isAfter(Instant.parse((String) operator.get("updated_at")));
        assertThat(data(api.get("/admin/v1/operators/" + operator.get("id")), 200)).isEqualTo(set);

        // The same values again change nothing, updated_at included.
        api.advanceClock(60);
        assertThat(data(api.patch(path, Map.of("reservation_hold_days", 14, "refundable_deposit_minor", 5000)), 200))
                .isEqualTo(set);

        Map<String, Object> kept = data(api.patch(path, Map.of("void_overdue_enabled", true)), 200);
        assertThat((Map<String, Object>) kept.get("settings")).containsEntry("reservation_hold_days", 14)
                .containsEntry("refundable_deposit_minor", 5000)
                .containsEntry("customer_portal_url", "https://my.acme.example/account?from=pay");

        Map<String, Object> clear = new HashMap<>();
        clear.put("refundable_deposit_minor", null);
        clear.put("customer_portal_url", null);
        Map<String, Object> cleared = data(api.patch(path, clear), 200);
        assertThat((Map<String, Object>) cleared.get("settings")).containsEntry("refundable_deposit_minor", null)
                .containsEntry("customer_portal_url", null)
                .containsEntry("reservation_hold_days", 14)
                .containsEntry("void_overdue_enabled", true);
        assertThat(data(api.get("/admin/v1/operators/" + operator.get("id")), 200)).isEqualTo(cleared);

        // The bounds are allowed, and a URL of exactly 2048 characters.
        String longest = "https://acme.example/" + "p".repeat(2048 - "https://acme.example/".length());
        Map<String, Object> low = data(api.patch(path, Map.of("reservation_hold_days", 1,
                "refundable_deposit_minor", 0, "customer_portal_url", longest)), 200);
        assertThat((Map<String, Object>) low.get("settings")).containsEntry("reservation_hold_days", 1)
                .containsEntry("refundable_deposit_minor", 0).containsEntry("customer_portal_url", longest);
        Map<String, Object> high = data(api.patch(path, Map.of("reservation_hold_days", 90,
                "refundable_deposit_minor", 10_000_000)), 200);
        assertThat((Map<String, Object>) high.get("settings")).containsEntry("reservation_hold_days", 90)
                .containsEntry("refundable_deposit_minor", 10_000_000);
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyBadReservationHoldDepositAndPortalValueIsNamed() {
        String id = api.createOperatorId();
        String path = "/admin/v1/operators/" + id + "/settings";
        Map<String, Object> before = data(api.get("/admin/v1/operators/" + id), 200);

        assertThat(details(api.patch(path, Map.of("reservation_hold_days", 0, "refundable_deposit_minor", -1,
                "customer_portal_url", "http://acme.example")), 422))
                .containsExactly(issue("reservation_hold_days", "below_minimum"),
                        issue("refundable_deposit_minor", "below_minimum"), issue("customer_portal_url", "invalid"));
        assertThat(details(api.patch(path, Map.of("reservation_hold_days", 91, "refundable_deposit_minor", 10_000_001,
                "customer_portal_url", "https://acme.example/" + "p".repeat(2028))), 422))
                .containsExactly(issue("reservation_hold_days", "above_maximum"),
                        issue("refundable_deposit_minor", "above_maximum"), issue("customer_portal_url", "too_long"));

        // Only the hold refuses null: the deposit and the portal are cleared by it, so nothing else is named.
        Map<String, Object> nulls = new HashMap<>();
        nulls.put("reservation_hold_days", null);
        nulls.put("refundable_deposit_minor", null);
        nulls.put("customer_portal_url", null);
        assertThat(details(api.patch(path, nulls), 422)).containsExactly(issue("reservation_hold_days", "required"));

        // One 422 names them with the other settings' problems.
        Map<String, Object> mixed = new HashMap<>();
        mixed.put("void_overdue_enabled", null);
        mixed.put("published_website_urls", List.of("ftp://files.example"));
        mixed.put("reservation_hold_days", -3);
        mixed.put("customer_portal_url", "https://user:pw@acme.example");
        assertThat(details(api.patch(path, mixed), 422))
                .containsExactly(issue("void_overdue_enabled", "invalid"),
                        issue("published_website_urls[0]", "invalid"), issue("reservation_hold_days", "below_minimum"),
                        issue("customer_portal_url", "invalid"));

        for (String url : List.of("", "   ", "/account", "acme.example/account", "https:///account",
                "https://user@acme.example", "https://acme .example")) {
            assertThat(details(api.patch(path, Map.of("customer_portal_url", url)), 422)).as(url)
                    .containsExactly(issue("customer_portal_url", "invalid"));
        }
        for (String[] unreadable : new String[][] {{"{\"reservation_hold_days\": 7.5}", "reservation_hold_days"},
                {"{\"reservation_hold_days\": 7.0}", "reservation_hold_days"},
                {"{\"reservation_hold_days\": \"7\"}", "reservation_hold_days"},
                {"{\"reservation_hold_days\": true}", "reservation_hold_days"},
                {"{\"refundable_deposit_minor\": 12.5}", "refundable_deposit_minor"},
                {"{\"refundable_deposit_minor\": \"1000\"}", "refundable_deposit_minor"},
                {"{\"refundable_deposit_minor\": {}}", "refundable_deposit_minor"},
                {"{\"customer_portal_url\": 5}", "customer_portal_url"},
                {"{\"customer_portal_url\": [\"https://acme.example\"]}", "customer_portal_url"}}) {
            assertThat(details(client.patch().uri(path).header("Authorization", AuthApi.admin())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(unreadable[0]).exchange(), 422))
                    .as(unreadable[0]).containsExactly(issue(unreadable[1], "invalid"));
        }
        assertThat(data(api.get("/admin/v1/operators/" + id), 200)).isEqualTo(before);
    }

    @Test
    void everyBadSettingIsNamed() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/settings";
        String body = """
                {"id_check_required_before_access": null, "deal_lost_default_reason": "%s",
                 "reserved_deal_follow_up_enabled": true,
                 "published_website_urls": ["https://ok.example", "http://plain.example", "/relative",
                                            "https://ok.example", "https://user:pw@x.example"]}
                """.formatted("r".repeat(201));
        assertThat(details(client.patch().uri(path).header("Authorization", AuthApi.admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange(), 422))
                .containsExactly(issue("id_check_required_before_access", "invalid"),
                        issue("deal_lost_default_reason", "too_long"),
                        issue("published_website_urls[1]", "invalid"),
                        issue("published_website_urls[2]", "invalid"),
                        issue("published_website_urls[3]", "duplicate"),
                        issue("published_website_urls[4]", "invalid"));

        for (String[] unreadable : new String[][] {{"{\"online_id_checks_enabled\": \"yes\"}", "online_id_checks_enabled", "invalid"},
                {"{\"void_overdue_enabled\": 1}", "void_overdue_enabled", "invalid"},
                {"{\"published_website_urls\": [7]}", "published_website_urls[0]", "invalid"},
                {"{\"colour\": \"red\"}", "colour", "unknown_field"},
                {"{\"walk_in_contact_ids\": {}}", "walk_in_contact_ids", "unknown_field"}}) {
            assertThat(details(client.patch().uri(path).header("Authorization", AuthApi.admin())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(unreadable[0]).exchange(), 422))
                    .as(unreadable[0]).containsExactly(issue(unreadable[1], unreadable[2]));
        }

        Map<String, Object> nulls = new HashMap<>();
        nulls.put("published_website_urls", null);
        nulls.put("deal_lost_default_reason", "");
        assertThat(details(api.patch(path, nulls), 422))
                .containsExactlyInAnyOrder(issue("published_website_urls", "invalid"),
                        issue("deal_lost_default_reason", "invalid"));
        assertThat(details(api.patch(path, Map.of("published_website_urls",
                IntStream.range(0, 21).mapToObj(i -> "https://site" + i + ".example").toList())), 422))
                .containsExactly(issue("published_website_urls", "above_maximum"));
        assertThat(data(api.patch(path, Map.of("published_website_urls",
                IntStream.range(0, 20).mapToObj(i -> "https://site" + i + ".example").toList())), 200))
                .isNotNull();
    }

    @Test
    void aSettingsBodyMustBeAJsonObjectAndTheOperatorMustExist() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/settings";
        for (String body : List.of("[]", "true", "{\"void_overdue_enabled\": ")) {
            client.patch().uri(path).header("Authorization", AuthApi.admin())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                    .exchange()
                    .expectStatus().isBadRequest()
                    .expectBody().jsonPath("$.error.code").isEqualTo("invalid_request");
        }
        api.patch("/admin/v1/operators/" + Ids.newId() + "/settings", Map.of("void_overdue_enabled", true))
                .expectStatus().isNotFound();
        api.patch("/admin/v1/operators/nope/settings", Map.of("void_overdue_enabled", true))
                .expectStatus().isNotFound();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNotificationEmailIsSetInLowerCaseRefusedWhenNoAddressAndCleared() {
        Map<String, Object> operator = api.createOperator("Notices");
        String path = "/admin/v1/operators/" + operator.get("id") + "/settings";

        Map<String, Object> set = data(api.patch(path, Map.of("notification_email", "Ops@Acme.example")), 200);
        assertThat((Map<String, Object>) set.get("settings")).containsEntry("notification_email", "ops@acme.example");
        assertThat(details(api.patch(path, Map.of("notification_email", "ops at acme")), 422))
                .containsExactly(issue("notification_email", "invalid"));
        Map<String, Object> clear = new HashMap<>();
        clear.put("notification_email", null);
        assertThat((Map<String, Object>) data(api.patch(path, clear), 200).get("settings"))
                .containsEntry("notification_email", null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void thePriceIncreaseNoticeIsSetWithinAYearAndNeverCleared() {
        Map<String, Object> operator = api.createOperator("Notice");
        String path = "/admin/v1/operators/" + operator.get("id") + "/settings";

        Map<String, Object> set = data(api.patch(path, Map.of("price_increase_notice_days", 60)), 200);
        assertThat((Map<String, Object>) set.get("settings")).containsEntry("price_increase_notice_days", 60);
        assertThat(details(api.patch(path, Map.of("price_increase_notice_days", 366)), 422))
                .containsExactly(issue("price_increase_notice_days", "above_maximum"));
        Map<String, Object> clear = new HashMap<>();
        clear.put("price_increase_notice_days", null);
        assertThat(details(api.patch(path, clear), 422)).containsExactly(issue("price_increase_notice_days",
                "required"));
        assertThat((Map<String, Object>) data(api.get("/admin/v1/operators/" + operator.get("id")), 200)
                .get("settings")).containsEntry("price_increase_notice_days", 60);
    }

    @Test
    void creatingAnOperatorAndChangingItsSettingsPublishesEvents() {
        try (TestEvents events = TestEvents.on("auth.events")) {
            Map<String, Object> operator = api.createOperator("Evented");
            String id = (String) operator.get("id");
            String path = "/admin/v1/operators/" + id + "/settings";
            api.patch(path, Map.of("online_id_checks_enabled", true, "reservation_hold_days", 10,
                    "refundable_deposit_minor", 2500, "customer_portal_url", "https://my.acme.example",
                    "price_increase_notice_days", 42))
                    .expectStatus().isOk();
            // Nothing changes, so nothing is published: the next event is the deposit's removal.
            api.patch(path, Map.of("reservation_hold_days", 10)).expectStatus().isOk();
            Map<String, Object> noDeposit = new HashMap<>();
            noDeposit.put("refundable_deposit_minor", null);
            api.patch(path, noDeposit).expectStatus().isOk();

            JsonMapper json = JsonMapper.builder().build();
            List<ConsumerRecord<String, String>> seen = events.await(
                    record -> record.value().contains("\"subject\":\"" + id + "\""), 3, Duration.ofSeconds(20));
            assertThat(seen).hasSize(3);
            JsonNode created = json.readTree(seen.get(0).value());
            assertThat(created.get("type").stringValue()).isEqualTo("operator.created");
            assertThat(created.get("source").stringValue()).isEqualTo("/auth");
            assertThat(created.get("operatorid").stringValue()).isEqualTo(id);
            assertThat(created.get("actortype").stringValue()).isEqualTo("platform_admin");
            assertThat(created.get("data").get("object").stringValue()).isEqualTo("operator");
            assertThat(created.get("data").get("accounts").size()).isEqualTo(2);
            // commerce-service creates the walk-in sales records under exactly the ids the event carries.
            @SuppressWarnings("unchecked")
            Map<String, Object> walkIns = (Map<String, Object>) operator.get("walk_in_contact_ids");
            assertThat(created.get("data").get("walk_in_contact_ids").get("live").stringValue())
                    .isEqualTo(walkIns.get("live"));
            assertThat(created.get("data").get("walk_in_contact_ids").get("test").stringValue())
                    .isEqualTo(walkIns.get("test"));
            JsonNode updated = json.readTree(seen.get(1).value());
            assertThat(updated.get("type").stringValue()).isEqualTo("operator.settings_updated");
            JsonNode settings = updated.get("data").get("settings");
            assertThat(settings.get("online_id_checks_enabled").booleanValue()).isTrue();
            assertThat(settings.get("reservation_hold_days").intValue()).isEqualTo(10);
            assertThat(settings.get("refundable_deposit_minor").longValue()).isEqualTo(2500);
            assertThat(settings.get("customer_portal_url").stringValue()).isEqualTo("https://my.acme.example");
            // billing-service reads its price-increase notice from here.
            assertThat(settings.get("price_increase_notice_days").intValue()).isEqualTo(42);
            assertThat(updated.get("data").get("walk_in_contact_ids")).isEqualTo(created.get("data")
                    .get("walk_in_contact_ids"));
            JsonNode depositRemoved = json.readTree(seen.get(2).value());
            assertThat(depositRemoved.get("type").stringValue()).isEqualTo("operator.settings_updated");
            assertThat(depositRemoved.get("data").get("settings").get("refundable_deposit_minor").isNull()).isTrue();
            assertThat(depositRemoved.get("data").get("settings").get("reservation_hold_days").intValue()).isEqualTo(10);
        }
    }

    @Test
    void everyAdminPathIsNotFoundForAnyOtherCaller() {
        String operatorId = api.createOperatorId();
        String id = Ids.newId().toString();
        List<Caller> others = List.of(TestCallers.apiCaller("sites:read", "contacts:write"),
                new Caller(Ids.newId(), Ids.newId(), Environment.LIVE,
                        Set.of(), null, ActorType.STAFF, "staff_1",
                        "req_test_staffcaller"));
        List<Object[]> endpoints = List.of(
                new Object[] {HttpMethod.POST, "/admin/v1/operators"},
                new Object[] {HttpMethod.GET, "/admin/v1/operators"},
                new Object[] {HttpMethod.GET, "/admin/v1/operators/" + operatorId},
                new Object[] {HttpMethod.PATCH, "/admin/v1/operators/" + operatorId + "/settings"},
                new Object[] {HttpMethod.DELETE, "/admin/v1/operators/" + operatorId},
                new Object[] {HttpMethod.POST, "/admin/v1/operators/" + operatorId + "/api-keys"},
                new Object[] {HttpMethod.GET, "/admin/v1/operators/" + operatorId + "/api-keys"},
                new Object[] {HttpMethod.GET, "/admin/v1/api-keys/" + id},
                new Object[] {HttpMethod.POST, "/admin/v1/api-keys/" + id + "/rotate"},
                new Object[] {HttpMethod.POST, "/admin/v1/api-keys/" + id + "/revoke"},
                new Object[] {HttpMethod.POST, "/admin/v1/operators/" + operatorId + "/static-tokens"},
                new Object[] {HttpMethod.GET, "/admin/v1/static-tokens/" + id},
                new Object[] {HttpMethod.POST, "/admin/v1/static-tokens/" + id + "/revoke"},
                new Object[] {HttpMethod.POST, "/admin/v1/operators/" + operatorId + "/staff-tokens"},
                new Object[] {HttpMethod.POST, "/admin/v1/staff-tokens/" + id + "/rotate"},
                new Object[] {HttpMethod.POST, "/admin/v1/operators/" + operatorId + "/oauth-clients"},
                new Object[] {HttpMethod.GET, "/admin/v1/oauth-clients/" + id},
                new Object[] {HttpMethod.POST, "/admin/v1/oauth-clients/" + id + "/revoke"},
                new Object[] {HttpMethod.GET, "/admin/v1/no-such-thing"},
                new Object[] {HttpMethod.POST, "/internal/introspect"});
        for (Caller other : others) {
            for (Object[] endpoint : endpoints) {
                client.method((HttpMethod) endpoint[0]).uri((String) endpoint[1])
                        .header("Authorization", TestCallers.bearer(other))
                        .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"x\"}")
                        .exchange()
                        .expectStatus().isNotFound()
                        .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
            }
        }
        client.get().uri("/admin/v1/operators").exchange().expectStatus().isUnauthorized();
        assertThat(data(api.get("/admin/v1/operators/" + operatorId), 200)).containsEntry("id", operatorId);
    }
}
