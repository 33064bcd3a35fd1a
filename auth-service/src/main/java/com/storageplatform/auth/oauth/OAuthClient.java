package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.openapi.OneOf;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The {@code oauth_client} resource.
 *
 * @param clientId     the public identifier a client authenticates with ({@code cli_...})
 * @param status       {@code active} or {@code revoked}
 * @param clientSecret the plaintext secret ({@code svc_cs_...}): only in the response that created the client
 */
public record OAuthClient(UUID id, String object, UUID operatorId, UUID accountId, Environment environment, String name,
        String clientId, List<String> grantTypes, List<String> redirectUris,
        @OneOf(value = "ALL", in = Scopes.class) List<String> scopes, List<UUID> siteIds, String status,
        Instant revokedAt, Instant createdAt, @JsonInclude(JsonInclude.Include.NON_NULL) String clientSecret) {

    static OAuthClient of(RegisteredClient client, String secret) {
        return new OAuthClient(client.id(), "oauth_client", client.operatorId(), client.accountId(),
                client.environment(), client.name(), client.clientId(), client.grantTypes(), client.redirectUris(),
                client.scopes(), client.siteIds(), client.isRevoked() ? "revoked" : "active", client.revokedAt(),
                client.createdAt(), secret);
    }

    static OAuthClient of(RegisteredClient client) {
        return of(client, null);
    }
}
