package com.storageplatform.auth.oauth;

import com.storageplatform.kit.crypto.Secrets;
import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code grant_type=authorization_code} (RFC 6749 section 4.1.3, RFC 7636 section 4.5): the app trades the code
 * it was sent, with the same {@code redirect_uri} and the PKCE {@code code_verifier}, for a 2-hour access token and
 * a refresh token. A code works once, for 10 minutes, for the client it was issued to; presenting a used code again
 * revokes every token issued from it.
 */
@Component
class AuthorizationCodeGrant implements GrantHandler {

    private final GrantRepository grants;
    private final GrantFamilies families;
    private final TokenIssuer tokens;
    private final Clock clock;

    AuthorizationCodeGrant(GrantRepository grants, GrantFamilies families, TokenIssuer tokens, Clock clock) {
        this.grants = grants;
        this.families = families;
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public String grantType() {
        return GrantTypes.AUTHORIZATION_CODE;
    }

    @Override
    public Mono<TokenResponse> handle(TokenRequest request, AuthenticatedClient client) {
        String code = request.parameter("code");
        String redirectUri = request.parameter("redirect_uri");
        String verifier = request.parameter("code_verifier");
        if (code == null || redirectUri == null || verifier == null) {
            return Mono.error(OAuthException.invalidRequest("code, redirect_uri and code_verifier are required."));
        }
        if (!Pkce.isVerifier(verifier)) {
            return Mono.error(OAuthException.invalidRequest(
                    "code_verifier must be 43 to 128 unreserved characters (RFC 7636)."));
        }
        if (code.length() > 100) {
            return Mono.error(OAuthException.invalidGrant("The authorization code is invalid."));
        }
        return grants.findByCode(Secrets.sha256(code))
                .switchIfEmpty(Mono.error(() -> OAuthException.invalidGrant("The authorization code is invalid.")))
                .flatMap(grant -> exchange(grant, client, redirectUri, verifier));
    }

    private Mono<TokenResponse> exchange(Grant grant, AuthenticatedClient client, String redirectUri,
            String verifier) {
        Instant now = clock.instant();
        if (!grant.oauthClientId().equals(client.id())) {
            return Mono.error(OAuthException.invalidGrant("The authorization code is invalid."));
        }
        if (grant.codeUsedAt() != null) {
            return families.revokeAndRefuse(grant,
                    "The authorization code was already used; every token issued from it is revoked.");
        }
        if (grant.isRevoked() || !grant.codeExpiresAt().isAfter(now)) {
            return Mono.error(OAuthException.invalidGrant("The authorization code has expired or was revoked."));
        }
        if (!grant.redirectUri().equals(redirectUri)) {
            return Mono.error(OAuthException.invalidGrant(
                    "redirect_uri differs from the one the code was issued for."));
        }
        if (!Pkce.verifies(verifier, grant.codeChallenge())) {
            return Mono.error(OAuthException.invalidGrant("The code_verifier does not match the code_challenge."));
        }
        return grants.claimCode(grant, now).flatMap(claimed -> claimed
                ? tokens.pair(grant, grant.scopes()).map(TokenIssuer.IssuedPair::response)
                // Another exchange of the same code won the race: the code was used twice.
                : families.revokeAndRefuse(grant,
                        "The authorization code was already used; every token issued from it is revoked."));
    }
}
