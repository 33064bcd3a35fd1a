package com.storageplatform.auth.signin;

import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The developer settings ({@code {app_url}}) and the consent page: the auth service's web app, which the gateway
 * serves under {@code /app} beside {@code /oauth} (docs/configuration.md, {@code PLATFORM_APP_*}).
 *
 * @param url             the public URL of the developer settings, ending in {@code /app}
 *                        ({@code https://api.example.com/app}); sign-in returns to {@code <url>/sign-in-callback}
 * @param apiUrl          the public API's base URL, which the settings call for webhook endpoints
 * @param cookieKey       base64 of 32 random bytes: seals the short-lived sign-in cookie (AES-256-GCM)
 * @param sessionLifetime how long a sign-in lasts (8 hours by default)
 */
@ConfigurationProperties("platform.app")
public record AppProperties(String url, String apiUrl, String cookieKey, Duration sessionLifetime) {

    public static final String BASE_PATH = "/app";
    public static final String CALLBACK_PATH = BASE_PATH + "/sign-in-callback";

    public AppProperties {
        url = url == null ? null : url.replaceAll("/+$", "");
        apiUrl = apiUrl == null ? null : apiUrl.replaceAll("/+$", "");
        sessionLifetime = sessionLifetime == null ? Duration.ofHours(8) : sessionLifetime;
    }

    /** Where Keycloak sends the operator back after signing in. */
    public String signInCallbackUrl() {
        return url + "/sign-in-callback";
    }

    /** Over HTTPS the cookies are {@code Secure} and {@code __Host-} prefixed; plain HTTP is local development. */
    public boolean secure() {
        return url.startsWith("https://");
    }

    byte[] cookieKeyBytes() {
        return Base64.getDecoder().decode(cookieKey.trim());
    }

    /** Fails start-up naming what is missing or wrong. */
    void requireComplete() {
        if (url == null || url.isBlank() || apiUrl == null || apiUrl.isBlank() || cookieKey == null
                || cookieKey.isBlank()) {
            throw new IllegalStateException("The developer settings need PLATFORM_APP_URL, PLATFORM_APP_API_URL and "
                    + "PLATFORM_APP_COOKIE_KEY (docs/configuration.md)");
        }
        URI parsed = URI.create(url);
        if (parsed.getHost() == null || !BASE_PATH.equals(parsed.getPath())) {
            throw new IllegalStateException("PLATFORM_APP_URL must be an absolute URL whose path is " + BASE_PATH
                    + " (the gateway serves the developer settings there), not " + url);
        }
        byte[] key;
        try {
            key = cookieKeyBytes();
        } catch (IllegalArgumentException e) {
            key = new byte[0];
        }
        if (key.length != 32) {
            throw new IllegalStateException("PLATFORM_APP_COOKIE_KEY must be base64 of 32 random bytes");
        }
    }
}
