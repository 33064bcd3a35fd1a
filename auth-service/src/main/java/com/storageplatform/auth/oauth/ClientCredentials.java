package com.storageplatform.auth.oauth;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The client id and secret as presented at the token endpoint (RFC 6749 section 2.3.1): either HTTP Basic, whose
 * user name and password are the form-urlencoded id and secret, or the {@code client_id} and {@code client_secret}
 * form parameters. Never both; and a client always authenticates (there are no public clients).
 *
 * @param viaBasic whether HTTP Basic was used: a failure then answers with {@code WWW-Authenticate: Basic}
 */
record ClientCredentials(String clientId, String clientSecret, boolean viaBasic) {

    static final String CLIENT_ID = "client_id";
    static final String CLIENT_SECRET = "client_secret";

    /** Don't print the secret, whatever prints this. */
    @Override
    public String toString() {
        return "ClientCredentials[clientId=" + clientId + ", viaBasic=" + viaBasic + "]";
    }

    /**
     * Reads the credentials from the request's {@code Authorization} header values and its form parameters.
     *
     * @throws OAuthException {@code invalid_request} for two methods at once, {@code invalid_client} for a
     *                        malformed or missing authentication
     */
    static ClientCredentials from(List<String> authorization, Map<String, String> parameters) {
        String formId = parameters.get(CLIENT_ID);
        String formSecret = parameters.get(CLIENT_SECRET);
        if (authorization.size() > 1) {
            throw OAuthException.invalidRequest("Send one Authorization header.");
        }
        if (authorization.size() == 1) {
            ClientCredentials basic = basic(authorization.get(0));
            if (formSecret != null || (formId != null && !formId.equals(basic.clientId()))) {
                throw OAuthException.invalidRequest(
                        "Authenticate the client with HTTP Basic or with client_id and client_secret, not both.");
            }
            return basic;
        }
        if (formId == null && formSecret == null) {
            throw OAuthException.invalidClient(
                    "Client authentication is required: HTTP Basic, or client_id and client_secret.", true);
        }
        if (formId == null) {
            throw OAuthException.invalidRequest("client_secret was sent without client_id.");
        }
        if (formSecret == null) {
            throw OAuthException.invalidClient("Client authentication failed.", false);
        }
        return new ClientCredentials(formId, formSecret, false);
    }

    private static ClientCredentials basic(String header) {
        int space = header.indexOf(' ');
        if (space < 0 || !header.substring(0, space).toLowerCase(Locale.ROOT).equals("basic")) {
            throw OAuthException.invalidClient("Authenticate the client with HTTP Basic.", true);
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(space + 1).trim()),
                    StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            if (colon < 0) {
                throw OAuthException.invalidClient("Malformed HTTP Basic credentials.", true);
            }
            String id = URLDecoder.decode(decoded.substring(0, colon), StandardCharsets.UTF_8);
            String secret = URLDecoder.decode(decoded.substring(colon + 1), StandardCharsets.UTF_8);
            if (id.isEmpty() || secret.isEmpty()) {
                throw OAuthException.invalidClient("Client authentication failed.", true);
            }
            return new ClientCredentials(id, secret, true);
        } catch (IllegalArgumentException malformed) {
            throw OAuthException.invalidClient("Malformed HTTP Basic credentials.", true);
        }
    }
}
