package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The admin API's calls to the services are bounded and behind each service's breaker: a service that hangs or is
 * down answers the admin at once with a clear error naming it, instead of holding the request (admin routes are
 * outside the route timeout and the {@code /v1} deadline).
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class AdminCallsBoundedTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
        registry.add("platform.resilience.peers.crm.timeout", () -> "300ms");
    }

    @Autowired
    WebTestClient client;

    private WebTestClient.RequestBodySpec post(String path) {
        return client.post().uri(path).header("Authorization", "Bearer " + Backends.ADMIN_TOKEN);
    }

    @AfterEach
    void servicesBack() {
        Backends.ALL.values().forEach(service -> {
            service.delay.set(Duration.ZERO);
            service.bodies.clear();
            if (!service.isRunning()) {
                service.start();
            }
        });
        post("/admin/v1/clock").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("offset_seconds", 0))
                .exchange().expectStatus().isOk();
    }

    @Test
    void aClockMoveThatAServiceDoesNotTakeInTimeIsA504NamingIt() {
        Backends.get("crm").delay.set(Duration.ofSeconds(5));
        long started = System.nanoTime();
        post("/admin/v1/clock").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", 60))
                .exchange()
                .expectStatus().isEqualTo(504)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("gateway_timeout")
                .jsonPath("$.error.message").isEqualTo("The crm service did not answer in time.");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void aJobRunInAServiceThatIsDownIsA503WithRetryAfter() {
        Backends.get("commerce").stop();
        post("/admin/v1/jobs/reservation-expiry/run").exchange()
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "5")
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("service_unavailable")
                .jsonPath("$.error.message").value(message -> assertThat((String) message).startsWith("The commerce service"));
    }

    @Test
    void aServiceThatHangsOnItsParkedRowsIsA504AndIsNamedUnavailableInTheListAcrossServices() {
        Backends.ALL.values().forEach(service -> service.bodies.put("/internal/outbox/failed",
                "{\"data\":[],\"meta\":{\"limit\":20,\"cursor\":{\"next\":null,\"has_more\":false}}}"));
        Backends.get("crm").delay.set(Duration.ofSeconds(5));
        client.get().uri("/admin/v1/outbox/failed?service=crm").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                .exchange()
                .expectStatus().isEqualTo(504)
                .expectBody().jsonPath("$.error.code").isEqualTo("gateway_timeout");
        long started = System.nanoTime();
        client.get().uri("/admin/v1/outbox/failed").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.data.length()").isEqualTo(0)
                .jsonPath("$.meta.unavailable").isEqualTo(java.util.List.of("crm"));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }
}
