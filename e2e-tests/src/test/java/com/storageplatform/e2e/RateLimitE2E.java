package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A bounded burst beyond a test key's limit gets 429 with Retry-After; after waiting, requests succeed again. */
class RateLimitE2E {

    private final DevStack stack = Stack.get();

    @Test
    void aBurstIsLimitedAndRecovers() {
        Admin admin = new Admin(stack);
        String key = admin.apiKey(admin.newOperator("Burst Ltd"), "test", "sites:read");
        String url = stack.gatewayUrl() + "/v1/sites";

        // One request first: the gateway then knows the key (its introspection is cached).
        assertThat(Http.get(url, key).status()).isEqualTo(200);
        List<Http.Response> responses = burst(url, key);
        // A stack still cold on a busy two-core machine can take a burst in slower than the bucket refills (25/s)
        // and then rightly limits nothing; each burst warms it for the next. A limiter that never limits fails.
        for (int burst = 2; burst <= 5 && responses.stream().noneMatch(r -> r.status() == 429); burst++) {
            responses = burst(url, key);
        }

        List<Http.Response> limited = responses.stream().filter(response -> response.status() == 429).toList();
        assertThat(limited).isNotEmpty();
        assertThat(responses).allMatch(response -> response.status() == 200 || response.status() == 429);
        Http.Response refused = limited.get(0);
        assertThat(refused.errorCode()).isEqualTo("rate_limited");
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertThat(retryAfter).isPositive();
        assertThat(refused.body().path("error").path("message").asString()).contains(retryAfter + " second");
        assertThat(refused.header("RateLimit-Limit")).isEqualTo("50");

        sleep(retryAfter * 1000 + 200);
        Http.Response again = Http.get(url, key);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header("RateLimit-Remaining")).isNotNull();
    }

    /**
     * 90 requests all sent before any answer comes back: threads that each wait for an answer (the common pool has
     * only one on a two-core machine) send no faster than the stack answers.
     */
    private static List<Http.Response> burst(String url, String key) {
        List<CompletableFuture<Http.Response>> burst = IntStream.range(0, 90)
                .mapToObj(i -> Http.getAsync(url, key))
                .toList();
        return burst.stream().map(CompletableFuture::join).toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
