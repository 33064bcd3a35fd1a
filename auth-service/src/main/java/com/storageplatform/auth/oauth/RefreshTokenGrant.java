package com.storageplatform.auth.oauth;

import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.kit.crypto.Secrets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code grant_type=refresh_token} (RFC 6749 section 6): a fresh access token and a fresh refresh token, the
 * presented one retired in the same transaction. A retired refresh token presented again means a copy exists: the
 * whole grant is revoked and the answer is {@code invalid_grant}. An optional {@code scope} narrows the new access
 * token; the new refresh token keeps the grant's scopes.
 */
@Component
class RefreshTokenGrant implements GrantHandler {

    private final Credentials credentials;
    private final GrantRepository grants;
    private final GrantFamilies families;
    private final TokenIssuer tokens;
    private final Clock clock;

    RefreshTokenGrant(Credentials credentials, GrantRepository grants, GrantFamilies families,
            TokenIssuer tokens, Clock clock) {
        this.credentials = credentials;
        this.grants = grants;
        this.families = families;
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public String grantType() {
        return GrantTypes.REFRESH_TOKEN;
    }

    @Override
    public Mono<TokenResponse> handle(TokenRequest request, AuthenticatedClient client) {
        String presented = request.parameter("refresh_token");
        if (presented == null) {
            return Mono.error(OAuthException.invalidRequest("refresh_token is required."));
        }
        if (presented.length() > 100) {
            return Mono.error(OAuthException.invalidGrant("The refresh token is invalid."));
        }
        return credentials.refreshToken(Secrets.sha256(presented))
                .filter(token -> client.id().equals(token.credential().oauthClientId()))
                .switchIfEmpty(Mono.error(() -> OAuthException.invalidGrant("The refresh token is invalid.")))
                .flatMap(token -> grants.find(token.credential().accountId(), token.grantId()).flatMap(grant -> rotate(token, grant, request)));
    }

    private Mono<TokenResponse> rotate(Credentials.GrantToken token, Grant grant, TokenRequest request) {
        Instant now = clock.instant();
        if (token.credential().rotatedToId() != null) {
            return families.revokeAndRefuse(grant,
                    "The refresh token was already used; every token of this authorization is revoked.");
        }
        if (token.credential().revokedAt() != null || grant.isRevoked()) {
            return Mono.error(OAuthException.invalidGrant("The refresh token was revoked."));
        }
        if (!token.credential().expiresAt().isAfter(now)) {
            return Mono.error(OAuthException.invalidGrant("The refresh token has expired."));
        }
        List<String> scopes = ClientCredentialsGrant.grantedScopes(request.parameter("scope"), grant.scopes());
        return tokens.pair(grant, scopes).flatMap(issued -> credentials
                .rotateRefreshToken(token.credential(), issued.refreshTokenId(), now)
                .flatMap(rotated -> rotated ? Mono.just(issued.response())
                        // A concurrent refresh with the same token won: it was used twice.
                        : families.revokeAndRefuse(grant,
                                "The refresh token was already used; every token of this authorization is revoked.")));
    }
}
