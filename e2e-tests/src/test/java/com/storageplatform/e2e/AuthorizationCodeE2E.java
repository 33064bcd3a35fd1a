package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The authorization-code flow through the gateway, its owner signing in on the real Keycloak: the app's tokens
 * work on /v1, and replaying a rotated refresh token or a used code makes the very next /v1 call with the tokens
 * of that grant 401, although the gateway had them cached.
 */
class AuthorizationCodeE2E {

    private static final String REDIRECT_URI = "http://127.0.0.1:9/callback";
    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);
    private final Operators people = new Operators(stack);

    private record App(String clientId, String basic) {
    }

    private App app(Admin.Operator developer) {
        JsonNode client = admin.post("/admin/v1/operators/" + developer.id() + "/oauth-clients", Map.of(
                "environment", "test", "name", "Harbour Insights", "grant_types", List.of("authorization_code"),
                "redirect_uris", List.of(REDIRECT_URI), "scopes", List.of("sites:read", "sites:write")));
        return new App(client.path("client_id").asString(), Base64.getEncoder().encodeToString(
                (client.path("client_id").asString() + ":" + client.path("client_secret").asString()).getBytes()));
    }

    private String authorizeUrl(App app, String state) {
        return stack.gatewayUrl() + "/oauth/authorize?response_type=code&client_id=" + app.clientId()
                + "&redirect_uri=" + URLEncoder.encode(REDIRECT_URI, StandardCharsets.UTF_8)
                + "&scope=sites%3Aread&state=" + state + "&code_challenge=" + CHALLENGE + "&code_challenge_method=S256";
    }

    /** The owner signs in on Keycloak's page, approves, and the app gets its code back with its state. */
    private String code(Browserless browser, Operators.Person owner, App app, String state, boolean signIn) {
        Browserless.Page page = browser.open(authorizeUrl(app, state));
        if (signIn) {
            assertThat(page.uri().toString()).startsWith(stack.keycloakUrl() + "/realms/" + stack.keycloakRealm());
            page = browser.signIn(page, owner.email(), owner.password());
        }
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(page.uri().getPath()).isEqualTo("/oauth/authorize");
        assertThat(page.body()).contains("Harbour Insights", "See your sites and their widgets");
        Map<String, String> redirect = Browserless.query(browser.decide(page, "approve"));
        assertThat(redirect).containsEntry("state", state);
        return redirect.get("code");
    }

    private Http.Response exchange(App app, String code) {
        return Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "authorization_code",
                "code", code, "redirect_uri", REDIRECT_URI, "code_verifier", VERIFIER), app.basic());
    }

    private Http.Response refresh(App app, String refreshToken) {
        return Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "refresh_token",
                "refresh_token", refreshToken), app.basic());
    }

    private int sites(String token) {
        return Http.get(stack.gatewayUrl() + "/v1/sites", token).status();
    }

    @Test
    void replayingARotatedRefreshTokenRevokesTheGrantAndTheNextV1CallIs401() {
        Admin.Operator operator = admin.newOperator("Replay Storage Ltd");
        Operators.Person owner = people.add(operator.id(), "owner");
        App app = app(admin.newOperator("App Developer Ltd"));
        Browserless browser = new Browserless(REDIRECT_URI);

        Http.Response first = exchange(app, code(browser, owner, app, "first", true));
        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        assertThat(first.header("Cache-Control")).isEqualTo("no-store");
        String firstAccess = first.body().path("access_token").asString();
        assertThat(sites(firstAccess)).isEqualTo(200); // now cached by the gateway

        Http.Response second = refresh(app, first.body().path("refresh_token").asString());
        assertThat(second.status()).as(second.body().toString()).isEqualTo(200);
        String secondAccess = second.body().path("access_token").asString();
        assertThat(sites(secondAccess)).isEqualTo(200);
        assertThat(sites(firstAccess)).as("rotation leaves the old access token to expire").isEqualTo(200);

        Http.Response replay = refresh(app, first.body().path("refresh_token").asString());
        assertThat(replay.status()).isEqualTo(400);
        assertThat(replay.body().path("error").asString()).isEqualTo("invalid_grant");
        assertThat(replay.header("Service-Revoked-Credentials")).as("stripped by the gateway").isNull();

        assertThat(sites(firstAccess)).isEqualTo(401);
        assertThat(sites(secondAccess)).isEqualTo(401);
        assertThat(refresh(app, second.body().path("refresh_token").asString()).status()).isEqualTo(400);
    }

    @Test
    void reusingACodeRevokesTheTokensItBoughtAndTheNextV1CallIs401() {
        Admin.Operator operator = admin.newOperator("Reuse Storage Ltd");
        Operators.Person owner = people.add(operator.id(), "owner");
        App app = app(admin.newOperator("Another Developer Ltd"));
        Browserless browser = new Browserless(REDIRECT_URI);
        String code = code(browser, owner, app, "reuse", true);

        Http.Response tokens = exchange(app, code);
        String access = tokens.body().path("access_token").asString();
        assertThat(sites(access)).isEqualTo(200);

        Http.Response again = exchange(app, code);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body().path("error").asString()).isEqualTo("invalid_grant");
        assertThat(sites(access)).isEqualTo(401);

        // Still signed in: the next consent needs no password, and the new grant is unaffected.
        String next = code(browser, owner, app, "again", false);
        assertThat(sites(exchange(app, next).body().path("access_token").asString())).isEqualTo(200);
    }

    @Test
    void aStaffMemberCannotInstallAnApp() {
        Admin.Operator operator = admin.newOperator("Staff Storage Ltd");
        Operators.Person staff = people.add(operator.id(), "staff");
        App app = app(admin.newOperator("Third Developer Ltd"));
        Browserless browser = new Browserless(REDIRECT_URI);

        Browserless.Page login = browser.open(authorizeUrl(app, "st"));
        Browserless.Page signedIn = browser.signIn(login, staff.email(), staff.password());
        URI afterSignIn = signedIn.uri();
        // Sent back to the app (which is not running here) with access_denied.
        assertThat(afterSignIn.toString()).as(signedIn.status() + " " + signedIn.body()).startsWith(REDIRECT_URI);
        assertThat(Browserless.query(afterSignIn)).containsEntry("error", "access_denied").containsEntry("state", "st");
    }
}
