package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** The platform admin API, as an operator's onboarding would use it. */
final class Admin {

    private final DevStack stack;

    Admin(DevStack stack) {
        this.stack = stack;
    }

    /** A new operator: its id and its live and test account ids. */
    record Operator(String id, String liveAccountId, String testAccountId) {
    }

    Operator newOperator(String name) {
        Http.Response created = Http.post(url("/admin/v1/operators"), stack.adminToken(), Map.of("name", name));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        JsonNode data = created.data();
        String live = null;
        String test = null;
        for (JsonNode account : data.path("accounts")) {
            if (account.path("environment").asString().equals("live")) {
                live = account.path("id").asString();
            } else {
                test = account.path("id").asString();
            }
        }
        return new Operator(data.path("id").asString(), live, test);
    }

    /** An API key's JSON, with its plaintext {@code key}. */
    JsonNode apiKey(Operator operator, String environment, List<String> scopes, List<String> siteIds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("environment", environment);
        body.put("name", "e2e " + UUID.randomUUID());
        body.put("scopes", scopes);
        if (siteIds != null) {
            body.put("site_ids", siteIds);
        }
        Http.Response created = Http.post(url("/admin/v1/operators/" + operator.id() + "/api-keys"), stack.adminToken(), body);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        return created.data();
    }

    /**
     * A staff token's plaintext: the back-office credential (actor {@code staff}, docs/api/admin.md), the only one
     * the staff-only actions accept. An operator's user signing in through OAuth gives an app a token of actor
     * {@code api}, never {@code staff}.
     */
    String staffToken(Operator operator, String environment, List<String> scopes, List<String> siteIds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("environment", environment);
        body.put("scopes", scopes);
        if (siteIds != null) {
            body.put("site_ids", siteIds);
        }
        return post("/admin/v1/operators/" + operator.id() + "/staff-tokens", body).path("token").asString();
    }

    String apiKey(Operator operator, String environment, String... scopes) {
        return apiKey(operator, environment, List.of(scopes), null).path("key").asString();
    }

    JsonNode post(String path, Object body) {
        Http.Response response = Http.post(url(path), stack.adminToken(), body);
        assertThat(response.status()).as(path + " " + response.body()).isIn(200, 201);
        return response.data();
    }

    void moveClock(long offsetSeconds) {
        Http.Response moved = Http.post(url("/admin/v1/clock"), stack.adminToken(), Map.of("offset_seconds", offsetSeconds));
        assertThat(moved.status()).as(moved.body().toString()).isEqualTo(200);
    }

    String url(String path) {
        return stack.gatewayUrl() + path;
    }
}
