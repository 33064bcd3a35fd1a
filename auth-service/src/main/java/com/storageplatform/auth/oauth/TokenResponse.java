package com.storageplatform.auth.oauth;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.List;

/**
 * The token endpoint's success body (RFC 6749 section 5.1).
 *
 * @param expiresIn    seconds until the access token expires
 * @param scope        the granted scopes, space-separated
 * @param refreshToken only for grants that issue one (authorization code, refresh token)
 */
record TokenResponse(String accessToken, String tokenType, long expiresIn, String scope,
        @JsonInclude(JsonInclude.Include.NON_NULL) String refreshToken) {

    static TokenResponse bearer(String accessToken, Duration lifetime, List<String> scopes) {
        return new TokenResponse(accessToken, "Bearer", lifetime.toSeconds(), String.join(" ", scopes), null);
    }
}
