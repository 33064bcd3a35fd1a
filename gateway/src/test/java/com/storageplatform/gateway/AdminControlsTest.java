package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
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

/** The admin API's time controls reach the services that own the jobs, and every service's clock. */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class AdminControlsTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    private WebTestClient.RequestBodySpec post(String path) {
        return client.post().uri(path).header("Authorization", "Bearer " + Backends.ADMIN_TOKEN);
    }

    @AfterEach
    void backToRealTime() {
        post("/admin/v1/clock").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("offset_seconds", 0))
                .exchange().expectStatus().isOk();
    }

    @Test
    void aJobRunsInTheServiceThatOwnsIt() {
        FakeService commerce = Backends.get("commerce");
        commerce.received.clear();
        post("/admin/v1/jobs/reservation-expiry/run").exchange().expectStatus().isOk();
        assertThat(commerce.last().uri()).isEqualTo("/internal/jobs/reservation-expiry/run");
        assertThat(commerce.last().headers().get("authorization")).startsWith("Bearer ey");
        post("/admin/v1/jobs/order-abandonment/run").exchange().expectStatus().isOk();
        assertThat(commerce.last().uri()).isEqualTo("/internal/jobs/order-abandonment/run");

        FakeService billing = Backends.get("billing");
        post("/admin/v1/jobs/dunning/run").exchange().expectStatus().isOk();
        assertThat(billing.last().uri()).isEqualTo("/internal/jobs/dunning/run");

        post("/admin/v1/jobs/idempotency-cleanup/run?service=catalogue").exchange().expectStatus().isOk();
        assertThat(Backends.get("catalogue").last().uri()).isEqualTo("/internal/jobs/idempotency-cleanup/run");

        post("/admin/v1/jobs/no-such-job/run").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void movingTheClockMovesEveryServicesClock() {
        Backends.ALL.values().forEach(service -> service.received.clear());
        post("/admin/v1/clock").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", 86400))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.data.object").isEqualTo("clock")
                .jsonPath("$.data.offset_seconds").isEqualTo(86400);
        Backends.ALL.values().forEach(service -> assertThat(service.received)
                .anyMatch(request -> request.uri().equals("/internal/clock")));
        client.get().uri("/admin/v1/clock").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN).exchange()
                .expectBody().jsonPath("$.data.offset_seconds").isEqualTo(86400);
    }

    @Test
    void theControlsNeedTheAdminToken() {
        client.post().uri("/admin/v1/clock").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("advance_seconds", 1)).exchange().expectStatus().isUnauthorized();
    }
}
