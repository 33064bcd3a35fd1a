package com.storageplatform.auth.oauth;

import reactor.core.publisher.Mono;

/**
 * One OAuth grant type the token endpoint serves. The endpoint parses the request and authenticates the client, then
 * hands both to the handler of the requested {@code grant_type}; a handler refuses with an {@link OAuthException}.
 * Declare a handler as a bean and the endpoint serves its grant: {@code client_credentials} today, the
 * {@code authorization_code} and {@code refresh_token} grants next.
 */
interface GrantHandler {

    /** The {@code grant_type} value this handler serves. */
    String grantType();

    Mono<TokenResponse> handle(TokenRequest request, AuthenticatedClient client);
}
