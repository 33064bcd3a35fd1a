package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Every credential type end to end through the gateway, with rotation and revocation. */
class CredentialsE2E {

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    private Http.Response listSites(String credential) {
        return Http.get(stack.gatewayUrl() + "/v1/sites", credential);
    }

    @Test
    void liveAndTestApiKeysWork() {
        Admin.Operator operator = admin.newOperator("Keys Ltd");
        assertThat(admin.apiKey(operator, "live", "sites:read")).startsWith("svc_live_");
        assertThat(listSites(admin.apiKey(operator, "live", "sites:read")).status()).isEqualTo(200);
        assertThat(listSites(admin.apiKey(operator, "test", "sites:read")).status()).isEqualTo(200);
    }

    @Test
    void staticAndStaffTokensWork() {
        Admin.Operator operator = admin.newOperator("Tokens Ltd");
        JsonNode staticToken = admin.post("/admin/v1/operators/" + operator.id() + "/static-tokens",
                Map.of("environment", "live", "name", "kiosk", "scopes", List.of("sites:read")));
        assertThat(staticToken.path("token").asString()).startsWith("svc_st_");
        assertThat(listSites(staticToken.path("token").asString()).status()).isEqualTo(200);

        JsonNode staffToken = admin.post("/admin/v1/operators/" + operator.id() + "/staff-tokens",
                Map.of("environment", "test", "scopes", List.of("sites:read")));
        assertThat(listSites(staffToken.path("token").asString()).status()).isEqualTo(200);
    }

    @Test
    void anOAuthClientGetsAnAccessTokenThatWorksOnV1() {
        Admin.Operator operator = admin.newOperator("OAuth Ltd");
        JsonNode client = admin.post("/admin/v1/operators/" + operator.id() + "/oauth-clients", Map.of(
                "environment", "live", "name", "backend", "grant_types", List.of("client_credentials"),
                "redirect_uris", List.of(), "scopes", List.of("sites:read", "sites:write")));
        String basic = Base64.getEncoder().encodeToString((client.path("client_id").asString() + ":"
                + client.path("client_secret").asString()).getBytes());

        Http.Response token = Http.postForm(stack.gatewayUrl() + "/oauth/token",
                Map.of("grant_type", "client_credentials", "scope", "sites:read"), basic);
        assertThat(token.status()).as(token.body().toString()).isEqualTo(200);
        assertThat(token.body().path("token_type").asString()).isEqualTo("Bearer");
        assertThat(token.body().path("expires_in").asInt()).isEqualTo(7200);
        assertThat(token.body().path("scope").asString()).isEqualTo("sites:read");
        String accessToken = token.body().path("access_token").asString();
        assertThat(accessToken).startsWith("svc_at_");

        assertThat(listSites(accessToken).status()).isEqualTo(200);
        Http.Response write = Http.post(stack.gatewayUrl() + "/v1/sites", accessToken,
                Map.of("name", "Not allowed", "timezone", "Europe/London"));
        assertThat(write.status()).isEqualTo(403);
        assertThat(write.errorCode()).isEqualTo("insufficient_scope");

        Http.Response outside = Http.postForm(stack.gatewayUrl() + "/oauth/token",
                Map.of("grant_type", "client_credentials", "scope", "billing:read"), basic);
        assertThat(outside.status()).isEqualTo(400);
        assertThat(outside.body().path("error").asString()).isEqualTo("invalid_scope");
    }

    @Test
    void aRotatedKeyKeepsWorkingFor24HoursThenStops() {
        Admin.Operator operator = admin.newOperator("Rotation Ltd");
        JsonNode old = admin.apiKey(operator, "live", List.of("sites:read"), null);
        JsonNode rotated = admin.post("/admin/v1/api-keys/" + old.path("id").asString() + "/rotate", Map.of());
        String oldKey = old.path("key").asString();
        String newKey = rotated.path("key").asString();
        assertThat(newKey).isNotEqualTo(oldKey).startsWith("svc_live_");
        assertThat(listSites(oldKey).status()).isEqualTo(200);
        assertThat(listSites(newKey).status()).isEqualTo(200);
        try {
            admin.moveClock(23 * 3600);
            assertThat(listSites(oldKey).status()).isEqualTo(200);
            admin.moveClock(24 * 3600 + 1);
            assertThat(listSites(oldKey).status()).isEqualTo(401);
            assertThat(listSites(newKey).status()).isEqualTo(200);
        } finally {
            admin.moveClock(0);
        }
    }

    @Test
    void aRevokedKeyIsRefusedOnTheVeryNextRequest() {
        Admin.Operator operator = admin.newOperator("Revocation Ltd");
        JsonNode key = admin.apiKey(operator, "live", List.of("sites:read"), null);
        String secret = key.path("key").asString();
        assertThat(listSites(secret).status()).isEqualTo(200);
        assertThat(listSites(secret).status()).isEqualTo(200);
        admin.post("/admin/v1/api-keys/" + key.path("id").asString() + "/revoke", Map.of());
        Http.Response refused = listSites(secret);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.errorCode()).isEqualTo("unauthorized");
    }
}
