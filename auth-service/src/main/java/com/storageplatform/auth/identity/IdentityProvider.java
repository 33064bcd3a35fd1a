package com.storageplatform.auth.identity;

import reactor.core.publisher.Mono;

/**
 * Where the operators' staff have their identities (Keycloak, {@link KeycloakIdentityProvider}). Passwords live
 * there alone: the platform asks it to create people and trusts the identity tokens it signs.
 */
public interface IdentityProvider {

    /** Creates the operators' realm and the client they sign in through when missing; cheap once done. */
    Mono<Void> ensureRealm();

    /**
     * Creates a person who can sign in as {@code email} (no password yet: they set it through the identity
     * provider), or adopts an existing one of that address that no operator user holds.
     *
     * @return the identity provider's id of the person (the {@code sub} of their identity tokens)
     */
    Mono<String> createUser(String email);
}
