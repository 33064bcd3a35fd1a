package com.storageplatform.webhooks.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import com.storageplatform.webhooks.payload.ApiVersions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/webhooks}: creation rules, URL safety, enabled events, updates, deletion and secret rotation. */
@DispatcherTest
class WebhookEndpointApiTest {

    static final String PUBLIC_URL = "https://93.184.216.34/hooks/storage";

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    DispatcherApi api;
    final Caller test = DispatcherApi.caller();
    final Caller live = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE,
            Set.of("webhooks:read", "webhooks:write"), null, ActorType.API, "key_live", null);

    @BeforeEach
    void setUp() {
        api = new DispatcherApi(client, kafka, json);
    }

    private List<String> issues(WebTestClient.ResponseSpec response) {
        JsonNode error = api.body(response, 422).path("error");
        assertThat(error.path("code").asString()).isEqualTo("validation_error");
        return error.path("details").valueStream()
                .map(detail -> detail.path("field").asString() + " " + detail.path("issue").asString()).toList();
    }

    private Map<String, Object> body(String url, Object events) {
        Map<String, Object> body = new HashMap<>();
        body.put("url", url);
        body.put("enabled_events", events);
        return body;
    }

    @Test
    void anEndpointIsCreatedActiveOnTheLatestVersionAndItsSecretIsShownOnce() {
        JsonNode created = api.body(api.post(live, "/v1/webhooks", Map.of("url", PUBLIC_URL,
                "enabled_events", List.of("payment.succeeded", "invoice.*"), "description", "Accounts")), 201).path("data");
        assertThat(created.path("object").asString()).isEqualTo("webhook_endpoint");
        assertThat(created.path("status").asString()).isEqualTo("active");
        assertThat(created.path("api_version").asString()).isEqualTo(ApiVersions.LATEST);
        assertThat(created.path("secret").asString()).startsWith("whsec_").hasSizeGreaterThan(40);
        assertThat(created.path("enabled_events").valueStream().map(JsonNode::asString).toList())
                .containsExactly("payment.succeeded", "invoice.*");

        JsonNode read = api.body(api.get(live, "/v1/webhooks/" + created.path("id").asString()), 200).path("data");
        assertThat(read.has("secret")).isFalse();
        assertThat(read.path("url").asString()).isEqualTo(PUBLIC_URL);
        JsonNode listed = api.body(api.get(live, "/v1/webhooks"), 200).path("data").get(0);
        assertThat(listed.has("secret")).isFalse();
    }

    @Test
    void aLiveUrlMustBeHttpsAndPublic() {
        for (String url : List.of("http://93.184.216.34/hook", "ftp://93.184.216.34/hook")) {
            assertThat(issues(api.post(live, "/v1/webhooks", body(url, List.of("*"))))).containsExactly("url not_allowed");
        }
        for (String url : List.of("https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest",
                "https://192.168.0.10/hook", "https://[::1]/hook", "https://[fd00::1]/hook", "https://localhost/hook",
                "http://localhost:8080/hook")) {
            assertThat(issues(api.post(live, "/v1/webhooks", body(url, List.of("*"))))).as(url)
                    .containsExactly("url not_allowed");
        }
        for (String url : List.of("not a url", "https://", "https://user:pw@93.184.216.34/hook",
                "https://no-such-host.invalid/hook")) {
            assertThat(issues(api.post(live, "/v1/webhooks", body(url, List.of("*"))))).as(url)
                    .containsExactly("url invalid");
        }
    }

    @Test
    void aTestAccountMayUseLocalhostWhenTheDeploymentAllowsIt() {
        api.body(api.post(test, "/v1/webhooks", body("http://localhost:9999/hook", List.of("*"))), 201);
        api.body(api.post(test, "/v1/webhooks", body("http://127.0.0.1:9999/hook", List.of("*"))), 201);
        assertThat(issues(api.post(test, "/v1/webhooks", body("http://10.0.0.1/hook", List.of("*")))))
                .containsExactly("url not_allowed");
    }

    @Test
    void enabledEventsAreExactNamesResourceWildcardsOrEverything() {
        api.body(api.post(test, "/v1/webhooks", body(PUBLIC_URL, List.of("*"))), 201);
        api.body(api.post(test, "/v1/webhooks", body(PUBLIC_URL, List.of("webhook_endpoint.disabled", "payment.*"))), 201);
        assertThat(issues(api.post(test, "/v1/webhooks", body(PUBLIC_URL, List.of())))).containsExactly("enabled_events required");
        assertThat(issues(api.post(test, "/v1/webhooks", body(PUBLIC_URL, null)))).containsExactly("enabled_events required");
        assertThat(issues(api.post(test, "/v1/webhooks", body(PUBLIC_URL,
                List.of("payment.succeeded", "payment.sucseeded", "site.created", "refund.*", "payment.succeeded",
                        "*.created", "payment.*.x")))))
                .containsExactly("enabled_events[1] invalid", "enabled_events[2] invalid", "enabled_events[3] invalid",
                        "enabled_events[4] duplicate", "enabled_events[5] invalid", "enabled_events[6] invalid");
        assertThat(issues(api.post(test, "/v1/webhooks", body(PUBLIC_URL, List.of("*", "payment.succeeded")))))
                .containsExactly("enabled_events[0] invalid");
    }

    @Test
    void anUnknownApiVersionOrTooLongDescriptionOrUnknownFieldIsRefused() {
        Map<String, Object> body = body(PUBLIC_URL, List.of("*"));
        body.put("api_version", "2020-01-01");
        body.put("description", "x".repeat(501));
        assertThat(issues(api.post(test, "/v1/webhooks", body))).containsExactly("api_version invalid", "description too_long");
        body.remove("description");
        body.remove("api_version");
        body.put("secret", "whsec_mine");
        assertThat(issues(api.post(test, "/v1/webhooks", body))).containsExactly("secret unknown_field");
    }

    @Test
    void onlyTheSentFieldsChangeAndStatusMovesBetweenActivePausedAndDisabled() {
        JsonNode created = api.endpoint(test, PUBLIC_URL, "payment.*");
        String path = "/v1/webhooks/" + created.path("id").asString();
        JsonNode paused = api.body(api.patch(test, path, Map.of("status", "paused", "description", "Later")), 200).path("data");
        assertThat(paused.path("status").asString()).isEqualTo("paused");
        assertThat(paused.path("url").asString()).isEqualTo(PUBLIC_URL);
        assertThat(paused.path("enabled_events").get(0).asString()).isEqualTo("payment.*");
        Map<String, Object> clear = new HashMap<>();
        clear.put("description", null);
        JsonNode cleared = api.body(api.patch(test, path, clear), 200).path("data");
        assertThat(cleared.path("description").isNull()).isTrue();
        assertThat(cleared.path("status").asString()).isEqualTo("paused");

        JsonNode disabled = api.body(api.patch(test, path, Map.of("status", "disabled")), 200).path("data");
        assertThat(disabled.path("disabled_at").isNull()).isFalse();
        JsonNode active = api.body(api.patch(test, path, Map.of("status", "active")), 200).path("data");
        assertThat(active.path("disabled_at").isNull()).isTrue();

        assertThat(issues(api.patch(test, path, Map.of("status", "deleted")))).containsExactly("status invalid");
        assertThat(issues(api.patch(test, path, Map.of("url", "http://10.0.0.1/x")))).containsExactly("url not_allowed");
        assertThat(issues(api.patch(test, path, Map.of("enabled_events", List.of("nope.nope"))))).containsExactly("enabled_events[0] invalid");
        assertThat(issues(api.patch(test, path, Map.of("api_version", "2020-01-01")))).containsExactly("api_version invalid");
        assertThat(issues(api.patch(test, path, Map.of("api_version", "latest")))).containsExactly("api_version invalid");
        assertThat(api.body(api.get(test, path), 200).path("data").path("api_version").asString())
                .isEqualTo(ApiVersions.LATEST);
        Map<String, Object> nullUrl = new HashMap<>();
        nullUrl.put("url", null);
        assertThat(issues(api.patch(test, path, nullUrl))).containsExactly("url required");
    }

    @Test
    void deletingAnEndpointRemovesIt() {
        String id = api.endpoint(test, PUBLIC_URL, "*").path("id").asString();
        JsonNode deleted = api.body(client.delete().uri("/v1/webhooks/" + id)
                .header("Authorization", TestCallers.bearer(test)).exchange(), 200).path("data");
        assertThat(deleted.path("id").asString()).isEqualTo(id);
        assertThat(deleted.path("deleted").asBoolean()).isTrue();
        assertThat(deleted.path("object").asString()).isEqualTo("webhook_endpoint");
        api.get(test, "/v1/webhooks/" + id).expectStatus().isNotFound();
        client.delete().uri("/v1/webhooks/" + id).header("Authorization", TestCallers.bearer(test)).exchange()
                .expectStatus().isNotFound();
    }

    @Test
    void aSiteRestrictedKeyMayReadEndpointsButNotChangeThemForTheyReceiveEverySitesEvents() {
        Caller restricted = TestCallers.restrictedTo(test, Ids.newId());
        JsonNode endpoint = api.endpoint(test, PUBLIC_URL, "*");
        String path = "/v1/webhooks/" + endpoint.path("id").asString();

        List<WebTestClient.ResponseSpec> refused = List.of(
                api.post(restricted, "/v1/webhooks", body(PUBLIC_URL, List.of("*"))),
                api.patch(restricted, path, Map.of("enabled_events", List.of("payment.*"))),
                api.post(restricted, path + "/rotate-secret", Map.of()),
                client.delete().uri(path).header("Authorization", TestCallers.bearer(restricted)).exchange());
        for (WebTestClient.ResponseSpec response : refused) {
            assertThat(api.body(response, 403).path("error").path("code").asString()).isEqualTo("site_forbidden");
        }
        assertThat(api.body(api.get(restricted, path), 200).path("data").path("enabled_events").get(0).asString())
                .isEqualTo("*");
        assertThat(api.body(api.get(test, "/v1/webhooks"), 200).path("data").size()).isEqualTo(
                api.body(api.get(restricted, "/v1/webhooks"), 200).path("data").size());
        // Another account's endpoint is still 404 to it, never 403.
        client.delete().uri("/v1/webhooks/" + Ids.newId()).header("Authorization", TestCallers.bearer(restricted))
                .exchange().expectStatus().isNotFound();
    }

    @Test
    void rotatingTheSecretShowsTheNewOneOnce() {
        JsonNode created = api.endpoint(test, PUBLIC_URL, "*");
        JsonNode rotated = api.body(api.post(test, "/v1/webhooks/" + created.path("id").asString() + "/rotate-secret",
                Map.of()), 200).path("data");
        assertThat(rotated.path("secret").asString()).startsWith("whsec_").isNotEqualTo(created.path("secret").asString());
    }

    @Test
    void anotherAccountsEndpointIsNotFound() {
        String id = api.endpoint(test, PUBLIC_URL, "*").path("id").asString();
        Caller other = DispatcherApi.caller();
        api.get(other, "/v1/webhooks/" + id).expectStatus().isNotFound();
        api.patch(other, "/v1/webhooks/" + id, Map.of("status", "paused")).expectStatus().isNotFound();
        api.post(other, "/v1/webhooks/" + id + "/rotate-secret", Map.of()).expectStatus().isNotFound();
        api.get(other, "/v1/webhooks/" + id + "/deliveries").expectStatus().isNotFound();
        assertThat(api.body(api.get(other, "/v1/webhooks"), 200).path("data").size()).isZero();
    }

    @Autowired
    SigningSecrets secrets;

    @Autowired
    DatabaseClient db;

    @Test
    void aSecretIsNeitherIssuedNorRotatedThroughAnotherAccount() {
        UUID id = UUID.fromString(api.endpoint(test, PUBLIC_URL, "*").path("id").asString());
        UUID other = Ids.newId();

        StepVerifier.create(secrets.rotate(other, id)).expectError(DataIntegrityViolationException.class)
                .verify(Duration.ofSeconds(10));
        StepVerifier.create(secrets.issue(other, id)).expectError(DataIntegrityViolationException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(db.sql("""
                SELECT count(*) AS secrets, count(*) FILTER (WHERE expires_at IS NULL) AS current
                FROM webhook_secrets WHERE endpoint_id = :id
                """).bind("id", id).map(row -> List.of(row.get("secrets", Long.class), row.get("current", Long.class)))
                .one().block()).containsExactly(1L, 1L);
    }

    @Test
    void theEndpointsAreWalkedPageByPageUnderAStatusFilter() {
        Caller own = DispatcherApi.caller();
        List<String> paused = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String id = api.endpoint(own, PUBLIC_URL, "*").path("id").asString();
            if (i % 2 == 0) {
                api.patch(own, "/v1/webhooks/" + id, Map.of("status", "paused")).expectStatus().isOk();
                paused.add(0, id);
            }
        }
        assertThat(api.walk(own, "/v1/webhooks?status=paused", 2)).extracting(endpoint -> endpoint.path("id").asString())
                .containsExactlyElementsOf(paused);
        assertThat(api.walk(own, "/v1/webhooks", 2)).hasSize(5);
    }

    @Test
    void aBadStatusFilterIsRefused() {
        api.body(api.get(test, "/v1/webhooks?status=gone"), 400);
    }
}
