package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** One row of {@code oauth_clients}. The secret's hash stays here: views never carry it. */
record RegisteredClient(UUID id, String clientId, byte[] secretHash, UUID operatorId, UUID accountId,
        Environment environment, String name, List<String> grantTypes, List<String> redirectUris, List<String> scopes,
        List<UUID> siteIds, Instant createdAt, Instant revokedAt) {

    RegisteredClient {
        grantTypes = List.copyOf(grantTypes);
        redirectUris = List.copyOf(redirectUris);
        scopes = List.copyOf(scopes);
        siteIds = siteIds == null ? null : List.copyOf(siteIds);
    }

    boolean isRevoked() {
        return revokedAt != null;
    }

    RegisteredClient revoked(Instant at) {
        return new RegisteredClient(id, clientId, secretHash, operatorId, accountId, environment, name, grantTypes,
                redirectUris, scopes, siteIds, createdAt, at);
    }
}
