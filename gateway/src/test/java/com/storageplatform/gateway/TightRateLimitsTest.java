package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Limits small and slow enough that every spent token shows: test credentials 10 (refilling 0.5 a second), the
 * source IP 10 (0.5 a second), {@code GET /v1/ready} 3 (one every 20 seconds).
 */
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"platform.rate-limits.ready.burst=3", "platform.rate-limits.ready.per-second=0.05",
                "platform.rate-limits.test.burst=10", "platform.rate-limits.test.per-second=0.5",
                "platform.rate-limits.unauthenticated.burst=10", "platform.rate-limits.unauthenticated.per-second=0.5"})
@AutoConfigureWebTestClient
class TightRateLimitsTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    private static String testKey(String... scopes) {
        return Backends.apiKey(Environment.TEST, scopes);
    }

    private EntityExchangeResult<byte[]> get(String path, String token) {
        WebTestClient.RequestHeadersSpec<?> request = client.get().uri(path);
        if (token != null) {
            request = request.header("Authorization", "Bearer " + token);
        }
        return request.exchange().expectBody().returnResult();
    }

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
                .jsonPath("$.error.message").isEqualTo("Too many requests for this credential. Retry the request after 20 "
                        + "seconds.");
    }

    @Test
    void answersRefusedAfterAuthenticationSpendTheCredentialsTokens() {
        String key = testKey("billing:read", "events:read");
        List<EntityExchangeResult<byte[]>> answers = new ArrayList<>();
        answers.add(get("/v1/contacts", key));
        answers.add(get("/v1/spaceships", key));
        answers.add(client.post().uri("/v1/events").header("Authorization", "Bearer " + key)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange().expectBody().returnResult());
        answers.add(get("/v1/payments", key));
        assertThat(answers).extracting(answer -> answer.getStatus().value()).containsExactly(403, 404, 405, 200);
        assertSpentOneEach(answers, "10");
    }

    @Test
    void answersWithoutAValidCredentialSpendTheSourceAddresssTokens() {
        List<EntityExchangeResult<byte[]>> answers = new ArrayList<>();
        answers.add(get("/v1/payments", null));
        answers.add(get("/v1/payments", "svc_live_" + "x".repeat(40)));
        answers.add(get("/v1/spaceships", null));
        answers.add(get("/v1", null));
        assertThat(answers).extracting(answer -> answer.getStatus().value()).containsExactly(401, 401, 404, 404);
        assertSpentOneEach(answers, "10");
    }

    /** Each answer reports the same bucket, one token lower than the one before (refill is far slower). */
    private static void assertSpentOneEach(List<EntityExchangeResult<byte[]>> answers, String limit) {
        Integer previous = null;
        for (EntityExchangeResult<byte[]> answer : answers) {
            assertThat(answer.getResponseHeaders().getFirst("RateLimit-Limit")).isEqualTo(limit);
            assertThat(answer.getResponseHeaders().getFirst("RateLimit-Reset")).isNotNull();
            int remaining = Integer.parseInt(answer.getResponseHeaders().getFirst("RateLimit-Remaining"));
            if (previous != null) {
                assertThat(remaining).as(answer.getUrl().getPath()).isEqualTo(previous - 1);
            }
            previous = remaining;
        }
    }

    @Test
    void aBurstBeyondTheTestLimitIsRefusedWithRetryAfterThenRecovers() {
        String key = testKey("billing:read");
        int refused = 0;
        String retryAfter = null;
        for (int i = 0; i < 14; i++) {
            EntityExchangeResult<byte[]> answer = get("/v1/payments", key);
            if (answer.getStatus().value() == 429) {
                refused++;
                retryAfter = answer.getResponseHeaders().getFirst("Retry-After");
                assertThat(new String(answer.getResponseBody())).contains("\"code\":\"rate_limited\"");
            }
        }
        assertThat(refused).isGreaterThan(0);
        assertThat(Integer.parseInt(retryAfter)).isPositive();
        sleep(Long.parseLong(retryAfter) * 1000 + 100);
        client.get().uri("/v1/payments").header("Authorization", "Bearer " + key).exchange().expectStatus().isOk();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
