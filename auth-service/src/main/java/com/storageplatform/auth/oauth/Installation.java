package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An app installed on one of an operator's accounts (the {@code app_installation} the developer settings list).
 *
 * @param appName     the app's (OAuth client's) name
 * @param scopes      every scope the operator has granted it on this account
 * @param installedBy the operator user who consented
 */
public record Installation(UUID id, String object, UUID oauthClientId, String clientId, String appName,
        UUID operatorId, UUID accountId, Environment environment, List<String> scopes, UUID installedBy,
        Instant createdAt, Instant updatedAt, Instant revokedAt) {

    static final String OBJECT = "app_installation";

    public Installation {
        scopes = List.copyOf(scopes);
    }

    public boolean isRevoked() {
        return revokedAt != null;
    }
}
