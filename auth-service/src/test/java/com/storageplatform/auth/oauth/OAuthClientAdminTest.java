package com.storageplatform.auth.oauth;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/** OAuth clients through the admin API: registration, reads, lists and revocation with every token they hold. */
@PlatformTest
class OAuthClientAdminTest {

    @Autowired
    WebTestClient client;

    private AuthApi api;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> details(WebTestClient.ResponseSpec response) {
        Map<String, Object> error = (Map<String, Object>) body(response.expectStatus().isEqualTo(422)).get("error");
        return (List<Map<String, Object>>) error.get("details");
    }

    private static Map<String, Object> issue(String field, String issue) {
        return Map.of("field", field, "issue", issue);
    }

    private String accessToken(Map<String, Object> oauthClient) {
        Map<String, Object> token = body(api.token("grant_type=client_credentials",
                (String) oauthClient.get("client_id"), (String) oauthClient.get("client_secret"))
                .expectStatus().isOk());
        return (String) token.get("access_token");
    }

    @Test
    void aClientGetsAClientIdAndASecretThatIsShownOnlyOnce() {
        String operatorId = api.createOperatorId();
        String site = Ids.newId().toString();
        Map<String, Object> created = data(api.post("/admin/v1/operators/" + operatorId + "/oauth-clients", Map.of(
                "environment", "live", "name", "Backend", "grant_types", List.of("client_credentials"),
                "scopes", List.of("sites:read"), "site_ids", List.of(site))), 201);
        String secret = (String) created.get("client_secret");
        assertThat((String) created.get("client_id")).matches("cli_[0-9A-Za-z]{24}");
        assertThat(secret).matches("svc_cs_[0-9A-Za-z]{40}");
        assertThat(created).containsOnlyKeys("id", "object", "operator_id", "account_id", "environment", "name",
                "client_id", "grant_types", "redirect_uris", "scopes", "site_ids", "status", "revoked_at",
                "created_at", "client_secret");
        assertThat(created).containsEntry("object", "oauth_client").containsEntry("operator_id", operatorId)
                .containsEntry("environment", "live").containsEntry("grant_types", List.of("client_credentials"))
                .containsEntry("redirect_uris", List.of()).containsEntry("scopes", List.of("sites:read"))
                .containsEntry("site_ids", List.of(site)).containsEntry("status", "active")
                .containsEntry("revoked_at", null);

        Map<String, Object> read = data(api.get("/admin/v1/oauth-clients/" + created.get("id")), 200);
        Map<String, Object> withoutSecret = new HashMap<>(created);
        withoutSecret.remove("client_secret");
        assertThat(read).isEqualTo(withoutSecret);
        String listed = api.get("/admin/v1/operators/" + operatorId + "/oauth-clients").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(listed).contains((String) created.get("client_id")).doesNotContain(secret)
                .doesNotContain("client_secret");
    }

