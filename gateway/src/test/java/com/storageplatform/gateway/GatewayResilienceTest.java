package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;

/**
 * A service that is down, slow or failing is answered for by the gateway, in the envelope; so is the auth service
 * when a credential cannot be checked.
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ExtendWith(OutputCaptureExtension.class)
class GatewayResilienceTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    @Autowired
    Resilience resilience;

    private final FakeService auth = Backends.get("auth");

    private static String key(String... scopes) {
        return Backends.apiKey(Environment.LIVE, scopes);
    }

    @Test
    void aServiceThatIsDownIsServiceUnavailableWithRetryAfter() {
        FakeService crm = Backends.get("crm");
        String key = key("crm:read");
        crm.stop();
        try {
            client.get().uri("/v1/deals").header("Authorization", "Bearer " + key).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectHeader().exists("Retry-After")
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("service_unavailable")
                    .jsonPath("$.error.message").isNotEmpty();
        } finally {
            crm.start();
        }
        client.get().uri("/v1/deals").header("Authorization", "Bearer " + key).exchange().expectStatus().isOk();
    }

    @Test
    void aServiceThatAnswersTooSlowlyIsGatewayTimeout() {
        FakeService compliance = Backends.get("compliance");
        compliance.delay.set(Duration.ofSeconds(3));
        try {
            client.mutate().responseTimeout(Duration.ofSeconds(10)).build()
                    .get().uri("/v1/contracts").header("Authorization", "Bearer " + key("compliance:read")).exchange()
                    .expectStatus().isEqualTo(504)
                    .expectBody().jsonPath("$.error.code").isEqualTo("gateway_timeout");
        } finally {
            compliance.delay.set(Duration.ZERO);
        }
    }

    @Test
    void theAuthServicesRoutesWaitLongerThanTheApisForTheyWaitOnKeycloak() {
        auth.delay.set(Duration.ofSeconds(3));
        try {
            client.mutate().responseTimeout(Duration.ofSeconds(10)).build()
                    .post().uri("/oauth/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                    .bodyValue("grant_type=client_credentials").exchange()
                    .expectStatus().isOk();
        } finally {
            auth.delay.set(Duration.ZERO);
        }
    }

    @Test
    void aFailingServiceOpensItsCircuitAndCallersAreTurnedAwayFast() {
        FakeService commerce = Backends.get("commerce");
        String key = key("contacts:read");
        commerce.stop();
        String retryAfter = null;
        try {
            for (int i = 0; i < 15; i++) {
                retryAfter = client.get().uri("/v1/contacts").header("Authorization", "Bearer " + key).exchange()
                        .expectStatus().isEqualTo(503)
                        .returnResult(String.class).getResponseHeaders().getFirst("Retry-After");
            }
        } finally {
            commerce.start();
        }
        commerce.received.clear();
        client.get().uri("/v1/contacts").header("Authorization", "Bearer " + key).exchange()
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "10");
        assertThat(retryAfter).isEqualTo("10");
        assertThat(commerce.received).isEmpty();
    }

    @Test
    void whenTheAuthServiceIsDownAnUncachedKeyIsServiceUnavailableWithRetryAfter(CapturedOutput output) {
        String key = key("crm:read");
        auth.stop();
        try {
            client.get().uri("/v1/deals").header("Authorization", "Bearer " + key).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectHeader().valueEquals("Retry-After", "5")
                    .expectHeader().exists("RateLimit-Limit")
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("service_unavailable")
                    .jsonPath("$.error.message").value(message -> assertThat((String) message)
                            .contains("authentication service"));
        } finally {
            auth.start();
        }
        assertThat(output.getAll()).doesNotContain("Unexpected failure");
        client.get().uri("/v1/deals").header("Authorization", "Bearer " + key).exchange().expectStatus().isOk();
    }

    @Test
    void whenTheAuthServiceIsTooSlowTheRequestIsGatewayTimeout(CapturedOutput output) {
        String key = key("crm:read");
        FakeService crm = Backends.get("crm");
        crm.received.clear();
        auth.introspectionHold.set(Mono.delay(Duration.ofSeconds(4)).then());
        long started = System.nanoTime();
        try {
            client.mutate().responseTimeout(Duration.ofSeconds(10)).build()
                    .get().uri("/v1/deals").header("Authorization", "Bearer " + key).exchange()
                    .expectStatus().isEqualTo(504)
                    .expectHeader().exists("RateLimit-Limit")
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("gateway_timeout")
                    .jsonPath("$.error.message").isNotEmpty();
        } finally {
            auth.introspectionHold.set(Mono.empty());
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
        assertThat(output.getAll()).doesNotContain("Unexpected failure");
        assertThat(crm.received).isEmpty();
    }

    @Test
    void anAuthServiceThatKeepsFailingOpensItsCircuitAndCredentialsAreNotAskedAbout() {
        auth.stop();
        try {
            for (int i = 0; i < 15; i++) {
                client.get().uri("/v1/deals").header("Authorization", "Bearer " + key("crm:read")).exchange()
                        .expectStatus().isEqualTo(503);
            }
            auth.start();
            auth.received.clear();
            client.get().uri("/v1/deals").header("Authorization", "Bearer " + key("crm:read")).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectHeader().valueEquals("Retry-After", "10")
                    .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
            assertThat(auth.received).isEmpty();
        } finally {
            if (!auth.isRunning()) {
                auth.start();
            }
            // The other tests of this class need the auth service reachable at once, not in 10 seconds.
            resilience.breakerOf("auth").reset();
        }
        client.get().uri("/v1/deals").header("Authorization", "Bearer " + key("crm:read")).exchange()
                .expectStatus().isOk();
    }
}
