package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.openapi.OneOf;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The {@code static_token} resource: a simple integration's bearer token ({@code svc_st_...}, actor {@code api}).
 *
 * @param tokenPrefix the token's first 12 characters, to recognise it
 * @param token       the plaintext token: only in the response that created it (create or rotate)
 */
public record StaticToken(UUID id, String object, UUID operatorId, UUID accountId, Environment environment, String name,
        @OneOf(value = "ALL", in = Scopes.class) List<String> scopes, List<UUID> siteIds, String tokenPrefix,
        String status, Instant expiresAt, Instant revokedAt, UUID rotatedToId, Instant createdAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) String token) {

    public static StaticToken of(Credential token, Instant now, String secret) {
        return new StaticToken(token.id(), "static_token", token.operatorId(), token.accountId(), token.environment(),
                token.name(), token.scopes(), token.siteIds(), token.secretPrefix(), token.status(now),
                token.expiresAt(), token.revokedAt(), token.rotatedToId(), token.createdAt(), secret);
    }
}
