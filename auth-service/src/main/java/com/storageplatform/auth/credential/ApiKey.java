package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.openapi.OneOf;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The {@code api_key} resource.
 *
 * @param keyPrefix the key's first 12 characters, to recognise it
 * @param status    {@code active}, {@code expiring} (rotated, within its 24-hour overlap), {@code expired} or
 *                  {@code revoked}
 * @param key       the plaintext key: only in the response that created it (create or rotate), never again
 */
public record ApiKey(UUID id, String object, UUID operatorId, UUID accountId, Environment environment, String name,
        @OneOf(value = "ALL", in = Scopes.class) List<String> scopes, List<UUID> siteIds, String keyPrefix,
        String status, Instant expiresAt, Instant revokedAt, UUID rotatedToId, Instant createdAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) String key) {

    public static ApiKey of(Credential key, Instant now, String secret) {
        return new ApiKey(key.id(), "api_key", key.operatorId(), key.accountId(), key.environment(), key.name(),
                key.scopes(), key.siteIds(), key.secretPrefix(), key.status(now), key.expiresAt(), key.revokedAt(),
                key.rotatedToId(), key.createdAt(), secret);
    }
}
