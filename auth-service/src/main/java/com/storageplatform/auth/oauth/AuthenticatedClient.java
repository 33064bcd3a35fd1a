package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Environment;
import java.util.List;
import java.util.UUID;

/** An OAuth client that proved its secret and is not revoked: what a {@link GrantHandler} issues tokens for. */
record AuthenticatedClient(UUID id, String clientId, UUID operatorId, UUID accountId, Environment environment,
        List<String> grantTypes, List<String> redirectUris, List<String> scopes, List<UUID> siteIds) {

    static AuthenticatedClient of(RegisteredClient client) {
        return new AuthenticatedClient(client.id(), client.clientId(), client.operatorId(), client.accountId(),
                client.environment(), client.grantTypes(), client.redirectUris(), client.scopes(), client.siteIds());
    }

    /** Whether the client was registered for a grant; {@code refresh_token} comes with {@code authorization_code}. */
    boolean mayUse(String grantType) {
        return grantTypes.contains(grantType)
                || (GrantTypes.REFRESH_TOKEN.equals(grantType) && grantTypes.contains(GrantTypes.AUTHORIZATION_CODE));
    }
}
