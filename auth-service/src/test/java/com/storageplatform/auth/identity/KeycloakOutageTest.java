package com.storageplatform.auth.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.signin.AppProperties;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.testsupport.ScriptedPeer;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Keycloak's failure policy, without a Keycloak: one that hangs is a 504 within the timeout, one that is down a 503
 * with {@code Retry-After}, and once the {@code keycloak} breaker is open nothing is asked of it.
 */
class KeycloakOutageTest {

    private static final AppProperties APP = new AppProperties("http://127.0.0.1:8080/app", null, null, null);

    private static KeycloakIdentityProvider provider(String url, Duration timeout, Resilience resilience) {
        return new KeycloakIdentityProvider(new KeycloakProperties(url, null, "operators", "platform", "client-secret",
                new KeycloakProperties.Admin("master", "admin-client", "admin-secret"), timeout, false),
                APP, resilience);
    }

    private static Resilience resilience() {
        return new Resilience(new ResilienceProperties(null, Map.of("keycloak",
                new ResilienceProperties.Policy(null, 2, 2, null, Duration.ofSeconds(20), null, null, null))));
    }

    @Test
    void aKeycloakThatHangsIsAGatewayTimeoutWithinItsBound() {
        try (ScriptedPeer keycloak = ScriptedPeer.start().hang()) {
            KeycloakIdentityProvider provider = provider(keycloak.url(), Duration.ofMillis(300), resilience());
            StepVerifier.create(provider.createUser("someone@example.com"))
                    .expectErrorSatisfies(failure -> {
                        assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.GATEWAY_TIMEOUT);
                        assertThat(failure.getMessage()).isEqualTo("The identity provider did not answer in time.");
                    })
                    .verify(Duration.ofSeconds(5));
            provider.destroy();
        }
    }

    @Test
    void aKeycloakThatIsDownIsUnavailableAndItsOpenBreakerAsksItNothing() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Resilience resilience = resilience();
        // Long enough for a cold client's first call: a refused connection answers at once.
        KeycloakIdentityProvider provider = provider("http://127.0.0.1:" + closedPort, Duration.ofSeconds(4),
                resilience);
        for (int i = 0; i < 2; i++) {
            StepVerifier.create(provider.createUser("someone@example.com"))
                    .expectErrorSatisfies(failure -> {
                        assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
                        assertThat(((ApiException) failure).headers()).containsEntry("Retry-After", "5");
                    })
                    .verify(Duration.ofSeconds(10));
        }
        assertThat(resilience.breakerOf("keycloak").getState().name()).isEqualTo("OPEN");
        StepVerifier.create(provider.ensureRealm())
                .expectErrorSatisfies(failure ->
                        assertThat(((ApiException) failure).headers()).containsEntry("Retry-After", "20"))
                .verify(Duration.ofSeconds(5));
        provider.destroy();
    }
}
