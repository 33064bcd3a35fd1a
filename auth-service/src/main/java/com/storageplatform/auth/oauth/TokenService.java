package com.storageplatform.auth.oauth;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The token endpoint's decisions, in RFC 6749's order: authenticate the client ({@code invalid_client}), find the
 * grant type ({@code unsupported_grant_type}), check the client may use it ({@code unauthorized_client}), then let
 * the grant's {@link GrantHandler} decide the rest.
 */
@Service
class TokenService {

    private final Map<String, GrantHandler> grants;
    private final ClientAuthenticator clients;

    TokenService(List<GrantHandler> grants, ClientAuthenticator clients) {
        this.grants = grants.stream().collect(Collectors.toUnmodifiableMap(GrantHandler::grantType, Function.identity()));
        this.clients = clients;
    }

    Mono<TokenResponse> token(TokenRequest request, ClientCredentials credentials) {
        return clients.authenticate(credentials).flatMap(client -> {
            GrantHandler grant = grants.get(request.grantType());
            if (grant == null) {
                return Mono.error(OAuthException.unsupportedGrantType("This grant type is not supported."));
            }
            if (!client.mayUse(request.grantType())) {
                return Mono.error(OAuthException.unauthorizedClient("This client may not use this grant type."));
            }
            return grant.handle(request, client);
        });
    }
}
