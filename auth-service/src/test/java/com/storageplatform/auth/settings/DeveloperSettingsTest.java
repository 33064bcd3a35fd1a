package com.storageplatform.auth.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.auth.OAuthApps;
import com.storageplatform.auth.signin.OperatorSessions;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.net.URI;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The developer settings as an owner uses them (without a browser; the browser test in e2e-tests drives them
 * through Keycloak): secrets shown once, revocation reported to the gateway, owners only, CSRF, sign-out.
 */
@PlatformTest
class DeveloperSettingsTest {

    private static final Pattern SECRET = Pattern.compile("id=\"new-secret\">([^<]+)<");

    @Autowired
    WebTestClient client;
    @Autowired
    OperatorSessions sessions;
    @Autowired
    DatabaseClient db;
    @LocalServerPort
    int port;

    private AuthApi api;
    private OAuthApps apps;
    private OAuthApps.Person owner;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
        apps = new OAuthApps(client, sessions, port);
        owner = apps.signedIn("owner");
    }

    private String page(String path, OAuthApps.Person as) {
        return apps.get(path, as.cookie()).expectStatus().isOk()
                .expectHeader().valueMatches("Content-Security-Policy", ".*script-src 'self'.*")
                .expectBody(String.class).returnResult().getResponseBody();
    }

    private WebTestClient.ResponseSpec post(String path, OAuthApps.Person as, String csrf, String form) {
        return client.post().uri(path).header("Cookie", as.cookie())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("_csrf=" + OAuthApps.encodeValue(csrf) + (form.isEmpty() ? "" : "&" + form)).exchange();
    }

    @Test
    void aNewApiKeyIsShownOnceThenOnlyByItsPrefixAndWorksUntilRevoked() {
        String list = page("/app/api-keys?environment=test", owner);
        String created = post("/app/api-keys", owner, OAuthApps.csrf(list),
                "environment=test&name=Website&scopes=sites%3Aread&scopes=contacts%3Aread")
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        Matcher secret = SECRET.matcher(created);
        assertThat(secret.find()).isTrue();
        String key = secret.group(1);
        assertThat(key).startsWith("svc_test_");
        assertThat(api.introspect(key)).containsEntry("active", true).containsEntry("operator_id", owner.operatorId())
                .containsEntry("scopes", java.util.List.of("sites:read", "contacts:read"));

        String again = page("/app/api-keys?environment=test", owner);
        assertThat(again).contains("Website", key.substring(0, 12)).doesNotContain(key);

        String id = (String) api.introspect(key).get("credential_id");
        String reported = post("/app/api-keys/" + id + "/revoke", owner, OAuthApps.csrf(again), "")
                .expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders().getFirst(Introspection.REVOKED_HEADER);
        assertThat(reported).isEqualTo(id);
        assertThat(api.introspect(key)).containsEntry("active", false);
    }

    @Test
    void anotherOperatorsCredentialCannotBeTouchedAndBadInputIsNamedOnThePage() {
        Map<String, Object> theirs = api.createApiKey(api.createOperatorId(), "test", AuthApi.SCOPES);
        String list = page("/app/api-keys", owner);
        post("/app/api-keys/" + theirs.get("id") + "/revoke", owner, OAuthApps.csrf(list), "")
                .expectStatus().isNotFound();
        assertThat(api.introspect((String) theirs.get("key"))).containsEntry("active", true);

        String refused = post("/app/api-keys", owner, OAuthApps.csrf(list), "environment=test&name=No+scopes")
                .expectStatus().isEqualTo(422).expectBody(String.class).returnResult().getResponseBody();
        assertThat(refused).contains("scopes (required)");
    }

    @Test
    void aNewOAuthClientShowsItsSecretOnce() {
        String list = page("/app/oauth-clients?environment=test", owner);
        String created = post("/app/oauth-clients", owner, OAuthApps.csrf(list),
                "environment=test&name=Insights&grant_types=authorization_code"
                        + "&redirect_uris=https%3A%2F%2Fapp.example.com%2Fcb&scopes=sites%3Aread")
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        Matcher secret = SECRET.matcher(created);
        assertThat(secret.find()).isTrue();
        assertThat(secret.group(1)).startsWith("svc_cs_");
        assertThat(page("/app/oauth-clients?environment=test", owner)).contains("Insights")
                .doesNotContain(secret.group(1));
    }

    @Test
    void formsNeedTheSessionsCsrfToken() {
        post("/app/api-keys", owner, "forged", "environment=test&name=X&scopes=sites%3Aread")
                .expectStatus().isForbidden();
        OAuthApps.Person other = apps.signedIn("owner");
        post("/app/api-keys", other, OAuthApps.csrf(page("/app/api-keys", owner)),
                "environment=test&name=X&scopes=sites%3Aread").expectStatus().isForbidden();
    }

    @Test
    void staffAreSentAwayAndStrangersAreSentToSignIn() {
        OAuthApps.Person staff = apps.signedIn(owner.operatorId(), "staff");
        URI away = apps.get("/app/api-keys", staff.cookie()).expectStatus().is3xxRedirection()
                .returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(away.getPath()).isEqualTo("/app/not-an-owner");
        assertThat(apps.get("/app/not-an-owner", staff.cookie()).expectStatus().isForbidden()
                .expectBody(String.class).returnResult().getResponseBody()).contains("for owners");

        URI signIn = apps.get("/app/api-keys", null).expectStatus().is3xxRedirection()
                .returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(signIn.getPath()).isEqualTo("/app/sign-in/keycloak");
        apps.get("/app/api-keys", "platform_session=svc_ses_" + "x".repeat(40)).expectStatus().is3xxRedirection();
    }

    @Test
    void signingInStartsAtKeycloakWithPkceAndASealedCookieBoundToTheCallback() {
        WebTestClient.ResponseSpec start = apps.get("/app/sign-in/keycloak", null).expectStatus().is3xxRedirection();
        var headers = start.returnResult(Void.class).getResponseHeaders();
        String location = headers.getLocation().toString();
        assertThat(location).startsWith(com.storageplatform.auth.KeycloakTestServer.get().url()
                + "/realms/" + com.storageplatform.auth.KeycloakTestServer.REALM + "/protocol/openid-connect/auth?")
                .contains("code_challenge_method=S256", "client_id=storage-platform", "scope=openid%20email",
                        "redirect_uri=http://127.0.0.1:18999/app/sign-in-callback");
        assertThat(headers.get("Set-Cookie")).anySatisfy(cookie -> assertThat(cookie)
                .startsWith("platform_sign_in=").containsIgnoringCase("HttpOnly").contains("Path=/app/sign-in-callback", "SameSite=Lax")
                .hasSizeLessThan(1500));
    }

    @Test
    void signingOutEndsTheSessionAndRevokesTheTokensItMinted() {
        // The webhooks page calls the public API with a token of the session (no gateway answers here).
        String list = page("/app/webhooks", owner);
        String token = db.sql("SELECT id::text AS id FROM credentials WHERE operator_session_id IS NOT NULL"
                + " AND operator_id = :operator::uuid").bind("operator", owner.operatorId())
                .map(row -> row.get("id", String.class)).one().block();
        var signedOut = post("/app/sign-out", owner, OAuthApps.csrf(list), "").expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders();
        assertThat(signedOut.getLocation().getPath()).isEqualTo("/app/signed-out");
        assertThat(signedOut.getFirst(Introspection.REVOKED_HEADER)).isEqualTo(token);
        assertThat(db.sql("SELECT revoked_at IS NOT NULL AS revoked FROM credentials WHERE id = :id::uuid")
                .bind("id", token).map(row -> row.get("revoked", Boolean.class)).one().block()).isTrue();
        apps.get("/app/api-keys", owner.cookie()).expectStatus().is3xxRedirection();
    }
}
