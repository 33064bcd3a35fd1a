package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One row of the {@code credentials} table, without its secret (only the secret's hash is stored, and it never
 * leaves the repository).
 *
 * @param secretPrefix  the secret's first 12 characters
 * @param siteIds       the sites it is restricted to, or null when it sees every site
 * @param oauthClientId the OAuth client an access or refresh token was issued to; null for other kinds
 * @param rotatedToId   the credential that replaced this one when it was rotated
 * @param expiresAt     null while it lasts until revoked; set by rotation (24 h overlap) and for OAuth tokens
 */
public record Credential(UUID id, CredentialKind kind, String secretPrefix, UUID operatorId, UUID accountId,
        Environment environment, String name, List<String> scopes, List<UUID> siteIds, ActorType actorType,
        UUID oauthClientId, UUID rotatedToId, Instant expiresAt, Instant revokedAt, Instant createdAt) {

    public static final String ACTIVE = "active";
    public static final String EXPIRING = "expiring";
    public static final String EXPIRED = "expired";
    public static final String REVOKED = "revoked";

    public Credential {
        scopes = List.copyOf(scopes);
        siteIds = siteIds == null ? null : List.copyOf(siteIds);
    }

    /** {@code revoked}, {@code expired}, {@code expiring} (rotated, still in its overlap) or {@code active}. */
    public String status(Instant now) {
        if (revokedAt != null) {
            return REVOKED;
        }
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            return EXPIRED;
        }
        return expiresAt != null ? EXPIRING : ACTIVE;
    }

    Credential revoked(Instant at) {
        return new Credential(id, kind, secretPrefix, operatorId, accountId, environment, name, scopes, siteIds,
                actorType, oauthClientId, rotatedToId, expiresAt, at, createdAt);
    }
}
