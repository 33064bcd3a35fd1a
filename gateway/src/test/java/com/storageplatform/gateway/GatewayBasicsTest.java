package com.storageplatform.gateway;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The gateway's own answers: health, aggregated readiness, unknown routes; with real HTTP services behind it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class GatewayBasicsTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

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
        client.get().uri("/v1/spaceships").exchange()
                .expectStatus().isNotFound()
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("not_found")
                .jsonPath("$.error.message").isNotEmpty();
    }

    @Test
    void everyResponseCarriesARequestId() {
        client.get().uri("/v1/spaceships").exchange()
                .expectHeader().exists("Service-Request-Id");
    }
}
