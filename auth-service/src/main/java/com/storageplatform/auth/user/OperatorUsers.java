package com.storageplatform.auth.user;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the auth service (sign-in and its sessions) may know of operator users. They read it
 * here, never from the {@code operator_users} table (ModuleBoundariesTest).
 */
@Component
public class OperatorUsers {

    private final OperatorUserRepository users;

    OperatorUsers(OperatorUserRepository users) {
        this.users = users;
    }

    /** The operator user an identity token's subject names; empty when the platform never made them. */
    public Mono<OperatorUser> signedIn(String keycloakSubject) {
        return users.findByKeycloakId(keycloakSubject);
    }

    /** The operator user a session belongs to. */
    public Mono<OperatorUser> find(UUID id) {
        return users.find(id);
    }
}
