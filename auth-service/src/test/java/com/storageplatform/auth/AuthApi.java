package com.storageplatform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Calls the auth service the way the gateway does: the admin API and introspection with a platform admin caller
 * token (minted per call: caller tokens live 60 s), {@code /oauth/token} with no caller token at all.
 */
public final class AuthApi {

    public static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {
    };
    public static final List<String> SCOPES = List.of("sites:read", "contacts:read", "contacts:write");

    private final WebTestClient client;

    public AuthApi(WebTestClient client) {
        this.client = client;
    }

    public static String admin() {
        return TestCallers.bearer(TestCallers.platformAdmin());
    }

    public WebTestClient.ResponseSpec post(String path, Object body) {
        return post(TestCallers.platformAdmin(), path, body);
    }

    public WebTestClient.ResponseSpec post(Caller as, String path, Object body) {
        WebTestClient.RequestBodySpec request = client.post().uri(path).header("Authorization", TestCallers.bearer(as));
        return body == null ? request.exchange()
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec patch(String path, Object body) {
        return client.patch().uri(path).header("Authorization", admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec get(String path) {
        return get(TestCallers.platformAdmin(), path);
    }

    public WebTestClient.ResponseSpec get(Caller as, String path) {
        return client.get().uri(path).header("Authorization", TestCallers.bearer(as)).exchange();
    }

    /** The {@code data} of a 2xx answer with the expected status. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> data(WebTestClient.ResponseSpec response, int status) {
        Map<String, Object> body = response.expectStatus().isEqualTo(status).expectBody(JSON).returnResult()
                .getResponseBody();
        assertThat(body).containsKey("data").doesNotContainKey("error");
        return (Map<String, Object>) body.get("data");
    }

    public static Map<String, Object> body(WebTestClient.ResponseSpec response) {
        return response.expectBody(JSON).returnResult().getResponseBody();
    }

    public Map<String, Object> createOperator(String name) {
        return data(post("/admin/v1/operators", Map.of("name", name)), 201);
    }

    public String createOperatorId() {
        return (String) createOperator("Operator " + System.nanoTime()).get("id");
    }

    public Map<String, Object> createApiKey(String operatorId, String environment, List<String> scopes) {
        return data(post("/admin/v1/operators/" + operatorId + "/api-keys",
                Map.of("environment", environment, "name", "Website", "scopes", scopes)), 201);
    }

    /** A client-credentials OAuth client of the operator's test account. */
    public Map<String, Object> createOAuthClient(String operatorId, List<String> grantTypes, List<String> scopes) {
        Map<String, Object> body = new HashMap<>(Map.of("environment", "test", "name", "Backend",
                "grant_types", grantTypes, "scopes", scopes));
        if (grantTypes.contains("authorization_code")) {
            body.put("redirect_uris", List.of("https://app.example.com/callback"));
        }
        return data(post("/admin/v1/operators/" + operatorId + "/oauth-clients", body), 201);
    }

    public Map<String, Object> introspect(String token) {
        return client.post().uri("/internal/introspect").header("Authorization", admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("token", token))
                .exchange()
                .expectStatus().isOk()
                .expectBody(JSON).returnResult().getResponseBody();
    }

    /** {@code POST /oauth/token}, form-encoded, optionally with HTTP Basic client authentication. */
    public WebTestClient.ResponseSpec token(String form, String basicId, String basicSecret) {
        WebTestClient.RequestBodySpec request = client.post().uri("/oauth/token");
        if (basicId != null) {
            request = request.header("Authorization", basic(basicId, basicSecret));
        }
        return request.contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue(form).exchange();
    }

    public static String basic(String id, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    public void advanceClock(long seconds) {
        client.post().uri("/internal/clock").header("Authorization", admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", seconds))
                .exchange().expectStatus().isOk();
    }

    public void resetClock() {
        client.post().uri("/internal/clock").header("Authorization", admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("offset_seconds", 0))
                .exchange().expectStatus().isOk();
    }
}
