package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.devstack.KeycloakProcess;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * Operators' people, as the platform admin adds them (through the gateway's admin API) and as they then set their
 * password in Keycloak, never through the platform: here straight through Keycloak's admin API, standing in for
 * the set-password email.
 */
final class Operators {

    static final String PASSWORD = "Correct-Horse-" + UUID.randomUUID();

    private final DevStack stack;

    Operators(DevStack stack) {
        this.stack = stack;
    }

    record Person(String operatorId, String email, String password) {
    }

    /** A new operator user with a password set in Keycloak. */
    Person add(String operatorId, String role) {
        String email = role + "-" + UUID.randomUUID() + "@e2e.example";
        Http.Response created = Http.post(stack.gatewayUrl() + "/admin/v1/operators/" + operatorId + "/users",
                stack.adminToken(), Map.of("email", email, "role", role));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        setPassword(email, PASSWORD);
        return new Person(operatorId, email, PASSWORD);
    }

    private void setPassword(String email, String password) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String keycloak = stack.keycloakUrl();
        JsonNode token = send(http, HttpRequest.newBuilder(URI.create(keycloak
                        + "/realms/master/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id="
                        + KeycloakProcess.ADMIN_CLIENT_ID + "&client_secret="
                        + URLEncoder.encode(stack.keycloakAdminClientSecret(), StandardCharsets.UTF_8))));
        String bearer = "Bearer " + token.path("access_token").asString();
        String users = keycloak + "/admin/realms/" + stack.keycloakRealm() + "/users";
        JsonNode found = send(http, HttpRequest.newBuilder(URI.create(users + "?exact=true&email="
                + URLEncoder.encode(email, StandardCharsets.UTF_8))).header("Authorization", bearer).GET());
        String id = found.path(0).path("id").asString();
        assertThat(id).as("the Keycloak user of " + email).isNotBlank();
        send(http, HttpRequest.newBuilder(URI.create(users + "/" + id + "/reset-password"))
                .header("Authorization", bearer).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(Http.JSON.writeValueAsString(
                        Map.of("type", "password", "value", password, "temporary", false)))));
    }

    private static JsonNode send(HttpClient http, HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
            return response.body().isEmpty() ? Http.JSON.nullNode() : Http.JSON.readTree(response.body());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
