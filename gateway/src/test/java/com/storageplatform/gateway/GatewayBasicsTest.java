package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The gateway's own answers: health, aggregated readiness, unknown routes; with real HTTP services behind it. */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class GatewayBasicsTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    @LocalServerPort
    int port;

    @Test
    void healthAnswersOk() {
        client.get().uri("/health").exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("ok");
    }

    @Test
    void readinessIsOkOnlyWhenEveryServiceIsReady() {
        client.get().uri("/v1/ready").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.status").isEqualTo("ok")
                .jsonPath("$.database").isEqualTo("ok");

        Backends.get("billing").readyStatus.set(503);
        try {
            client.get().uri("/v1/ready").exchange()
                    .expectStatus().isEqualTo(503)
                    .expectBody()
                    .jsonPath("$.status").isEqualTo("degraded");
        } finally {
            Backends.get("billing").readyStatus.set(200);
        }
    }

    @Test
    void anUnknownV1RouteIsNotFoundInTheEnvelope() {
        // An unknown report name too: each report is routed by its name (conventions.md, Reports).
        for (String path : List.of("/v1/spaceships", "/v1/reports/unknown", "/v1/reports", "/v1/reports/occupancyx")) {
            client.get().uri(path).exchange()
                    .expectStatus().isNotFound()
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("not_found")
                    .jsonPath("$.error.message").isNotEmpty();
        }
    }

    @Test
    void theInternalApiIsNeverReachableThroughTheGateway() {
        Backends.ALL.values().forEach(backend -> backend.received.clear());
        client.post().uri("/internal/introspect").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"token\":\"svc_live_" + "x".repeat(40) + "\"}")
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        client.get().uri("/internal/ready").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        // A service's own API description is internal: the gateway serves the merged one at /openapi.json.
        client.get().uri("/internal/openapi.json").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        // Nor by a path that climbs out of a routed prefix, even with the admin token.
        for (String path : List.of("/oauth/../internal/ready", "/oauth/%2e%2e/internal/ready", "/oauth/..;/internal/ready",
                "/oauth/x/..%2f..%2finternal/ready", "/v1/../internal/ready", "/admin/v1/../../internal/ready")) {
            int status = client.get().uri(URI.create("http://127.0.0.1:" + port + path))
                    .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                    .exchange().returnResult(String.class).getStatus().value();
            assertThat(status).as(path).isEqualTo(404);
        }
        Backends.ALL.forEach((name, backend) -> assertThat(backend.received).as(name).isEmpty());
    }

    @Test
    void everyResponseCarriesARequestId() {
        client.get().uri("/v1/spaceships").exchange()
                .expectHeader().exists("Service-Request-Id");
    }
}
