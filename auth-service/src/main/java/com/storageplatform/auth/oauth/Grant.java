package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One authorization: its code (single use, 10 minutes) and the family of tokens it leads to, with the account and
 * scopes of the installation it was granted on.
 */
record Grant(UUID id, UUID installationId, UUID oauthClientId, UUID operatorId, UUID accountId,
        Environment environment, String redirectUri, String codeChallenge, List<String> scopes, Instant codeExpiresAt,
        Instant codeUsedAt, Instant revokedAt, Instant installationRevokedAt) {

    Grant {
        scopes = List.copyOf(scopes);
    }

    boolean isRevoked() {
        return revokedAt != null || installationRevokedAt != null;
    }
}
