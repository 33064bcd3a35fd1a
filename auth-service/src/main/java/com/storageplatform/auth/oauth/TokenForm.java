package com.storageplatform.auth.oauth;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The form parameters of {@code POST /oauth/token}, as the API description shows them (the endpoint reads the
 * form itself: {@link TokenResource}). Which parameters a grant needs: {@code client_credentials} takes
 * {@code scope}; {@code authorization_code} takes {@code code}, {@code redirect_uri} and {@code code_verifier};
 * {@code refresh_token} takes {@code refresh_token}. The client authenticates with HTTP Basic or with
 * {@code client_id} and {@code client_secret}.
 *
 * @param grantType    the grant
 * @param clientId     the client's id, when it does not use HTTP Basic
 * @param clientSecret the client's secret, when it does not use HTTP Basic
 * @param scope        the scopes asked for, space-separated (client credentials)
 * @param code         the one-time code the authorize redirect carried (authorization code)
 * @param redirectUri  the redirect URI of the authorize request (authorization code)
 * @param codeVerifier the PKCE verifier whose S256 hash was the code challenge (authorization code)
 * @param refreshToken the refresh token to rotate (refresh token)
 */
@Schema(requiredProperties = "grant_type")
record TokenForm(@OneOf("GRANTS") String grantType, String clientId, String clientSecret, String scope, String code,
        String redirectUri, String codeVerifier, String refreshToken) {

    static final List<String> GRANTS = List.of(GrantTypes.CLIENT_CREDENTIALS, GrantTypes.AUTHORIZATION_CODE,
            GrantTypes.REFRESH_TOKEN);
}
