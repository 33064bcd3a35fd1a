package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A bounded burst beyond a test key's limit gets 429 with Retry-After; after waiting, requests succeed again. */
class RateLimitE2E {

    private final DevStack stack = Stack.get();

    @Test
    void aBurstIsLimitedAndRecovers() {
        Admin admin = new Admin(stack);
        String key = admin.apiKey(admin.newOperator("Burst Ltd"), "test", "sites:read");
        String url = stack.gatewayUrl() + "/v1/sites";

        List<CompletableFuture<Http.Response>> burst = java.util.stream.IntStream.range(0, 90)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> Http.get(url, key)))
                .toList();
        List<Http.Response> responses = burst.stream().map(CompletableFuture::join).toList();

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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
