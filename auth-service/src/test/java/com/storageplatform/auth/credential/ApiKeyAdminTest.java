package com.storageplatform.auth.credential;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/** API keys through the admin API, and what introspection then says about them. */
@PlatformTest
class ApiKeyAdminTest {

    static final String KEY_PATTERN = "svc_test_[0-9A-Za-z]{40}";

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

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> details(WebTestClient.ResponseSpec response) {
        Map<String, Object> error = (Map<String, Object>) body(response.expectStatus().isEqualTo(422)).get("error");
        assertThat(error).containsEntry("code", "validation_error");
        return (List<Map<String, Object>>) error.get("details");
    }

    private static Map<String, Object> issue(String field, String issue) {
        return Map.of("field", field, "issue", issue);
    }

    @SuppressWarnings("unchecked")
    private String accountOf(String operatorId, String environment) {
        List<Map<String, Object>> accounts = (List<Map<String, Object>>) data(
                api.get("/admin/v1/operators/" + operatorId), 200).get("accounts");
        return (String) accounts.stream().filter(account -> environment.equals(account.get("environment")))
                .findFirst().orElseThrow().get("id");
    }

    @Test
    void anApiKeyIsShownInPlaintextOnlyInTheResponseThatCreatedIt() {
        String operatorId = api.createOperatorId();
        Map<String, Object> key = api.createApiKey(operatorId, "test", AuthApi.SCOPES);
        String plaintext = (String) key.get("key");

        assertThat(plaintext).matches(KEY_PATTERN);
        assertThat(key).containsOnlyKeys("id", "object", "operator_id", "account_id", "environment", "name", "scopes",
                "site_ids", "key_prefix", "status", "expires_at", "revoked_at", "rotated_to_id", "created_at", "key");
        assertThat(Ids.parse((String) key.get("id"))).isPresent();
        assertThat(key).containsEntry("object", "api_key")
                .containsEntry("operator_id", operatorId)
                .containsEntry("account_id", accountOf(operatorId, "test"))
                .containsEntry("environment", "test")
                .containsEntry("name", "Website")
                .containsEntry("scopes", AuthApi.SCOPES)
                .containsEntry("site_ids", null)
                .containsEntry("key_prefix", plaintext.substring(0, 12))
                .containsEntry("status", "active")
                .containsEntry("expires_at", null)
                .containsEntry("revoked_at", null)
                .containsEntry("rotated_to_id", null);
        assertThat((String) key.get("created_at")).endsWith("Z");

        String read = api.get("/admin/v1/api-keys/" + key.get("id")).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        String listed = api.get("/admin/v1/operators/" + operatorId + "/api-keys").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(read).doesNotContain(plaintext).doesNotContain("\"key\"");
        assertThat(listed).doesNotContain(plaintext).doesNotContain("\"key\"");
        Map<String, Object> withoutKey = new HashMap<>(key);
        withoutKey.remove("key");
        assertThat(data(api.get("/admin/v1/api-keys/" + key.get("id")), 200)).isEqualTo(withoutKey);
    }

    @Test
    void aLiveKeyIsForTheLiveAccountAndCanBeRestrictedToSites() {
        String operatorId = api.createOperatorId();
        List<String> sites = List.of(Ids.newId().toString(), Ids.newId().toString());
        Map<String, Object> key = data(api.post("/admin/v1/operators/" + operatorId + "/api-keys",
                Map.of("environment", "live", "name", "Kiosk", "scopes", List.of("sites:read"), "site_ids", sites)),
                201);
        assertThat((String) key.get("key")).matches("svc_live_[0-9A-Za-z]{40}");
        assertThat(key).containsEntry("site_ids", sites).containsEntry("account_id", accountOf(operatorId, "live"));

        Map<String, Object> introspected = api.introspect((String) key.get("key"));
        assertThat(introspected).containsEntry("active", true)
                .containsEntry("credential_id", key.get("id"))
                .containsEntry("kind", "api_key")
                .containsEntry("operator_id", operatorId)
                .containsEntry("account_id", accountOf(operatorId, "live"))
                .containsEntry("environment", "live")
                .containsEntry("scopes", List.of("sites:read"))
                .containsEntry("site_ids", sites)
                .containsEntry("actor_type", "api")
                .containsEntry("expires_at", null);
    }

    @Test
    void everyInvalidApiKeyFieldIsNamed() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/api-keys";
        Map<String, Object> body = new HashMap<>();
        body.put("environment", "production");
        body.put("scopes", Arrays.asList("sites:read", "sites:delete", "sites:read", null, "reports:write"));
        body.put("site_ids", List.of("not-a-uuid", Ids.newId().toString(), "0190b5c2-7d1e-4f7e-8000-00000000000A"));
        assertThat(details(api.post(path, body))).containsExactly(issue("environment", "invalid"),
                issue("name", "required"), issue("scopes[1]", "invalid"), issue("scopes[2]", "duplicate"),
                issue("scopes[3]", "invalid"), issue("scopes[4]", "invalid"), issue("site_ids[0]", "invalid"),
                issue("site_ids[2]", "invalid"));

