package com.storageplatform.auth.identity;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where operators' staff sign in (docs/configuration.md, {@code PLATFORM_KEYCLOAK_*}): a Keycloak realm the auth
 * service provisions through keycloak-admin-client, with a confidential OpenID Connect client it signs operators in
 * through.
 *
 * @param url          Keycloak's public base URL, as browsers reach it (and the realm's issuer)
 * @param internalUrl  where the auth service itself calls Keycloak (token, keys, admin API), when that differs
 *                     from {@code url} (an in-cluster service); default {@code url}
 * @param realm        the operators' realm (provisioned when missing)
 * @param clientId     the client operators sign in through (provisioned when missing)
 * @param clientSecret that client's secret (set on the client when provisioned)
 * @param admin        how the auth service authenticates to Keycloak's admin API: a service client with realm
 *                     administration rights (client credentials), never a password
 * @param timeout      how long one call to Keycloak may take (30 s: creating the realm takes it seconds)
 * @param setupEmail   true: a new user is sent Keycloak's "set your password" email (the realm needs SMTP)
 */
@ConfigurationProperties("platform.keycloak")
public record KeycloakProperties(String url, String internalUrl, String realm, String clientId, String clientSecret,
        Admin admin, Duration timeout, Boolean setupEmail) {

    public KeycloakProperties {
        realm = realm == null || realm.isBlank() ? "storage-platform" : realm;
        clientId = clientId == null || clientId.isBlank() ? "storage-platform" : clientId;
        admin = admin == null ? new Admin(null, null, null) : admin;
        timeout = timeout == null ? Duration.ofSeconds(30) : timeout;
        setupEmail = setupEmail != null && setupEmail;
        url = url == null ? null : url.replaceAll("/+$", "");
        internalUrl = internalUrl == null || internalUrl.isBlank() ? url : internalUrl.replaceAll("/+$", "");
    }

    /**
     * @param realm        the realm of the admin client ({@code master} by default)
     * @param clientId     the admin service client
     * @param clientSecret its secret
     */
    public record Admin(String realm, String clientId, String clientSecret) {
        public Admin {
            realm = realm == null || realm.isBlank() ? "master" : realm;
        }
    }

    /** The realm's issuer: {@code <url>/realms/<realm>}. */
    public String issuer() {
        return url + "/realms/" + realm;
    }

    /** The realm's OpenID Connect endpoints as the auth service calls them. */
    public String internalEndpoints() {
        return internalUrl + "/realms/" + realm + "/protocol/openid-connect";
    }

    /** Sign-in needs the realm's URL and the client secret. */
    public void requireCompleteForSignIn() {
        requireComplete();
    }

    /** Fails start-up with the names of the missing settings. */
    void requireComplete() {
        StringBuilder missing = new StringBuilder();
        append(missing, url, "PLATFORM_KEYCLOAK_URL");
        append(missing, clientSecret, "PLATFORM_KEYCLOAK_CLIENT_SECRET");
        append(missing, admin.clientId(), "PLATFORM_KEYCLOAK_ADMIN_CLIENT_ID");
        append(missing, admin.clientSecret(), "PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET");
        if (!missing.isEmpty()) {
            throw new IllegalStateException("Operator sign-in needs Keycloak: set " + missing
                    + " (docs/configuration.md)");
        }
    }

    private static void append(StringBuilder missing, String value, String name) {
        if (value == null || value.isBlank()) {
            missing.append(missing.isEmpty() ? "" : ", ").append(name);
        }
    }
}
