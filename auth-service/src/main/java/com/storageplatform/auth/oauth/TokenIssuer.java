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
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Mints the tokens every grant hands out. An access token ({@code svc_at_...}) is stored as its SHA-256 with the
 * client's operator, account, environment and site restriction, the granted scopes, actor {@code api}, and an
 * expiry of 7200 seconds by the platform clock.
 */
@Component
class TokenIssuer {

    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofSeconds(7200);

    private final Credentials credentials;
    private final Clock clock;

    TokenIssuer(Credentials credentials, Clock clock) {
        this.credentials = credentials;
        this.clock = clock;
    }

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
}
