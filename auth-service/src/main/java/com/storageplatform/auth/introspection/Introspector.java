package com.storageplatform.auth.introspection;

import com.storageplatform.auth.credential.Credential;
import com.storageplatform.auth.credential.CredentialKind;
import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.crypto.Secrets;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Answers what a presented secret is, for the gateway: one query on the unique SHA-256 index
 * ({@link Credentials#activeBySecretHash}). A credential is active while it is not revoked, its expiry (if any) is
 * after now by the platform clock, and, for OAuth tokens, its client is not revoked. The presented secret is never
 * logged or stored.
 */
@Component
class Introspector {

    /** Every secret we issue is far shorter; a longer string is not one of ours. */
    static final int MAX_SECRET_LENGTH = 128;

    private final Credentials credentials;
    private final Clock clock;

    Introspector(Credentials credentials, Clock clock) {
        this.credentials = credentials;
        this.clock = clock;
    }

    Mono<Introspection> introspect(String presented) {
        if (presented.length() > MAX_SECRET_LENGTH || !CredentialKind.hasKnownPrefix(presented)) {
            return Mono.just(Introspection.inactive());
        }
        return credentials.activeBySecretHash(Secrets.sha256(presented), clock.instant())
                .map(Introspector::toIntrospection)
                .defaultIfEmpty(Introspection.inactive());
    }

    private static Introspection toIntrospection(Credential credential) {
        return new Introspection(true, credential.id().toString(), credential.kind().value(),
                credential.operatorId(), credential.accountId(), credential.environment(), credential.scopes(),
                credential.siteIds(), credential.actorType(), credential.expiresAt());
    }
}