    @Test
    void anAuthorizationCodeClientNeedsRedirectUrisThatAreHttpsOrLocal() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/oauth-clients";
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "App",
                "grant_types", List.of("authorization_code"), "scopes", List.of("sites:read")))))
                .containsExactly(issue("redirect_uris", "required"));
        Map<String, Object> created = data(api.post(path, Map.of("environment", "test", "name", "App",
                "grant_types", List.of("authorization_code", "client_credentials"), "scopes", List.of("sites:read"),
                "redirect_uris", List.of("https://app.example.com/oauth/callback?x=1", "http://localhost:3000/cb",
                        "http://127.0.0.1/cb"))), 201);
        assertThat(created).containsEntry("grant_types", List.of("authorization_code", "client_credentials"));
    }

    @Test
    void everyInvalidClientFieldIsNamed() {
        String path = "/admin/v1/operators/" + api.createOperatorId() + "/oauth-clients";
        Map<String, Object> body = new HashMap<>();
        body.put("grant_types", Arrays.asList("password", "client_credentials", "client_credentials", null));
        body.put("redirect_uris", List.of("http://app.example.com/cb", "https://app.example.com/cb#top", "/cb",
                "https://ok.example/cb", "https://ok.example/cb", "ftp://files.example/cb",
                "https://" + "a".repeat(2050) + ".example"));
        body.put("scopes", List.of("sites:read", "sites:own"));
        body.put("site_ids", List.of("x"));
        assertThat(details(api.post(path, body))).containsExactly(issue("environment", "required"),
                issue("name", "required"), issue("grant_types[0]", "invalid"), issue("grant_types[2]", "duplicate"),
                issue("grant_types[3]", "invalid"), issue("redirect_uris[0]", "invalid"),
                issue("redirect_uris[1]", "invalid"), issue("redirect_uris[2]", "invalid"),
                issue("redirect_uris[4]", "duplicate"), issue("redirect_uris[5]", "invalid"),
                issue("redirect_uris[6]", "too_long"), issue("scopes[1]", "invalid"), issue("site_ids[0]", "invalid"));

        assertThat(details(api.post(path, Map.of("environment", "test", "name", "App", "grant_types", List.of(),
                "scopes", List.of("sites:read"), "redirect_uris", IntStream.range(0, 11)
                        .mapToObj(i -> "https://app.example/" + i).toList(), "secret", "mine"))))
                .containsExactly(issue("secret", "unknown_field"));
        assertThat(details(api.post(path, Map.of("environment", "test", "name", "App", "grant_types", List.of(),
                "scopes", List.of("sites:read"), "redirect_uris", IntStream.range(0, 11)
                        .mapToObj(i -> "https://app.example/" + i).toList()))))
                .containsExactly(issue("grant_types", "required"), issue("redirect_uris", "above_maximum"));
        api.post("/admin/v1/operators/" + Ids.newId() + "/oauth-clients", Map.of("environment", "test",
                "name", "App", "grant_types", List.of("client_credentials"), "scopes", List.of("sites:read")))
                .expectStatus().isNotFound();
    }

    @Test
    void revokingAClientRevokesItAndEveryTokenItHoldsAtOnce() {
        Map<String, Object> oauthClient = api.createOAuthClient(api.createOperatorId(), List.of("client_credentials"),
                AuthApi.SCOPES);
        String first = accessToken(oauthClient);
        String second = accessToken(oauthClient);
        String firstId = (String) api.introspect(first).get("credential_id");
        String secondId = (String) api.introspect(second).get("credential_id");

        WebTestClient.ResponseSpec revocation = api.post("/admin/v1/oauth-clients/" + oauthClient.get("id")
                + "/revoke", Map.of());
        String header = revocation.returnResult(String.class).getResponseHeaders()
                .getFirst(Introspection.REVOKED_HEADER);
        Map<String, Object> revoked = data(revocation, 200);
        assertThat(revoked).containsEntry("status", "revoked").doesNotContainKey("client_secret");
        assertThat((String) revoked.get("revoked_at")).endsWith("Z");
        assertThat(header).isNotNull();
        assertThat(List.of(header.split(","))).containsExactlyInAnyOrder(firstId, secondId);

        assertThat(api.introspect(first)).containsEntry("active", false);
        assertThat(api.introspect(second)).containsEntry("active", false);
        api.token("grant_type=client_credentials", (String) oauthClient.get("client_id"),
                (String) oauthClient.get("client_secret"))
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error").isEqualTo("invalid_client");

        Map<String, Object> again = data(api.post("/admin/v1/oauth-clients/" + oauthClient.get("id") + "/revoke",
                null).expectHeader().doesNotExist(Introspection.REVOKED_HEADER), 200);
        assertThat(again).isEqualTo(revoked);
        assertThat(data(api.get("/admin/v1/oauth-clients/" + oauthClient.get("id")), 200))
                .containsEntry("status", "revoked");
    }

    @Test
    @SuppressWarnings("unchecked")
    void clientsAreListedNewestFirstAndUnknownIdsAreNotFound() {
        String operatorId = api.createOperatorId();
        String first = (String) api.createOAuthClient(operatorId, List.of("client_credentials"), AuthApi.SCOPES)
                .get("id");
        String second = (String) api.createOAuthClient(operatorId, List.of("authorization_code"), AuthApi.SCOPES)
                .get("id");
        List<Map<String, Object>> listed = (List<Map<String, Object>>) body(api.get("/admin/v1/operators/"
                + operatorId + "/oauth-clients?environment=test").expectStatus().isOk()).get("data");
        assertThat(listed).extracting(listedClient -> listedClient.get("id")).containsExactly(second, first);
        assertThat((List<Object>) body(api.get("/admin/v1/operators/" + operatorId
                + "/oauth-clients?environment=live").expectStatus().isOk()).get("data")).isEmpty();
        api.get("/admin/v1/operators/" + operatorId + "/oauth-clients?environment=staging")
                .expectStatus().isBadRequest();
        for (String id : List.of(Ids.newId().toString(), "nope")) {
            api.get("/admin/v1/oauth-clients/" + id).expectStatus().isNotFound();
            api.post("/admin/v1/oauth-clients/" + id + "/revoke", null).expectStatus().isNotFound();
        }
        api.post("/admin/v1/oauth-clients/" + first + "/revoke", Map.of("reason", "x"))
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("reason");
    }
}
