package com.storageplatform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.signin.OperatorSessions;
import com.storageplatform.auth.signin.TestSignIn;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The authorization-code flow against the auth service, as a browser and an app would run it: an operator owner
 * (a real Keycloak user, signed in), an app registered for {@code authorization_code}, the consent page and its
 * form, and the code's exchange at the token endpoint.
 */
public final class OAuthApps {

    public static final String REDIRECT_URI = "https://app.example.com/callback";
    public static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    public static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final WebTestClient client;
    private final AuthApi api;
    private final OperatorSessions sessions;
    private final String baseUrl;

    /** @param port the test server's port: URIs with encoded queries are sent as they are, not re-encoded */
    public OAuthApps(WebTestClient client, OperatorSessions sessions, int port) {
        this.client = client;
        this.api = new AuthApi(client);
        this.sessions = sessions;
        this.baseUrl = "http://127.0.0.1:" + port;
    }

    /** An operator with a signed-in person of the given role. */
    public record Person(String operatorId, Map<String, Object> user, String cookie) {
    }

    public Person signedIn(String role) {
        return signedIn(api.createOperatorId(), role);
    }

    public Person signedIn(String operatorId, String role) {
        Map<String, Object> user = AuthApi.data(api.post("/admin/v1/operators/" + operatorId + "/users",
                Map.of("email", role + "-" + System.nanoTime() + "@harbour.example", "role", role)), 201);
        return new Person(operatorId, user, TestSignIn.cookie(sessions, user));
    }

    /** An app of the operator's test account, registered for the authorization code (and refresh) grant. */
    public Map<String, Object> app(String operatorId, List<String> scopes) {
        return AuthApi.data(api.post("/admin/v1/operators/" + operatorId + "/oauth-clients", Map.of(
                "environment", "test", "name", "Harbour Insights", "grant_types", List.of("authorization_code"),
                "redirect_uris", List.of(REDIRECT_URI), "scopes", scopes)), 201);
    }

    public static String authorizeUri(Map<String, Object> app, String scope, String state) {
        Map<String, String> parameters = new java.util.LinkedHashMap<>();
        parameters.put("response_type", "code");
        parameters.put("client_id", (String) app.get("client_id"));
        parameters.put("redirect_uri", REDIRECT_URI);
        if (scope != null) {
            parameters.put("scope", scope);
        }
        parameters.put("state", state);
        parameters.put("code_challenge", CHALLENGE);
        parameters.put("code_challenge_method", "S256");
        return "/oauth/authorize?" + form(parameters);
    }

    public WebTestClient.ResponseSpec get(String uri, String cookie) {
        WebTestClient.RequestHeadersSpec<?> request = client.get().uri(URI.create(baseUrl + uri))
                .accept(MediaType.TEXT_HTML);
        return cookie == null ? request.exchange() : request.header("Cookie", cookie).exchange();
    }

    /** The consent page's form, posted back with the decision. */
    public WebTestClient.ResponseSpec decide(String consentPage, String cookie, String decision) {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        Matcher hidden = Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">")
                .matcher(consentPage);
        while (hidden.find()) {
            form.put(hidden.group(1), unescape(hidden.group(2)));
        }
        form.put("decision", decision);
        return client.post().uri("/oauth/authorize").header("Cookie", cookie)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue(form(form)).exchange();
    }

    public static String csrf(String page) {
        Matcher matcher = CSRF.matcher(page);
        assertThat(matcher.find()).as("the page has a CSRF token").isTrue();
        return unescape(matcher.group(1));
    }

    /** Consents as the owner and returns the redirect's query parameters. */
    public Map<String, String> approve(Person owner, Map<String, Object> app, String scope, String state) {
        String page = get(authorizeUri(app, scope, state), owner.cookie()).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        URI location = decide(page, owner.cookie(), "approve").expectStatus().isSeeOther()
                .returnResult(Void.class).getResponseHeaders().getLocation();
        assertThat(location.toString()).startsWith(REDIRECT_URI + "?");
        return query(location);
    }

    /** The code's exchange, authenticated with HTTP Basic. */
    public WebTestClient.ResponseSpec exchange(Map<String, Object> app, String code, String verifier) {
        return api.token("grant_type=authorization_code&code=" + encode(code) + "&redirect_uri=" + encode(REDIRECT_URI)
                + "&code_verifier=" + encode(verifier), (String) app.get("client_id"), (String) app.get("client_secret"));
    }

    public WebTestClient.ResponseSpec refresh(Map<String, Object> app, String refreshToken) {
        return api.token("grant_type=refresh_token&refresh_token=" + encode(refreshToken),
                (String) app.get("client_id"), (String) app.get("client_secret"));
    }

    public static Map<String, String> query(URI location) {
        Map<String, String> query = new HashMap<>();
        for (String pair : location.getRawQuery().split("&")) {
            int equals = pair.indexOf('=');
            query.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    public static String challengeOf(String verifier) throws Exception {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
    }

    static String form(Map<String, String> parameters) {
        StringBuilder form = new StringBuilder();
        parameters.forEach((name, value) -> form.append(form.isEmpty() ? "" : "&").append(encode(name)).append('=')
                .append(encode(value)));
        return form.toString();
    }

    public static String encodeValue(String value) {
        return encode(value);
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static String unescape(String html) {
        return html.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&");
    }
}
