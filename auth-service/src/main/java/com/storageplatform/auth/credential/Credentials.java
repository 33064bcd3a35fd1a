package com.storageplatform.auth.credential;

import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the other features of the auth service (OAuth's token endpoint and client revocation, introspection) may do
 * with credentials. They go through here, never the {@code credentials} table (ModuleBoundariesTest). Secrets come
 * in only as SHA-256 hashes and never go out.
 */
@Component
public class Credentials {

    private final CredentialRepository credentials;

    Credentials(CredentialRepository credentials) {
        this.credentials = credentials;
    }

    /** Stores a credential issued with the secret whose hash this is. */
    public Mono<Void> insert(Credential credential, byte[] secretHash) {
        return credentials.insert(credential, secretHash);
    }

    /**
     * Revokes every token issued to the account's OAuth client that has not expired or been revoked yet; returns
     * their ids (the ones the gateway may hold in its cache).
     */
    public Flux<UUID> revokeIssuedTo(UUID accountId, UUID oauthClientId, Instant at) {
        return credentials.revokeIssuedTo(accountId, oauthClientId, at);
    }

    /**
     * The credential whose secret has this hash, while it is active at {@code now}: not revoked, not expired, and
     * for OAuth tokens of a client that is not revoked. Empty otherwise.
     */
    public Mono<Credential> activeBySecretHash(byte[] secretHash, Instant now) {
        return credentials.activeBySecretHash(secretHash, now);
    }
}
