package com.storageplatform.auth.oauth;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code grant_type=client_credentials} (RFC 6749 section 4.4): an operator's own backend trades its client id and
 * secret for a 2-hour access token. The optional {@code scope} narrows the grant to some of the client's scopes;
 * without it the token gets all of them.
 */
@Component
class ClientCredentialsGrant implements GrantHandler {

    /** RFC 6749 section 3.3: scope tokens of NQCHAR, separated by single spaces. */
    private static final Pattern SCOPE_SYNTAX =
            Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]+( [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*");

    private final TokenIssuer tokens;

    ClientCredentialsGrant(TokenIssuer tokens) {
        this.tokens = tokens;
    }

    @Override
    public String grantType() {
        return GrantTypes.CLIENT_CREDENTIALS;
    }

    @Override
    public Mono<TokenResponse> handle(TokenRequest request, AuthenticatedClient client) {
        return Mono.fromCallable(() -> grantedScopes(request.parameter("scope"), client.scopes()))
                .flatMap(scopes -> tokens.accessToken(client, scopes));
    }

    /** The requested scopes (each once, in the order asked) when all are the client's; all of them when none. */
    static List<String> grantedScopes(String requested, List<String> allowed) {
        if (requested == null) {
            return allowed;
        }
        if (!SCOPE_SYNTAX.matcher(requested).matches()) {
            throw OAuthException.invalidScope("The scope parameter is malformed.");
        }
        Set<String> scopes = new LinkedHashSet<>(List.of(requested.split(" ")));
        if (!allowed.containsAll(scopes)) {
            throw OAuthException.invalidScope("A requested scope is not granted to this client.");
        }
        return List.copyOf(scopes);
    }
}
