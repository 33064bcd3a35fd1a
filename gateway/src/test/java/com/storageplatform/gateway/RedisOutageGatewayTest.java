package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import redis.embedded.RedisServer;

/**
 * A gateway whose limits and revocation notices live in Redis keeps answering when Redis goes away (ADR 0017):
 * every request is still authenticated, limited and routed, never answered 5xx or left waiting, and a credential
 * it has cached is checked with the auth service instead, since another replica's revocation can no longer be seen.
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "platform.rate-limits.redis=true")
@AutoConfigureWebTestClient(timeout = "15s")
class RedisOutageGatewayTest {

    static final RedisServer REDIS;
    static final int REDIS_PORT;

    static {
        try {
            try (ServerSocket socket = new ServerSocket(0)) {
                REDIS_PORT = socket.getLocalPort();
            }
            REDIS = new RedisServer(REDIS_PORT);
            REDIS.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
        registry.add("spring.data.redis.host", () -> "127.0.0.1");
        registry.add("spring.data.redis.port", () -> REDIS_PORT);
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (REDIS.isActive()) {
            REDIS.stop();
        }
    }

    @Autowired
    WebTestClient client;

    private final FakeService auth = Backends.get("auth");

    @Test
    void withoutRedisACachedCredentialIsCheckedWithTheAuthServiceAndRequestsStillAnswer() throws Exception {
        String key = Backends.apiKey(Environment.TEST, "billing:read");

        assertThat(get(key).getStatus().value()).isEqualTo(200);
        int asked = auth.introspections.get();
        assertThat(get(key).getStatus().value()).isEqualTo(200);
        assertThat(auth.introspections.get()).as("served from the cache while Redis answers").isEqualTo(asked);

        REDIS.stop();
        for (int i = 0; i < 5; i++) {
            long started = System.nanoTime();
            EntityExchangeResult<byte[]> answer = get(key);
            assertThat(answer.getStatus().value()).isEqualTo(200);
            assertThat(answer.getResponseHeaders().getFirst("RateLimit-Limit")).isEqualTo("50");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        }
        assertThat(auth.introspections.get()).as("each cache hit asked the auth service").isEqualTo(asked + 5);

        auth.tokens.remove(key);
        assertThat(get(key).getStatus().value()).as("revoked at the source: refused at once").isEqualTo(401);
    }

    private EntityExchangeResult<byte[]> get(String key) {
        return client.get().uri("/v1/payments").header("Authorization", "Bearer " + key)
                .exchange().expectBody().returnResult();
    }
}
