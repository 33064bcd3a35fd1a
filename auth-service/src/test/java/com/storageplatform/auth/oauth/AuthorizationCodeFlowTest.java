package com.storageplatform.auth.oauth;

import static com.storageplatform.auth.AuthApi.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.auth.OAuthApps;
import com.storageplatform.auth.signin.OperatorSessions;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The authorization-code flow with PKCE end to end in the auth service: the consent page, the redirect with a
 * one-time code and the app's state, the exchange, refresh rotation, and what reuse of a code or of a rotated
 * refresh token does to the whole grant.
 */
@PlatformTest
class AuthorizationCodeFlowTest {

    private static final List<String> APP_SCOPES = List.of("sites:read", "contacts:read", "contacts:write");

    @Autowired
    WebTestClient client;
    @Autowired
    OperatorSessions sessions;
    @LocalServerPort
    int port;

    private AuthApi api;
    private OAuthApps apps;
    private OAuthApps.Person owner;
    private Map<String, Object> app;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
        apps = new OAuthApps(client, sessions, port);
        owner = apps.signedIn("owner");
        app = apps.app(api.createOperatorId(), APP_SCOPES);
    }

    @AfterEach
    void resetClock() {
        api.resetClock();
    }

    @Test
    void theConsentPageNamesTheAppItsDeveloperAndEachScopeInPlainWords() {
        String page = apps.get(OAuthApps.authorizeUri(app, "sites:read contacts:write", "s1"), owner.cookie())
                .expectStatus().isOk()
                .expectHeader().valueMatches("Content-Security-Policy",
                        ".*form-action 'self' https://app\\.example\\.com.*")
                .expectHeader().valueEquals("X-Frame-Options", "DENY")
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(page).contains("Harbour Insights", "See your sites and their widgets",
                "Create and change your customers&#39; contact records", "app.example.com", "test")
                .doesNotContain("contacts:read");
    }

    @Test
    void approvingRedirectsWithAOneTimeCodeAndTheStateWhichBuysTwoHourTokensWithNoStore() {
        Map<String, String> redirect = apps.approve(owner, app, null, "state with spaces & symbols");

        assertThat(redirect).containsEntry("state", "state with spaces & symbols").containsKey("code");
        Map<String, Object> tokens = body(apps.exchange(app, redirect.get("code"), OAuthApps.VERIFIER)
                .expectStatus().isOk()
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("Pragma", "no-cache"));
        assertThat(tokens).containsEntry("token_type", "Bearer").containsEntry("expires_in", 7200)
                .containsEntry("scope", String.join(" ", APP_SCOPES));
        assertThat((String) tokens.get("access_token")).startsWith("svc_at_");
        assertThat((String) tokens.get("refresh_token")).startsWith("svc_rt_");

        Map<String, Object> access = api.introspect((String) tokens.get("access_token"));
        assertThat(access).containsEntry("active", true).containsEntry("kind", "access_token")
                .containsEntry("operator_id", owner.operatorId()).containsEntry("environment", "test")
                .containsEntry("actor_type", "api");
        assertThat(api.introspect((String) tokens.get("refresh_token"))).containsEntry("kind", "refresh_token");
    }

    @Test
    void aNarrowerScopeIsGrantedAsAskedAndAnUnknownOneIsInvalidScope() {
        Map<String, String> redirect = apps.approve(owner, app, "contacts:read", "narrow");
        Map<String, Object> tokens = body(apps.exchange(app, redirect.get("code"), OAuthApps.VERIFIER)
                .expectStatus().isOk());
        assertThat(tokens).containsEntry("scope", "contacts:read");
        assertThat(api.introspect((String) tokens.get("access_token"))).containsEntry("scopes",
                List.of("contacts:read"));

        URI refused = apps.get(OAuthApps.authorizeUri(app, "billing:read", "wide"), owner.cookie())
                .expectStatus().isSeeOther().returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(OAuthApps.query(refused)).containsEntry("error", "invalid_scope").containsEntry("state", "wide");
    }

    @Test
    void aCodeWorksOnceAndItsReuseRevokesEveryTokenItBought() {
        String code = apps.approve(owner, app, null, "once").get("code");
        Map<String, Object> tokens = body(apps.exchange(app, code, OAuthApps.VERIFIER).expectStatus().isOk());
        String accessId = (String) api.introspect((String) tokens.get("access_token")).get("credential_id");
        String refreshId = (String) api.introspect((String) tokens.get("refresh_token")).get("credential_id");

        WebTestClient.ResponseSpec reuse = apps.exchange(app, code, OAuthApps.VERIFIER);
        String reported = reuse.expectStatus().isBadRequest()
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectBody(AuthApi.JSON).consumeWith(result -> assertThat(result.getResponseBody())
                        .containsEntry("error", "invalid_grant"))
                .returnResult().getResponseHeaders().getFirst(Introspection.REVOKED_HEADER);

        assertThat(reported.split(",")).contains(accessId, refreshId);
        assertThat(api.introspect((String) tokens.get("access_token"))).containsEntry("active", false);
        assertThat(api.introspect((String) tokens.get("refresh_token"))).containsEntry("active", false);
        assertThat(body(apps.refresh(app, (String) tokens.get("refresh_token")))).containsEntry("error", "invalid_grant");
    }

    @Test
    void refreshingRotatesBothTokensAndReplayingTheOldRefreshTokenRevokesTheWholeGrant() {
        Map<String, Object> first = body(apps.exchange(app, apps.approve(owner, app, null, "r").get("code"),
                OAuthApps.VERIFIER).expectStatus().isOk());
        Map<String, Object> second = body(apps.refresh(app, (String) first.get("refresh_token")).expectStatus().isOk()
                .expectHeader().valueEquals("Cache-Control", "no-store"));
        assertThat(second.get("access_token")).isNotEqualTo(first.get("access_token"));
        assertThat(second.get("refresh_token")).isNotEqualTo(first.get("refresh_token"));
        assertThat(api.introspect((String) first.get("refresh_token"))).containsEntry("active", false);
        assertThat(api.introspect((String) second.get("access_token"))).containsEntry("active", true);

        String reported = apps.refresh(app, (String) first.get("refresh_token")).expectStatus().isBadRequest()
                .expectBody(AuthApi.JSON).consumeWith(result -> assertThat(result.getResponseBody())
                        .containsEntry("error", "invalid_grant"))
                .returnResult().getResponseHeaders().getFirst(Introspection.REVOKED_HEADER);

        assertThat(reported).isNotBlank();
        for (Map<String, Object> pair : List.of(first, second)) {
            assertThat(api.introspect((String) pair.get("access_token"))).containsEntry("active", false);
            assertThat(api.introspect((String) pair.get("refresh_token"))).containsEntry("active", false);
        }
        assertThat(body(apps.refresh(app, (String) second.get("refresh_token")))).containsEntry("error", "invalid_grant");
    }

    @Test
    void theCodeNeedsTheMatchingVerifierTheSameRedirectUriItsOwnClientAndExpiresAfterTenMinutes() throws Exception {
        String code = apps.approve(owner, app, null, "p").get("code");
        String otherVerifier = "a".repeat(43);
        assertThat(body(apps.exchange(app, code, otherVerifier))).containsEntry("error", "invalid_grant");
        assertThat(body(api.token("grant_type=authorization_code&code=" + code + "&code_verifier="
                + OAuthApps.VERIFIER + "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fother",
                (String) app.get("client_id"), (String) app.get("client_secret")))).containsEntry("error", "invalid_grant");
        Map<String, Object> otherApp = apps.app(api.createOperatorId(), APP_SCOPES);
        assertThat(body(apps.exchange(otherApp, code, OAuthApps.VERIFIER))).containsEntry("error", "invalid_grant");
        assertThat(body(api.token("grant_type=authorization_code&code=" + code + "&redirect_uri=x",
                (String) app.get("client_id"), (String) app.get("client_secret")))).containsEntry("error",
                "invalid_request");
        // None of those used the code up.
        assertThat(body(apps.exchange(app, code, OAuthApps.VERIFIER).expectStatus().isOk())).containsKey("access_token");

        String late = apps.approve(owner, app, null, "late").get("code");
        api.advanceClock(601);
        assertThat(body(apps.exchange(app, late, OAuthApps.VERIFIER))).containsEntry("error", "invalid_grant");
    }

    @Test
    void aDeniedConsentRedirectsWithAccessDeniedAndTheState() {
        String page = apps.get(OAuthApps.authorizeUri(app, null, "no-thanks"), owner.cookie()).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        URI location = apps.decide(page, owner.cookie(), "deny").expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders().getLocation();

        assertThat(OAuthApps.query(location)).containsEntry("error", "access_denied")
                .containsEntry("state", "no-thanks").doesNotContainKey("code");
    }

    @Test
    void aRedirectUriThatIsNotRegisteredOrAnUnknownClientGetsAnErrorPageNeverARedirect() {
        String wrongRedirect = OAuthApps.authorizeUri(app, null, "s").replace("callback", "elsewhere");
        String page = apps.get(wrongRedirect, owner.cookie()).expectStatus().isBadRequest()
                .expectHeader().doesNotExist("Location")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(page).contains("The redirect_uri is not one the app registered.");

        apps.get(OAuthApps.authorizeUri(Map.of("client_id", "cli_unknown"), null, "s"), owner.cookie())
                .expectStatus().isBadRequest().expectHeader().doesNotExist("Location");
    }

    @Test
    void pkceIsRequiredWithS256AndOtherErrorsGoBackToTheAppWithItsState() {
        String plain = OAuthApps.authorizeUri(app, null, "st").replace("code_challenge_method=S256",
                "code_challenge_method=plain");
        String none = OAuthApps.authorizeUri(app, null, "st").replace("&code_challenge_method=S256", "");
        String token = OAuthApps.authorizeUri(app, null, "st").replace("response_type=code", "response_type=token");
        for (String[] expected : new String[][] {{plain, "invalid_request"}, {none, "invalid_request"},
                {token, "unsupported_response_type"}}) {
            URI location = apps.get(expected[0], owner.cookie()).expectStatus().isSeeOther()
                    .returnResult(Void.class).getResponseHeaders().getLocation();
            assertThat(OAuthApps.query(location)).containsEntry("error", expected[1]).containsEntry("state", "st");
        }
    }

    @Test
    void signingInComesFirstAndOnlyAnOwnerMayInstallAnApp() {
        URI signIn = apps.get(OAuthApps.authorizeUri(app, null, "s"), null).expectStatus().is3xxRedirection()
                .returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(signIn.getPath()).isEqualTo("/app/sign-in/keycloak");

        OAuthApps.Person staff = apps.signedIn(owner.operatorId(), "staff");
        URI refused = apps.get(OAuthApps.authorizeUri(app, null, "s"), staff.cookie()).expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(OAuthApps.query(refused)).containsEntry("error", "access_denied");
    }

    @Test
    void theConsentFormIsRefusedWithoutTheSessionsCsrfToken() {
        String page = apps.get(OAuthApps.authorizeUri(app, null, "c"), owner.cookie()).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        String forged = page.replace(OAuthApps.csrf(page), "forged");
        apps.decide(forged, owner.cookie(), "approve").expectStatus().isForbidden();

        OAuthApps.Person other = apps.signedIn("owner");
        apps.decide(page, other.cookie(), "approve").expectStatus().isForbidden();
    }

    @Test
    void theInstalledAppIsBoundToTheOwnersTestAccountAndRevokingItEndsItsTokens() {
        Map<String, Object> tokens = body(apps.exchange(app, apps.approve(owner, app, null, "i").get("code"),
                OAuthApps.VERIFIER).expectStatus().isOk());
        String page = apps.get("/app/installed-apps?environment=test", owner.cookie()).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(page).contains("Harbour Insights");
        String installation = page.replaceAll("(?s).*action=\"/app/installed-apps/([0-9a-f-]+)/revoke\".*", "$1");

        String reported = client.post().uri("/app/installed-apps/" + installation + "/revoke")
                .header("Cookie", owner.cookie()).contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("_csrf=" + OAuthApps.csrf(page)).exchange().expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders().getFirst(Introspection.REVOKED_HEADER);

        assertThat(reported).isNotBlank();
        assertThat(api.introspect((String) tokens.get("access_token"))).containsEntry("active", false);
        assertThat(body(apps.refresh(app, (String) tokens.get("refresh_token")))).containsEntry("error", "invalid_grant");
    }
}