        String site = Ids.newId().toString();
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "x".repeat(201), "scopes", List.of(),
                "site_ids", List.of(site, site))))).containsExactly(issue("name", "too_long"),
                        issue("scopes", "required"), issue("site_ids[1]", "duplicate"));
        assertThat(details(api.post(path, Map.of("name", "k", "scopes", List.of("sites:read"), "site_ids", List.of()))))
                .containsExactly(issue("environment", "required"), issue("site_ids", "below_minimum"));
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "k", "scopes", List.of("sites:read"),
                "site_ids", IntStream.range(0, 101).mapToObj(i -> Ids.newId().toString()).toList()))))
                .containsExactly(issue("site_ids", "above_maximum"));
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "k", "scopes", List.of("sites:read"),
                "expires_at", "2030-01-01T00:00:00Z")))).containsExactly(issue("expires_at", "unknown_field"));
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "k", "scopes", "sites:read"))))
                .containsExactly(issue("scopes", "invalid"));
    }

    @Test
    void issuingForAnUnknownOrMalformedOperatorIsNotFound() {
        Map<String, Object> body = Map.of("environment", "test", "name", "k", "scopes", List.of("sites:read"));
        api.post("/admin/v1/operators/" + Ids.newId() + "/api-keys", body).expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        api.post("/admin/v1/operators/123/api-keys", body).expectStatus().isNotFound();
        api.get("/admin/v1/operators/" + Ids.newId() + "/api-keys").expectStatus().isNotFound();
    }

    @Test
    void readsAndActionsOnUnknownOrMalformedKeysAreNotFound() {
        Map<String, Object> staticToken = data(api.post("/admin/v1/operators/" + api.createOperatorId()
                + "/static-tokens", Map.of("environment", "test", "name", "t", "scopes", List.of("sites:read"))), 201);
        for (String id : List.of(Ids.newId().toString(), "not-a-uuid", (String) staticToken.get("id"))) {
            api.get("/admin/v1/api-keys/" + id).expectStatus().isNotFound()
                    .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
            api.post("/admin/v1/api-keys/" + id + "/rotate", null).expectStatus().isNotFound();
            api.post("/admin/v1/api-keys/" + id + "/revoke", null).expectStatus().isNotFound();
        }
    }

    @Test
    void aRotatedKeyKeepsWorkingFor24HoursBesideItsSuccessorThenStops() {
        String operatorId = api.createOperatorId();
        List<String> sites = List.of(Ids.newId().toString());
        Map<String, Object> old = data(api.post("/admin/v1/operators/" + operatorId + "/api-keys",
                Map.of("environment", "test", "name", "Website", "scopes", AuthApi.SCOPES, "site_ids", sites)), 201);
        String oldKey = (String) old.get("key");

        WebTestClient.ResponseSpec rotation = api.post("/admin/v1/api-keys/" + old.get("id") + "/rotate", null)
                .expectHeader().valueEquals(Introspection.REVOKED_HEADER, (String) old.get("id"));
        Map<String, Object> successor = data(rotation, 201);
        String newKey = (String) successor.get("key");
        assertThat(newKey).matches(KEY_PATTERN).isNotEqualTo(oldKey);
        assertThat(successor.get("id")).isNotEqualTo(old.get("id"));
        for (String same : List.of("operator_id", "account_id", "environment", "name", "scopes", "site_ids")) {
            assertThat(successor.get(same)).as(same).isEqualTo(old.get(same));
        }
        assertThat(successor).containsEntry("status", "active").containsEntry("expires_at", null);

        Map<String, Object> rotated = data(api.get("/admin/v1/api-keys/" + old.get("id")), 200);
        Instant expiresAt = Instant.parse((String) rotated.get("expires_at"));
        assertThat(rotated).containsEntry("status", "expiring").containsEntry("rotated_to_id", successor.get("id"));
        assertThat(Duration.between(Instant.parse((String) successor.get("created_at")), expiresAt))
                .isEqualTo(Duration.ofHours(24));

        Map<String, Object> during = api.introspect(oldKey);
        assertThat(during).containsEntry("active", true).containsEntry("credential_id", old.get("id"));
        assertThat(Instant.parse((String) during.get("expires_at"))).isEqualTo(expiresAt);
        assertThat(api.introspect(newKey)).containsEntry("active", true).containsEntry("credential_id",
                successor.get("id"));

        api.post("/admin/v1/api-keys/" + old.get("id") + "/rotate", null).expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("conflict");

        api.advanceClock(24 * 3600 - 5);
        assertThat(api.introspect(oldKey)).containsEntry("active", true);
        api.advanceClock(6);
        assertThat(api.introspect(oldKey)).containsEntry("active", false).containsEntry("credential_id", null);
        assertThat(api.introspect(newKey)).containsEntry("active", true);
        assertThat(data(api.get("/admin/v1/api-keys/" + old.get("id")), 200)).containsEntry("status", "expired");
        api.post("/admin/v1/api-keys/" + old.get("id") + "/rotate", null).expectStatus().isEqualTo(409);
    }

    @Test
    void aRevokedKeyIsInactiveAtTheVeryNextIntrospectionAndRevokingAgainChangesNothing() {
        Map<String, Object> key = api.createApiKey(api.createOperatorId(), "test", AuthApi.SCOPES);
        String plaintext = (String) key.get("key");
        assertThat(api.introspect(plaintext)).containsEntry("active", true);

        Map<String, Object> revoked = data(api.post("/admin/v1/api-keys/" + key.get("id") + "/revoke", null)
                .expectHeader().valueEquals(Introspection.REVOKED_HEADER, (String) key.get("id")), 200);
        assertThat(revoked).containsEntry("status", "revoked").doesNotContainKey("key");
        assertThat((String) revoked.get("revoked_at")).endsWith("Z");
        assertThat(api.introspect(plaintext)).containsEntry("active", false);

        api.advanceClock(60);
        Map<String, Object> again = data(api.post("/admin/v1/api-keys/" + key.get("id") + "/revoke", null), 200);
        assertThat(again).isEqualTo(revoked);
        api.post("/admin/v1/api-keys/" + key.get("id") + "/rotate", null).expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.error.code").isEqualTo("conflict");
    }

    @Test
    void revokingARotatedKeyEndsItsOverlapAtOnce() {
        Map<String, Object> old = api.createApiKey(api.createOperatorId(), "test", AuthApi.SCOPES);
        Map<String, Object> successor = data(api.post("/admin/v1/api-keys/" + old.get("id") + "/rotate", null), 201);
        data(api.post("/admin/v1/api-keys/" + old.get("id") + "/revoke", null), 200);
        assertThat(api.introspect((String) old.get("key"))).containsEntry("active", false);
        assertThat(api.introspect((String) successor.get("key"))).containsEntry("active", true);
    }

    @Test
    @SuppressWarnings("unchecked")
    void apiKeysAreListedNewestFirstWithoutSecretsAndFilteredByEnvironment() {
        String operatorId = api.createOperatorId();
        String path = "/admin/v1/operators/" + operatorId + "/api-keys";
        String first = (String) api.createApiKey(operatorId, "test", AuthApi.SCOPES).get("id");
        String second = (String) api.createApiKey(operatorId, "live", AuthApi.SCOPES).get("id");
        String third = (String) api.createApiKey(operatorId, "test", AuthApi.SCOPES).get("id");
        data(api.post("/admin/v1/operators/" + operatorId + "/static-tokens",
                Map.of("environment", "test", "name", "not a key", "scopes", List.of("sites:read"))), 201);
        api.createApiKey(api.createOperatorId(), "test", AuthApi.SCOPES);

        Map<String, Object> all = body(api.get(path).expectStatus().isOk());
        List<Map<String, Object>> keys = (List<Map<String, Object>>) all.get("data");
        assertThat(keys).extracting(key -> key.get("id")).containsExactly(third, second, first);
        assertThat(keys).allSatisfy(key -> assertThat(key).doesNotContainKey("key").containsEntry("object", "api_key"));
        assertThat((Map<String, Object>) all.get("meta")).containsEntry("limit", 20);

        Map<String, Object> live = body(api.get(path + "?environment=live").expectStatus().isOk());
        assertThat((List<Map<String, Object>>) live.get("data")).extracting(key -> key.get("id"))
                .containsExactly(second);

        Map<String, Object> page = body(api.get(path + "?environment=test&limit=1").expectStatus().isOk());
        String next = (String) ((Map<String, Object>) ((Map<String, Object>) page.get("meta")).get("cursor"))
                .get("next");
        Map<String, Object> rest = body(api.get(path + "?environment=test&limit=1&cursor=" + next)
                .expectStatus().isOk());
        assertThat((List<Map<String, Object>>) rest.get("data")).extracting(key -> key.get("id"))
                .containsExactly(first);
        api.get(path + "?environment=live&cursor=" + next).expectStatus().isBadRequest();
        api.get(path + "?environment=prod").expectStatus().isBadRequest()
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("environment");
    }
}
