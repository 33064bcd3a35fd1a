package com.storageplatform.auth.user;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.UUID;

/**
 * The {@code operator_user} resource: a person of an operator who signs in through Keycloak.
 *
 * @param role {@code owner} (the developer settings, installing apps) or {@code staff}
 */
public record OperatorUser(UUID id, String object, UUID operatorId, String email, String role, Instant createdAt) {

    public static final String OWNER = "owner";
    public static final String STAFF = "staff";
    static final String OBJECT = "operator_user";

    @JsonIgnore
    public boolean isOwner() {
        return OWNER.equals(role);
    }
}
