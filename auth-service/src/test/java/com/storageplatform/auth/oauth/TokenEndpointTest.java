package com.storageplatform.auth.oauth;

import static com.storageplatform.auth.AuthApi.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** {@code POST /oauth/token} with the client-credentials grant, exactly as RFC 6749 and the spec say. */
@PlatformTest
class TokenEndpointTest {

    @Autowired
    WebTestClient client;

    private AuthApi api;
    private String operatorId;
    private String site;
    private String clientId;
    private String clientSecret;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
        operatorId = api.createOperatorId();
        site = Ids.newId().toString();
        Map<String, Object> created = AuthApi.data(api.post("/admin/v1/operators/" + operatorId + "/oauth-clients",
                Map.of("environment", "test", "name", "Backend", "grant_types", List.of("client_credentials"),
                        "scopes", AuthApi.SCOPES, "site_ids", List.of(site))), 201);
        clientId = (String) created.get("client_id");
        clientSecret = (String) created.get("client_secret");
    }

    @AfterEach
    void resetClock() {
        api.resetClock();
    }

    /** Asserts the RFC 6749 section 5.2 error body (never the platform envelope) and its no-store headers. */
    private static Map<String, Object> refused(WebTestClient.ResponseSpec response, int status, String error) {
        Map<String, Object> body = body(response.expectStatus().isEqualTo(status)
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("Pragma", "no-cache")
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON));
        assertThat(body).containsOnlyKeys("error", "error_description").containsEntry("error", error);
        assertThat((String) body.get("error_description")).isNotBlank().matches("[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+");
        return body;
    }

    private WebTestClient.ResponseSpec tokenWithForm(String form) {
        return api.token(form, null, null);
    }

    @Test
    void httpBasicAuthenticationGetsABearerTokenForTwoHoursWithEveryScopeOfTheClient() {
        Instant before = Instant.now();
        Map<String, Object> token = body(api.token("grant_type=client_credentials", clientId, clientSecret)
                .expectStatus().isOk()
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("Pragma", "no-cache")
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON));
        assertThat(token).containsOnlyKeys("access_token", "token_type", "expires_in", "scope")
                .containsEntry("token_type", "Bearer")
                .containsEntry("expires_in", 7200)
                .containsEntry("scope", "sites:read contacts:read contacts:write");
        String accessToken = (String) token.get("access_token");
        assertThat(accessToken).matches("svc_at_[0-9A-Za-z]{40}");

        Map<String, Object> introspected = api.introspect(accessToken);
        assertThat(introspected).containsEntry("active", true)
                .containsEntry("kind", "access_token")
                .containsEntry("actor_type", "api")
                .containsEntry("operator_id", operatorId)
                .containsEntry("environment", "test")
                .containsEntry("scopes", AuthApi.SCOPES)
                .containsEntry("site_ids", List.of(site));
        Instant expiresAt = Instant.parse((String) introspected.get("expires_at"));
        assertThat(expiresAt).isBetween(before.plusSeconds(7200), Instant.now().plusSeconds(7200));
    }

    @Test
    void formParametersAuthenticateTheClientToo() {
        Map<String, Object> token = body(tokenWithForm("grant_type=client_credentials&client_id=" + clientId
                + "&client_secret=" + clientSecret).expectStatus().isOk());
        assertThat(api.introspect((String) token.get("access_token"))).containsEntry("active", true);
    }

    @Test
    void aScopeParameterNarrowsTheGrantAndAnEmptyOneIsIgnored() {
        Map<String, Object> narrowed = body(api.token("grant_type=client_credentials&scope=contacts%3Aread+sites%3Aread",
                clientId, clientSecret).expectStatus().isOk());
        assertThat(narrowed).containsEntry("scope", "contacts:read sites:read");
        assertThat(api.introspect((String) narrowed.get("access_token")))
                .containsEntry("scopes", List.of("contacts:read", "sites:read"));

        Map<String, Object> all = body(api.token("grant_type=client_credentials&scope=", clientId, clientSecret)
                .expectStatus().isOk());
        assertThat(all).containsEntry("scope", "sites:read contacts:read contacts:write");
    }

    @Test
    void aScopeTheClientDoesNotHoldIsInvalidScope() {
        for (String scope : List.of("billing:read", "sites:read+billing:read", "sites:admin",
                "sites:read++contacts:read", "%22sites:read%22")) {
            refused(api.token("grant_type=client_credentials&scope=" + scope, clientId, clientSecret), 400,
                    "invalid_scope");
        }
    }

    @Test
    void aWrongSecretOrAnUnknownClientIsInvalidClient() {
        refused(api.token("grant_type=client_credentials", clientId, clientSecret + "x"), 401, "invalid_client");
        api.token("grant_type=client_credentials", clientId, "wrong")
                .expectHeader().valueEquals("WWW-Authenticate", "Basic realm=\"oauth\"");
        api.token("grant_type=client_credentials", "cli_unknownunknownunknown1", clientSecret)
                .expectStatus().isUnauthorized()
                .expectHeader().valueEquals("WWW-Authenticate", "Basic realm=\"oauth\"");

        refused(tokenWithForm("grant_type=client_credentials&client_id=" + clientId + "&client_secret=wrong"), 401,
                "invalid_client");
        tokenWithForm("grant_type=client_credentials&client_id=" + clientId + "&client_secret=wrong")
                .expectHeader().doesNotExist("WWW-Authenticate");
        refused(tokenWithForm("grant_type=client_credentials&client_id=nobody&client_secret=" + clientSecret), 401,
                "invalid_client");
        refused(tokenWithForm("grant_type=client_credentials&client_id=" + clientId), 401, "invalid_client");
        refused(tokenWithForm("grant_type=client_credentials&client_id=" + "c".repeat(500) + "&client_secret=x"), 401,
                "invalid_client");
    }

    @Test
    void aMissingOrMalformedClientAuthenticationIsInvalidClientInTheRfcShape() {
        refused(tokenWithForm("grant_type=client_credentials"), 401, "invalid_client");
        tokenWithForm("grant_type=client_credentials")
                .expectHeader().valueEquals("WWW-Authenticate", "Basic realm=\"oauth\"");
        for (String authorization : List.of("Basic not-base64!", "Basic " + Base64.getEncoder()
                .encodeToString("no-colon".getBytes()), "Bearer " + clientSecret,
                TestCallers.bearer(TestCallers.platformAdmin()), "Digest abc")) {
            refused(client.post().uri("/oauth/token").header("Authorization", authorization)
                    .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("grant_type=client_credentials")
                    .exchange(), 401, "invalid_client");
        }
    }

    @Test
    void bothAuthenticationMethodsAtOnceIsInvalidRequest() {
        refused(api.token("grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + clientSecret,
                clientId, clientSecret), 400, "invalid_request");
        refused(api.token("grant_type=client_credentials&client_secret=" + clientSecret, clientId, clientSecret), 400,
                "invalid_request");
        refused(api.token("grant_type=client_credentials&client_id=cli_other", clientId, clientSecret), 400,
                "invalid_request");
        Map<String, Object> sameId = body(api.token("grant_type=client_credentials&client_id=" + clientId, clientId,
                clientSecret).expectStatus().isOk());
        assertThat(sameId).containsKey("access_token");
    }

    @Test
    void aMissingGrantTypeIsInvalidRequestAndAnUnknownOneIsUnsupported() {
        refused(api.token("scope=sites%3Aread", clientId, clientSecret), 400, "invalid_request");
        refused(api.token("grant_type=", clientId, clientSecret), 400, "invalid_request");
        for (String grantType : List.of("password", "implicit", "urn:x")) {
            refused(api.token("grant_type=" + grantType, clientId, clientSecret), 400, "unsupported_grant_type");
        }
        // Served, but this client was registered for client_credentials only.
        for (String grantType : List.of("authorization_code", "refresh_token")) {
            refused(api.token("grant_type=" + grantType, clientId, clientSecret), 400, "unauthorized_client");
        }
    }

    @Test
    void aClientWithoutTheClientCredentialsGrantIsUnauthorizedClient() {
        Map<String, Object> browserApp = api.createOAuthClient(operatorId, List.of("authorization_code"),
                List.of("sites:read"));
        refused(api.token("grant_type=client_credentials", (String) browserApp.get("client_id"),
                (String) browserApp.get("client_secret")), 400, "unauthorized_client");
    }

    @Test
    void malformedRequestsAreInvalidRequestInTheRfcShapeNeverTheEnvelope() {
        refused(client.post().uri("/oauth/token").header("Authorization", AuthApi.basic(clientId, clientSecret))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"grant_type\":\"client_credentials\"}")
                .exchange(), 400, "invalid_request");
        refused(client.post().uri("/oauth/token").header("Authorization", AuthApi.basic(clientId, clientSecret))
                .exchange(), 400, "invalid_request");
        refused(client.post().uri("/oauth/token").header("Authorization", AuthApi.basic(clientId, clientSecret))
                .contentType(MediaType.TEXT_PLAIN).bodyValue("grant_type=client_credentials").exchange(), 400,
                "invalid_request");
        refused(api.token("grant_type=client_credentials&grant_type=client_credentials", clientId, clientSecret), 400,
                "invalid_request");
        refused(api.token("grant_type=client_credentials&scope=sites%3Aread&scope=", clientId, clientSecret), 400,
                "invalid_request");
        refused(api.token("grant_type=%zz", clientId, clientSecret), 400, "invalid_request");
        refused(client.post().uri("/oauth/token").header("Authorization", AuthApi.admin())
                .header("Idempotency-Key", "k".repeat(300))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{").exchange(), 400, "invalid_request");

        refused(client.get().uri("/oauth/token").exchange(), 405, "invalid_request");
        client.put().uri("/oauth/token").exchange().expectStatus().isEqualTo(405).expectHeader().valueEquals("Allow",
                "POST");
    }

    @Test
    void anIdempotencyKeyIsIgnoredAtTheTokenEndpoint() {
        Map<String, Object> first = body(client.post().uri("/oauth/token")
                .header("Authorization", AuthApi.basic(clientId, clientSecret)).header("Idempotency-Key", "k".repeat(300))
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("grant_type=client_credentials")
                .exchange().expectStatus().isOk().expectHeader().doesNotExist("Idempotent-Replayed"));
        Map<String, Object> second = body(client.post().uri("/oauth/token")
                .header("Authorization", AuthApi.basic(clientId, clientSecret)).header("Idempotency-Key", "same")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("grant_type=client_credentials")
                .exchange().expectStatus().isOk());
        assertThat(second.get("access_token")).isNotEqualTo(first.get("access_token"));
    }

    @Test
    void anAccessTokenExpiresAfter7200SecondsByThePlatformClock() {
        String accessToken = (String) body(api.token("grant_type=client_credentials", clientId, clientSecret)
                .expectStatus().isOk()).get("access_token");
        api.advanceClock(Duration.ofSeconds(7200).minusSeconds(5).toSeconds());
        assertThat(api.introspect(accessToken)).containsEntry("active", true);
        api.advanceClock(6);
        assertThat(api.introspect(accessToken)).containsEntry("active", false).containsEntry("kind", null);
    }
}
