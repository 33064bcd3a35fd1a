package com.storageplatform.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The token endpoint's decisions in RFC 6749's order, without infrastructure. */
class TokenServiceTest {

    static final String SECRET = "svc_cs_" + "s".repeat(40);

    private static RegisteredClient client(List<String> grantTypes, Instant revokedAt) {
        return new RegisteredClient(Ids.newId(), "cli_" + "c".repeat(24), Secrets.sha256(SECRET), Ids.newId(),
                Ids.newId(), Environment.TEST, "Backend", grantTypes, List.of(), List.of("sites:read", "crm:read"),
                null, Instant.now(), revokedAt);
    }

    /** A repository holding one client; nothing else is looked up. */
    private static OAuthClientRepository holding(RegisteredClient client) {
        return new OAuthClientRepository(null) {
            @Override
            Mono<RegisteredClient> findByClientId(String clientId) {
                return clientId.equals(client.clientId()) ? Mono.just(client) : Mono.empty();
            }
        };
    }

    /** A grant that answers with the client's scopes, standing in for a real handler. */
    private static GrantHandler grant(String type) {
        return new GrantHandler() {
            @Override
            public String grantType() {
                return type;
            }

            @Override
            public Mono<TokenResponse> handle(TokenRequest request, AuthenticatedClient client) {
                return Mono.just(new TokenResponse("svc_at_x", "Bearer", 7200, String.join(" ", client.scopes()), null));
            }
        };
    }

    private static TokenService service(RegisteredClient client) {
        return new TokenService(List.of(grant("client_credentials"), grant("refresh_token")),
                new ClientAuthenticator(holding(client)));
    }

    private static TokenRequest request(String grantType) {
        return new TokenRequest(grantType, Map.of("grant_type", grantType));
    }

    private static void refusedWith(Mono<TokenResponse> token, String error, boolean challenge) {
        StepVerifier.create(token)
                .expectErrorSatisfies(failure -> {
                    assertThat(failure).isInstanceOf(OAuthException.class);
                    assertThat(((OAuthException) failure).error()).isEqualTo(error);
                    assertThat(((OAuthException) failure).challenge()).isEqualTo(challenge);
                })
                .verify();
    }

    @Test
    void anAuthenticatedClientGetsWhatItsGrantHands() {
        RegisteredClient registered = client(List.of("client_credentials"), null);
        StepVerifier.create(service(registered).token(request("client_credentials"),
                        new ClientCredentials(registered.clientId(), SECRET, true)))
                .assertNext(token -> assertThat(token.scope()).isEqualTo("sites:read crm:read"))
                .verifyComplete();
    }

    @Test
    void anUnknownClientAWrongSecretAndARevokedClientAreAllInvalidClient() {
        RegisteredClient registered = client(List.of("client_credentials"), null);
        refusedWith(service(registered).token(request("client_credentials"),
                new ClientCredentials("cli_nobody", SECRET, true)), "invalid_client", true);
        refusedWith(service(registered).token(request("client_credentials"),
                new ClientCredentials(registered.clientId(), SECRET + "x", false)), "invalid_client", false);
        RegisteredClient revoked = client(List.of("client_credentials"), Instant.now());
        refusedWith(service(revoked).token(request("client_credentials"),
                new ClientCredentials(revoked.clientId(), SECRET, true)), "invalid_client", true);
    }

    @Test
    void theClientIsAuthenticatedBeforeTheGrantTypeIsConsidered() {
        RegisteredClient registered = client(List.of("client_credentials"), null);
        refusedWith(service(registered).token(request("password"),
                new ClientCredentials("cli_nobody", SECRET, true)), "invalid_client", true);
        refusedWith(service(registered).token(request("password"),
                new ClientCredentials(registered.clientId(), SECRET, true)), "unsupported_grant_type", false);
    }

    @Test
    void aClientMayUseOnlyTheGrantsItWasRegisteredFor() {
        RegisteredClient browserApp = client(List.of("authorization_code"), null);
        refusedWith(service(browserApp).token(request("client_credentials"),
                new ClientCredentials(browserApp.clientId(), SECRET, true)), "unauthorized_client", false);
        StepVerifier.create(service(browserApp).token(request("refresh_token"),
                        new ClientCredentials(browserApp.clientId(), SECRET, true)))
                .expectNextCount(1)
                .verifyComplete();
        RegisteredClient backend = client(List.of("client_credentials"), null);
        refusedWith(service(backend).token(request("refresh_token"),
                new ClientCredentials(backend.clientId(), SECRET, true)), "unauthorized_client", false);
    }

    @Test
    void requestedScopesNarrowTheGrantAndMustAllBeTheClients() {
        List<String> allowed = List.of("sites:read", "crm:read", "crm:write");
        assertThat(ClientCredentialsGrant.grantedScopes(null, allowed)).isEqualTo(allowed);
        assertThat(ClientCredentialsGrant.grantedScopes("crm:read sites:read crm:read", allowed))
                .containsExactly("crm:read", "sites:read");
        for (String bad : List.of("billing:read", "crm:read billing:read", "crm:read  sites:read", " crm:read",
                "crm:read\tsites:read", "\"crm:read\"")) {
            assertThatThrownBy(() -> ClientCredentialsGrant.grantedScopes(bad, allowed))
                    .isInstanceOf(OAuthException.class)
                    .satisfies(failure -> assertThat(((OAuthException) failure).error()).isEqualTo("invalid_scope"));
        }
    }
}
