package com.storageplatform.kit.caller;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What the auth service answers the gateway about a presented secret ({@code POST /internal/introspect}
 * {@code {"token": "..."}}): {@code active} false for an unknown, expired or revoked one, else the credential.
 *
 * @param kind {@code api_key}, {@code static_token}, {@code staff_token}, {@code access_token} or
 *             {@code refresh_token} (never valid on /v1)
 * @param expiresAt null for credentials that last until revoked
 */
public record Introspection(boolean active, String credentialId, String kind, UUID operatorId, UUID accountId,
        Environment environment, List<String> scopes, List<UUID> siteIds, ActorType actorType, Instant expiresAt) {

    public static final String PATH = "/internal/introspect";

    /**
     * Response header with which the auth service reports the ids of credentials a request revoked; the gateway
     * drops them from its introspection cache before the client sees the response, then strips the header.
     */
    public static final String REVOKED_HEADER = "Service-Revoked-Credentials";

    public static Introspection inactive() {
        return new Introspection(false, null, null, null, null, null, null, null, null, null);
    }

    public record Request(String token) {
    }
}
