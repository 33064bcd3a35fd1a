package com.storageplatform.gateway;

import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** In production nobody, not even the platform admin, can move the clock or run a sweep on demand. */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class AdminControlsInProductionTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry, "production");
    }

    @Autowired
    WebTestClient client;

    @Test
    void theTimeControlsDoNotExist() {
        client.post().uri("/admin/v1/clock").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("advance_seconds", 60))
                .exchange().expectStatus().isNotFound();
        client.post().uri("/admin/v1/jobs/reservation-expiry/run").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                .exchange().expectStatus().isNotFound();
    }
}
