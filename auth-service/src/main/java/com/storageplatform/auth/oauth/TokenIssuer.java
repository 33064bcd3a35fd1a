package com.storageplatform.auth.oauth;

import com.storageplatform.auth.credential.Credential;
import com.storageplatform.auth.credential.CredentialKind;
import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Mints the tokens every grant hands out. An access token ({@code svc_at_...}) is stored as its SHA-256 with the
 * account it acts on, the granted scopes, actor {@code api}, and an expiry of 7200 seconds by the platform clock.
 * The authorization-code grant adds a refresh token ({@code svc_rt_...}, 30 days, replaced at every use), both
 * tied to their grant so that the whole family can be revoked at once.
 */
@Component
class TokenIssuer {

    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofSeconds(7200);
    static final Duration REFRESH_TOKEN_LIFETIME = Duration.ofDays(30);

    private final Credentials credentials;
    private final Clock clock;

    TokenIssuer(Credentials credentials, Clock clock) {
        this.credentials = credentials;
        this.clock = clock;
    }

    /** Client credentials: the client's own account and site restriction. */
    Mono<TokenResponse> accessToken(AuthenticatedClient client, List<String> scopes) {
        Instant now = clock.instant();
        CredentialKind kind = CredentialKind.ACCESS_TOKEN;
        String secret = Secrets.generate(kind.secretPrefix(client.environment()));
        Credential token = new Credential(Ids.newId(), kind, Secrets.shownPrefix(secret), client.operatorId(),
                client.accountId(), client.environment(), null, scopes, client.siteIds(), kind.actorType(),
                client.id(), null, now.plus(ACCESS_TOKEN_LIFETIME), null, now);
        return credentials.insert(token, Secrets.sha256(secret))
                .thenReturn(TokenResponse.bearer(secret, ACCESS_TOKEN_LIFETIME, scopes));
    }

    /**
     * An access token for {@code accessScopes} and a refresh token for all of the grant's scopes, on the account the
     * app was installed on; the refresh token's id comes back with the response (rotation links to it).
     */
    Mono<IssuedPair> pair(Grant grant, List<String> accessScopes) {
        Instant now = clock.instant();
        String access = Secrets.generate(CredentialKind.ACCESS_TOKEN.secretPrefix(grant.environment()));
        String refresh = Secrets.generate(CredentialKind.REFRESH_TOKEN.secretPrefix(grant.environment()));
        Credential accessToken = forGrant(grant, CredentialKind.ACCESS_TOKEN, access, accessScopes,
                now.plus(ACCESS_TOKEN_LIFETIME), now);
        Credential refreshToken = forGrant(grant, CredentialKind.REFRESH_TOKEN, refresh, grant.scopes(),
                now.plus(REFRESH_TOKEN_LIFETIME), now);
        return credentials.insertForGrant(accessToken, Secrets.sha256(access), grant.id())
                .then(credentials.insertForGrant(refreshToken, Secrets.sha256(refresh), grant.id()))
                .thenReturn(new IssuedPair(refreshToken.id(), new TokenResponse(access, "Bearer",
                        ACCESS_TOKEN_LIFETIME.toSeconds(), String.join(" ", accessScopes), refresh)));
    }

    record IssuedPair(UUID refreshTokenId, TokenResponse response) {
    }

    private static Credential forGrant(Grant grant, CredentialKind kind, String secret, List<String> scopes,
            Instant expiresAt, Instant now) {
        return new Credential(Ids.newId(), kind, Secrets.shownPrefix(secret), grant.operatorId(), grant.accountId(),
                grant.environment(), null, scopes, null, kind.actorType(), grant.oauthClientId(), null, expiresAt,
                null, now);
    }
}
