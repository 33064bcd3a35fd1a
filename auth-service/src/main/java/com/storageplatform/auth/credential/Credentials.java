package com.storageplatform.auth.credential;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the other features of the auth service (OAuth's token endpoint, grants and client revocation,
 * introspection, the developer settings and their sign-in sessions) may do with credentials. They go through here,
 * never the {@code credentials} table (ModuleBoundariesTest). Secrets come in only as SHA-256 hashes and never go
 * out.
 */
@Component
public class Credentials {

    private final CredentialRepository credentials;

    Credentials(CredentialRepository credentials) {
        this.credentials = credentials;
    }

    /** A token of a grant (an authorization code's family), as its refresh token was presented. */
    public record GrantToken(Credential credential, UUID grantId) {
    }

    /** Stores a credential issued with the secret whose hash this is. */
    public Mono<Void> insert(Credential credential, byte[] secretHash) {
        return credentials.insert(credential, secretHash);
    }

    /** Stores an OAuth token of a grant: it is revoked with the rest of its family ({@link #revokeOfGrants}). */
    public Mono<Void> insertForGrant(Credential credential, byte[] secretHash, UUID grantId) {
        return credentials.insert(credential, secretHash, grantId, null);
    }

    /**
     * Stores an access token the developer settings mint for their own session's calls to the public API: it is
     * revoked when the session ends ({@link #revokeOfSession}) and deleted with it ({@link #deleteOfSessions}).
     */
    public Mono<Void> insertForSession(Credential credential, byte[] secretHash, UUID sessionId) {
        return credentials.insert(credential, secretHash, null, sessionId);
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

    /** The refresh token whose secret has this hash, whatever its state, with its grant; empty when none. */
    public Mono<GrantToken> refreshToken(byte[] secretHash) {
        return credentials.findRefreshToken(secretHash);
    }

    /**
     * Retires a refresh token in favour of its successor, unless it already was retired or revoked: true for the
     * one rotation that wins.
     */
    public Mono<Boolean> rotateRefreshToken(Credential token, UUID successorId, Instant at) {
        return credentials.rotateRefreshToken(token, successorId, at);
    }

    /**
     * Revokes every token of these grants of the account; returns the ids of all their tokens that have not
     * expired (revoked before or now), for the gateway.
     */
    public Flux<UUID> revokeOfGrants(UUID accountId, List<UUID> grantIds, Instant at) {
        return grantIds.isEmpty() ? Flux.empty() : credentials.revokeOfGrants(accountId, grantIds, at);
    }

    /** Revokes the operator session's access tokens that still work; returns their ids, for the gateway. */
    public Flux<UUID> revokeOfSession(UUID operatorId, UUID sessionId, Instant at) {
        return credentials.revokeOfSession(operatorId, sessionId, at);
    }

    /** Deletes every token these sessions minted (they are deleted next); returns how many. */
    public Mono<Long> deleteOfSessions(List<UUID> sessionIds) {
        return sessionIds.isEmpty() ? Mono.just(0L) : credentials.deleteOfSessions(sessionIds);
    }
}
