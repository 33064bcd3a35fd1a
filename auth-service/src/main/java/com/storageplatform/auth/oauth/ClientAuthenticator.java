package com.storageplatform.auth.oauth;

import com.storageplatform.kit.crypto.Secrets;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Authenticates a client at the token endpoint: its {@code client_id} names a client that is not revoked, and the
 * SHA-256 of the presented secret equals the stored hash (compared in constant time). Every failure is the same
 * 401 {@code invalid_client}, so a caller cannot tell an unknown client from a wrong secret or a revoked client.
 */
@Component
class ClientAuthenticator {

    /** Client ids are {@code cli_} and 24 characters; anything much longer is not looked up. */
    private static final int MAX_CLIENT_ID_LENGTH = 64;
    /** Compared against when no client matches, so that path hashes and compares too. */
    private static final byte[] NO_CLIENT = Secrets.sha256("no such client");

    private final OAuthClientRepository clients;

    ClientAuthenticator(OAuthClientRepository clients) {
        this.clients = clients;
    }

    Mono<AuthenticatedClient> authenticate(ClientCredentials presented) {
        Mono<Optional<RegisteredClient>> found = presented.clientId().length() > MAX_CLIENT_ID_LENGTH
                ? Mono.just(Optional.empty())
                : clients.findByClientId(presented.clientId()).map(Optional::of).defaultIfEmpty(Optional.empty());
        return found.map(client -> {
            boolean secretMatches = Secrets.matches(presented.clientSecret(),
                    client.map(RegisteredClient::secretHash).orElse(NO_CLIENT));
            if (client.isEmpty() || !secretMatches || client.get().isRevoked()) {
                throw OAuthException.invalidClient("Client authentication failed.", presented.viaBasic());
            }
            return AuthenticatedClient.of(client.get());
        });
    }
}
