package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The admin API's view of the services' parked outbox rows (ADR 0020), in production as elsewhere: one service's
 * list passed through, every service's merged, and a resubmission sent to the service that owns the row.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class OutboxControlsTest {

    private static final String FAILED = "/internal/outbox/failed";

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry, "production");
    }

    @Autowired
    WebTestClient client;

    @LocalServerPort
    int port;

    @AfterEach
    void clear() {
        Backends.ALL.values().forEach(service -> {
            service.bodies.clear();
            if (!service.isRunning()) {
                service.start();
            }
        });
    }

    private WebTestClient.ResponseSpec get(String path) {
        // As sent: a test's percent-encoding is not encoded again.
        return client.get().uri(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN).exchange();
    }

    private static String page(boolean hasMore, String... rows) {
        return "{\"data\":[" + String.join(",", rows) + "],\"meta\":{\"limit\":20,\"cursor\":{\"next\":null,"
                + "\"has_more\":" + hasMore + "}}}";
    }

    private static String row(String id, String service) {
        return "{\"id\":\"" + id + "\",\"object\":\"outbox_event\",\"service\":\"" + service + "\",\"status\":\"failed\"}";
    }

    @Test
    void everyServicesParkedRowsAreListedNewestFirstAndAServiceThatDoesNotAnswerIsNamed() {
        Backends.ALL.values().forEach(service -> {
            service.received.clear();
            service.bodies.put(FAILED, page(false));
        });
        Backends.get("catalogue").bodies.put(FAILED, page(false, row("01a21100-0000-7000-8000-000000000003", "catalogue"),
                row("01a21100-0000-7000-8000-000000000001", "catalogue")));
        Backends.get("auth").bodies.put(FAILED, page(true, row("01a21100-0000-7000-8000-000000000002", "auth")));
        Backends.get("crm").stop();

        get("/admin/v1/outbox/failed?limit=2").expectStatus().isOk()
                .expectBody()
                .jsonPath("$.data.length()").isEqualTo(2)
                .jsonPath("$.data[0].id").isEqualTo("01a21100-0000-7000-8000-000000000003")
                .jsonPath("$.data[1].id").isEqualTo("01a21100-0000-7000-8000-000000000002")
                .jsonPath("$.data[1].service").isEqualTo("auth")
                .jsonPath("$.meta.limit").isEqualTo(2)
                .jsonPath("$.meta.cursor.has_more").isEqualTo(true)
                .jsonPath("$.meta.cursor.next").doesNotExist()
                .jsonPath("$.meta.unavailable").isEqualTo(List.of("crm"));
        FakeService billing = Backends.get("billing");
        assertThat(billing.last().uri()).isEqualTo(FAILED + "?limit=2");
        assertThat(billing.last().headers().get("authorization")).startsWith("Bearer ey");
    }

    @Test
    void oneServicesListIsItsOwnAnswerWithItsCursor() {
        FakeService catalogue = Backends.get("catalogue");
        catalogue.bodies.put(FAILED, page(true, row("01a21100-0000-7000-8000-000000000009", "catalogue")));
        get("/admin/v1/outbox/failed?service=catalogue&limit=1&cursor=abc-_1").expectStatus().isOk()
                .expectBody().jsonPath("$.data[0].service").isEqualTo("catalogue")
                .jsonPath("$.meta.cursor.has_more").isEqualTo(true);
        assertThat(catalogue.last().uri()).isEqualTo(FAILED + "?limit=1&cursor=abc-_1");

        get("/admin/v1/outbox/failed?service=catalogue&limit=1%26cursor%3Dx").expectStatus().isOk();
        assertThat(catalogue.last().uri()).as("a value cannot add a parameter").isEqualTo(FAILED + "?limit=1%26cursor%3Dx");
    }

    @Test
    void aResubmissionGoesToTheServiceThatOwnsTheRow() {
        UUID id = UUID.randomUUID();
        FakeService billing = Backends.get("billing");
        client.post().uri("/admin/v1/outbox/billing/" + id + "/resubmit")
                .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN).exchange().expectStatus().isOk();
        assertThat(billing.last().method()).isEqualTo("POST");
        assertThat(billing.last().uri()).isEqualTo("/internal/outbox/" + id + "/resubmit");
        assertThat(billing.last().headers().get("authorization")).startsWith("Bearer ey");
    }

    @Test
    void anUnknownServiceACursorAcrossServicesAndAServiceDownAreClearErrors() {
        get("/admin/v1/outbox/failed?service=nope").expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        client.post().uri("/admin/v1/outbox/nope/" + UUID.randomUUID() + "/resubmit")
                .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN).exchange().expectStatus().isNotFound();
        get("/admin/v1/outbox/failed?cursor=abc").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("cursor");
        get("/admin/v1/outbox/failed?limit=101").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("limit");

        Backends.get("crm").stop();
        get("/admin/v1/outbox/failed?service=crm").expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "5")
                .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
    }

    @Test
    void theListNeedsTheAdminToken() {
        client.get().uri("/admin/v1/outbox/failed").exchange().expectStatus().isUnauthorized();
        client.post().uri("/admin/v1/outbox/catalogue/" + UUID.randomUUID() + "/resubmit")
                .header("Authorization", "Bearer not-the-admin-token").exchange().expectStatus().isUnauthorized();
    }
}
