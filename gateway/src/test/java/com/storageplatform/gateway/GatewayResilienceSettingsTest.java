package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The gateway's breakers are configured like every service's calls to its peers ({@code platform.resilience.*},
 * the kit's one factory), and its route timeout sits a little above the services' request deadline.
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "platform.resilience.peers.webhooks.sliding-window-size=2",
        "platform.resilience.peers.webhooks.minimum-number-of-calls=2",
        "platform.resilience.peers.webhooks.open-for=42s",
        "platform.resilience.peers.auth.open-for=30s"})
@AutoConfigureWebTestClient
class GatewayResilienceSettingsTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    @Autowired
    Resilience resilience;

    private static String key(String... scopes) {
        return Backends.apiKey(Environment.LIVE, scopes);
    }

    @Test
    void aServicesBreakerFollowsItsResilienceSettings() {
        FakeService webhooks = Backends.get("webhooks");
        String key = key("webhooks:read");
        webhooks.stop();
        try {
            for (int i = 0; i < 2; i++) {
                client.get().uri("/v1/webhooks").header("Authorization", "Bearer " + key).exchange()
                        .expectStatus().isEqualTo(503)
                        .expectHeader().valueEquals("Retry-After", "5");
            }
            webhooks.start();
            webhooks.received.clear();
            // Two failures of two calls opened it: the open time configured for this service is the Retry-After.
            client.get().uri("/v1/webhooks").header("Authorization", "Bearer " + key).exchange()
                    .expectStatus().isEqualTo(503)
                    .expectHeader().valueEquals("Retry-After", "42")
                    .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
            assertThat(webhooks.received).isEmpty();
        } finally {
            if (!webhooks.isRunning()) {
                webhooks.start();
            }
        }
    }

    @Test
    void anAuthServiceThatKeepsFailingOpensItsCircuitAndCredentialsAreNotAskedAboutForItsOpenTime() {
        FakeService auth = Backends.get("auth");
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
                    .expectHeader().valueEquals("Retry-After", "30")
                    .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
            assertThat(auth.received).isEmpty();
        } finally {
            if (!auth.isRunning()) {
                auth.start();
            }
            // The other tests need the auth service reachable at once, not in 30 seconds.
            resilience.breakerOf("auth").reset();
        }
        client.get().uri("/v1/deals").header("Authorization", "Bearer " + key("crm:read")).exchange()
                .expectStatus().isOk();
    }

    @Test
    void theRouteTimeoutDefaultsToElevenSecondsJustAboveTheServicesDeadline() throws IOException {
        StandardEnvironment environment = new StandardEnvironment();
        for (PropertySource<?> source : new YamlPropertySourceLoader().load("application",
                new ClassPathResource("application.yml"))) {
            environment.getPropertySources().addLast(source);
        }

        assertThat(environment.getProperty("spring.cloud.gateway.server.webflux.httpclient.response-timeout"))
                .isEqualTo("11s");
        environment.getPropertySources().addFirst(new MapPropertySource("deployment",
                Map.of("platform.route-timeout", "15s")));
        assertThat(environment.getProperty("spring.cloud.gateway.server.webflux.httpclient.response-timeout"))
                .isEqualTo("15s");
    }
}
