package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A minimal browser: a cookie jar and forms, enough to sign in on Keycloak's login page and answer the consent
 * page. (The browser test drives the same pages in Chromium; this one needs nothing installed.)
 */
final class Browserless {

    private static final Pattern LOGIN_FORM = Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*action=\"([^\"]+)\"");
    private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">");

    private final HttpClient http;
    private final String appRedirect;

    /** @param appRedirect the app's redirect URI: a redirect there ends the navigation (the app is not running) */
    Browserless(String appRedirect) {
        this.appRedirect = appRedirect;
        http = HttpClient.newBuilder().cookieHandler(new LoopbackCookies())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** Where a navigation ended: a page, or the app's redirect URI (status 303/302, no body). */
    record Page(URI uri, int status, String body) {
    }

    /** Opens a page the way a browser does, following redirects. */
    Page open(String url) {
        return follow(HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/html").GET());
    }

    /** Fills Keycloak's login form on the page and submits it, following where it leads. */
    Page signIn(Page loginPage, String email, String password) {
        Matcher action = LOGIN_FORM.matcher(loginPage.body());
        assertThat(action.find()).as("Keycloak's login form at " + loginPage.uri()).isTrue();
        return follow(HttpRequest.newBuilder(URI.create(unescape(action.group(1))))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "text/html")
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("username", email, "password", password,
                        "credentialId", "")))));
    }

    /** Posts the consent page's form with the decision, and returns where it sends the browser. */
    URI decide(Page consentPage, String decision) {
        Map<String, String> form = new LinkedHashMap<>();
        Matcher hidden = HIDDEN.matcher(consentPage.body());
        while (hidden.find()) {
            form.put(hidden.group(1), unescape(hidden.group(2)));
        }
        form.put("decision", decision);
        Page answer = follow(HttpRequest.newBuilder(consentPage.uri().resolve("/oauth/authorize"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(
                        form(form))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(303);
        return answer.uri();
    }

    private Page follow(HttpRequest.Builder first) {
        HttpResponse<String> response = send(http, first);
        for (int hops = 0; hops < 10; hops++) {
            if (response.statusCode() < 300 || response.statusCode() > 399) {
                return new Page(response.uri(), response.statusCode(), response.body());
            }
            URI next = response.uri().resolve(response.headers().firstValue("Location").orElseThrow());
            if (next.toString().startsWith(appRedirect)) {
                return new Page(next, response.statusCode(), "");
            }
            response = send(http, HttpRequest.newBuilder(next).header("Accept", "text/html").GET());
        }
        throw new AssertionError("too many redirects, last at " + response.uri());
    }

    /**
     * Browsers treat 127.0.0.1 as a secure context, and Keycloak marks its cookies {@code Secure} there; Java's
     * cookie manager would never send those back over http, so on the loopback address the flag is dropped.
     */
    private static final class LoopbackCookies extends CookieManager {

        private static final Pattern SECURE = Pattern.compile("(?i);\\s*Secure(?=;|$)");

        LoopbackCookies() {
            super(null, CookiePolicy.ACCEPT_ALL);
        }

        @Override
        public void put(URI uri, Map<String, List<String>> headers) throws IOException {
            if (!"127.0.0.1".equals(uri.getHost())) {
                super.put(uri, headers);
                return;
            }
            Map<String, List<String>> loopback = new LinkedHashMap<>();
            headers.forEach((name, values) -> loopback.put(name, name != null && name.equalsIgnoreCase("Set-Cookie")
                    ? values.stream().map(value -> SECURE.matcher(value).replaceAll("")).toList() : values));
            super.put(uri, loopback);
        }
    }

    static Map<String, String> query(URI uri) {
        Map<String, String> query = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int equals = pair.indexOf('=');
            query.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    static String form(Map<String, String> fields) {
        StringBuilder form = new StringBuilder();
        fields.forEach((name, value) -> form.append(form.isEmpty() ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return form.toString();
    }

    private static String unescape(String html) {
        return html.replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
                .replace("&gt;", ">");
    }

    private static HttpResponse<String> send(HttpClient client, HttpRequest.Builder request) {
        try {
            return client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("HTTP call failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
