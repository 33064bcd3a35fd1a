package com.storageplatform.gateway;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** GET /v1/ready is limited per source IP (30 a minute by default; 3 here). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"platform.rate-limits.ready.burst=3", "platform.rate-limits.ready.per-second=0.05"})
@AutoConfigureWebTestClient
class ReadinessRateLimitTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    @Test
    void pollingReadinessTooOftenFromOneAddressIsRateLimited() {
        for (int i = 0; i < 3; i++) {
            client.get().uri("/v1/ready").exchange()
                    .expectStatus().isOk()
                    .expectHeader().valueEquals("RateLimit-Limit", "3");
        }
        client.get().uri("/v1/ready").exchange()
                .expectStatus().isEqualTo(429)
                .expectHeader().valueEquals("Retry-After", "20")
                .expectHeader().valueEquals("RateLimit-Remaining", "0")
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("rate_limited")
                .jsonPath("$.error.message").value(message -> org.assertj.core.api.Assertions
                        .assertThat((String) message).contains("20 seconds"));
    }
}
