package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The foundation, black-box through the gateway of a running devstack. */
class PlatformBasicsE2E {

    private final DevStack stack = Stack.get();

    @Test
    void healthAnswersOk() {
        Http.Response health = Http.get(stack.gatewayUrl() + "/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body().path("status").asString()).isEqualTo("ok");
    }

    /** The API reference sits outside /v1, like /health: no credential, and the gateway answers it itself. */
    @Test
    void theApiDescriptionAndItsReferencePageAnswerWithoutACredential() {
        Http.Response description = Http.get(stack.gatewayUrl() + "/openapi.json");
        assertThat(description.status()).isEqualTo(200);
        assertThat(description.body().path("openapi").asString()).startsWith("3.1");
        assertThat(description.body().path("paths").has("/v1/sites")).isTrue();
        assertThat(description.body().path("paths").has("/v1/webhooks")).isTrue();
        assertThat(description.body().path("paths").has("/oauth/token")).isTrue();
        assertThat(description.body().path("paths").path("/v1/sites").path("get").path("security").get(0)
                .path("bearer").get(0).asString()).isEqualTo("sites:read");

        java.net.http.HttpResponse<String> page = Http.getText(stack.gatewayUrl() + "/docs");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("/docs/assets/swagger-ui-bundle.js");
        assertThat(Http.getText(stack.gatewayUrl() + "/docs/assets/swagger-ui-bundle.js").statusCode()).isEqualTo(200);

        // A service's own description is internal: never routed.
        assertThat(Http.get(stack.gatewayUrl() + "/internal/openapi.json").status()).isEqualTo(404);
    }

    @Test
    void anUnknownV1RouteIsNotFoundInTheErrorEnvelope() {
        Http.Response response = Http.get(stack.gatewayUrl() + "/v1/spaceships");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body().path("error").path("code").asString()).isEqualTo("not_found");
        assertThat(response.body().has("data")).isFalse();
    }

    @Test
    void readinessDegradesWhilePostgresIsStoppedAndRecoversAfterItRestarts() {
        Http.Response ready = Http.get(stack.gatewayUrl() + "/v1/ready");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body().path("status").asString()).isEqualTo("ok");
        assertThat(ready.body().path("database").asString()).isEqualTo("ok");

        stack.stop("postgres");
        try {
            Http.Response degraded = Http.get(stack.gatewayUrl() + "/v1/ready");
            assertThat(degraded.status()).isEqualTo(503);
            assertThat(degraded.body().path("status").asString()).isEqualTo("degraded");
        } finally {
            stack.start("postgres");
        }

        Http.Response recovered = awaitReady(Duration.ofSeconds(60));
        assertThat(recovered.status()).isEqualTo(200);
        assertThat(recovered.body().path("status").asString()).isEqualTo("ok");
        assertThat(recovered.body().path("database").asString()).isEqualTo("ok");
    }

    private Http.Response awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Http.Response last = Http.get(stack.gatewayUrl() + "/v1/ready");
        while (last.status() != 200 && System.nanoTime() < deadline) {
            sleep(500);
            last = Http.get(stack.gatewayUrl() + "/v1/ready");
        }
        return last;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
