package com.storageplatform.auth.credential;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Static tokens (actor api) and staff tokens (actor staff) through the admin API. */
@PlatformTest
class StaticAndStaffTokenAdminTest {

    static final List<String> TOKEN_FIELDS = List.of("id", "object", "operator_id", "account_id", "environment", "name",
            "scopes", "site_ids", "token_prefix", "status", "expires_at", "revoked_at", "rotated_to_id", "created_at");

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

    @Test
    void aStaticTokenActsAsAnApiIntegrationAndIsShownOnce() {
        String operatorId = api.createOperatorId();
        Map<String, Object> token = data(api.post("/admin/v1/operators/" + operatorId + "/static-tokens",
                Map.of("environment", "test", "name", "Gate sync", "scopes", List.of("access:read"))), 201);
        String plaintext = (String) token.get("token");
        assertThat(plaintext).matches("svc_st_[0-9A-Za-z]{40}");
        assertThat(token.keySet()).containsExactlyInAnyOrderElementsOf(
                concat(TOKEN_FIELDS, "token"));
        assertThat(token).containsEntry("object", "static_token").containsEntry("name", "Gate sync")
                .containsEntry("token_prefix", plaintext.substring(0, 12)).containsEntry("status", "active")
                .containsEntry("operator_id", operatorId);

        Map<String, Object> read = data(api.get("/admin/v1/static-tokens/" + token.get("id")), 200);
        assertThat(read.keySet()).containsExactlyInAnyOrderElementsOf(TOKEN_FIELDS);
        assertThat(api.introspect(plaintext)).containsEntry("active", true).containsEntry("kind", "static_token")
                .containsEntry("actor_type", "api").containsEntry("credential_id", token.get("id"));
    }

    @Test
    void aStaffTokenActsAsStaffAndNeedsNoName() {
        String operatorId = api.createOperatorId();
        String site = Ids.newId().toString();
        Map<String, Object> token = data(api.post("/admin/v1/operators/" + operatorId + "/staff-tokens",
                Map.of("environment", "live", "scopes", List.of("contacts:read", "contacts:write"),
                        "site_ids", List.of(site))), 201);
        String plaintext = (String) token.get("token");
        assertThat(plaintext).matches("svc_staff_[0-9A-Za-z]{40}");
        assertThat(token).containsEntry("object", "staff_token").containsEntry("name", null)
                .containsEntry("environment", "live").containsEntry("site_ids", List.of(site));
        assertThat(api.introspect(plaintext)).containsEntry("active", true).containsEntry("kind", "staff_token")
                .containsEntry("actor_type", "staff").containsEntry("environment", "live")
                .containsEntry("site_ids", List.of(site));

        Map<String, Object> named = data(api.post("/admin/v1/operators/" + operatorId + "/staff-tokens",
                Map.of("environment", "test", "name", "Front desk", "scopes", List.of("contacts:read"))), 201);
        assertThat(named).containsEntry("name", "Front desk");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyInvalidTokenFieldIsNamed() {
        String operatorId = api.createOperatorId();
        Map<String, Object> error = (Map<String, Object>) body(api.post("/admin/v1/operators/" + operatorId
                + "/static-tokens", Map.of("environment", "TEST", "scopes", List.of("crm:admin")))
                .expectStatus().isEqualTo(422)).get("error");
        assertThat((List<Map<String, Object>>) error.get("details")).containsExactly(
                Map.of("field", "environment", "issue", "invalid"), Map.of("field", "name", "issue", "required"),
                Map.of("field", "scopes[0]", "issue", "invalid"));

        Map<String, Object> staff = new HashMap<>();
        staff.put("name", " ");
        staff.put("site_ids", List.of(7));
        api.post("/admin/v1/operators/" + operatorId + "/staff-tokens", staff)
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("site_ids[0]");
        Map<String, Object> blankName = Map.of("environment", "test", "name", " ", "scopes", List.of("crm:read"));
        error = (Map<String, Object>) body(api.post("/admin/v1/operators/" + operatorId + "/staff-tokens", blankName)
                .expectStatus().isEqualTo(422)).get("error");
        assertThat((List<Map<String, Object>>) error.get("details"))
                .containsExactly(Map.of("field", "name", "issue", "invalid"));
        api.post("/admin/v1/operators/" + Ids.newId() + "/staff-tokens",
                Map.of("environment", "test", "scopes", List.of("crm:read"))).expectStatus().isNotFound();
    }

    @Test
    void staticAndStaffTokensRotateWithA24HourOverlapAndRevokeAtOnce() {
        String operatorId = api.createOperatorId();
        for (String collection : List.of("static-tokens", "staff-tokens")) {
            Map<String, Object> old = data(api.post("/admin/v1/operators/" + operatorId + "/" + collection,
                    Map.of("environment", "test", "name", "Rotating", "scopes", List.of("sites:read"))), 201);
            Map<String, Object> successor = data(api.post("/admin/v1/" + collection + "/" + old.get("id") + "/rotate",
                    null).expectHeader().valueEquals(Introspection.REVOKED_HEADER, (String) old.get("id")), 201);
            assertThat((String) successor.get("token")).startsWith(((String) old.get("token")).substring(0, 7))
                    .isNotEqualTo(old.get("token"));
            assertThat(successor).containsEntry("name", "Rotating").containsEntry("scopes", List.of("sites:read"));
            assertThat(data(api.get("/admin/v1/" + collection + "/" + old.get("id")), 200))
                    .containsEntry("status", "expiring").containsEntry("rotated_to_id", successor.get("id"));
            assertThat(api.introspect((String) old.get("token"))).containsEntry("active", true);

            data(api.post("/admin/v1/" + collection + "/" + successor.get("id") + "/revoke", null)
                    .expectHeader().valueEquals(Introspection.REVOKED_HEADER, (String) successor.get("id")), 200);
            assertThat(api.introspect((String) successor.get("token"))).containsEntry("active", false);
        }
        api.advanceClock(24 * 3600 + 1);
        List<Map<String, Object>> statics = listed(operatorId, "static-tokens");
        assertThat(statics).extracting(token -> token.get("status")).containsExactly("revoked", "expired");
        assertThat(listed(operatorId, "staff-tokens")).extracting(token -> token.get("status"))
                .containsExactly("revoked", "expired");
        assertThat(statics).allSatisfy(token -> assertThat(token).doesNotContainKey("token"));
    }

    @Test
    void tokenIdsAreNotFoundUnderAnotherKindsPath() {
        String operatorId = api.createOperatorId();
        Map<String, Object> staff = data(api.post("/admin/v1/operators/" + operatorId + "/staff-tokens",
                Map.of("environment", "test", "scopes", List.of("sites:read"))), 201);
        api.get("/admin/v1/static-tokens/" + staff.get("id")).expectStatus().isNotFound();
        api.post("/admin/v1/static-tokens/" + staff.get("id") + "/revoke", null).expectStatus().isNotFound();
        api.get("/admin/v1/staff-tokens/not-an-id").expectStatus().isNotFound();
        assertThat(api.introspect((String) staff.get("token"))).containsEntry("active", true);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> listed(String operatorId, String collection) {
        return (List<Map<String, Object>>) body(api.get("/admin/v1/operators/" + operatorId + "/" + collection)
                .expectStatus().isOk()).get("data");
    }

    private static List<String> concat(List<String> fields, String extra) {
        List<String> all = new ArrayList<>(fields);
        all.add(extra);
        return all;
    }
}
