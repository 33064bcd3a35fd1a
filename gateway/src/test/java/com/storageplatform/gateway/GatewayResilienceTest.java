package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.id.Ids;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** A service that is down, slow or failing is answered for by the gateway, in the envelope. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class GatewayResilienceTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    private String key(String... scopes) {
        String token = "svc_live_" + UUID.randomUUID().toString().replace("-", "");
        Backends.get("auth").tokens.put(token, new Introspection(true, Ids.newId().toString(), "api_key", Ids.newId(),
                Ids.newId(), Environment.LIVE, List.of(scopes), null, ActorType.API, null));
        return token;
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
}
