package com.storageplatform.kit.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.net.ConnectException;
import java.net.SocketException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class ResilienceTest {

    @Test
    void aPeersOverridesKeepTheDefaultsTheyDoNotName() {
        ResilienceProperties properties = new ResilienceProperties(
                new Policy(Duration.ofSeconds(3), null, null, null, null, null, null, null),
                Map.of("billing", new Policy(null, null, null, null, Duration.ofSeconds(30), null, 1, null)));

        Policy billing = properties.policyOf("billing");
        assertThat(billing.openFor()).isEqualTo(Duration.ofSeconds(30));
        assertThat(billing.retryAttempts()).isEqualTo(1);
        assertThat(billing.timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(billing.slidingWindowSize()).isEqualTo(Policy.DEFAULTS.slidingWindowSize());
        assertThat(properties.policyOf("crm").openFor()).isEqualTo(Policy.DEFAULTS.openFor());
    }

    @Test
    void aBreakerIsOnePerPeerAndFollowsItsPolicy() {
        Resilience resilience = new Resilience(new ResilienceProperties(null,
                Map.of("billing", new Policy(null, 4, 4, null, Duration.ofSeconds(30), null, null, null))));
        CircuitBreaker billing = resilience.breakerOf("billing");

        assertThat(resilience.breakerOf("billing")).isSameAs(billing);
        assertThat(billing.getCircuitBreakerConfig().getMinimumNumberOfCalls()).isEqualTo(4);
        assertThat(resilience.breakerOf("crm").getCircuitBreakerConfig().getMinimumNumberOfCalls()).isEqualTo(10);
        for (int i = 0; i < 4; i++) {
            billing.onError(0, java.util.concurrent.TimeUnit.MILLISECONDS, new ConnectException("refused"));
        }
        assertThat(billing.getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    @Test
    void onlyOutagesCountAgainstABreakerAndOnlyTransientFailuresAreRetried() {
        assertThat(Outages.isOutage(new ConnectException("refused"))).isTrue();
        assertThat(Outages.isOutage(new TimeoutException())).isTrue();
        assertThat(Outages.isOutage(WebClientResponseException.create(503, "down", null, null, null))).isTrue();
        assertThat(Outages.isOutage(new DependencyOutage("Stripe answered 503"))).isTrue();
        assertThat(Outages.isOutage(ApiException.conflict("taken"))).isFalse();
        assertThat(Resilience.isTransient(new ApiException(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "busy"))).isTrue();
        assertThat(Resilience.isTransient(ApiException.invalid("name", "required"))).isFalse();
    }

    /**
     * A peer killed while it serves a call resets the connection (with NIO a {@code SocketException}; with the
     * native transport netty's own, which {@code ServiceClientTest} meets over a real connection).
     */
    @Test
    void aConnectionResetByThePeerIsAnOutage() {
        Throwable reset = new SocketException("Connection reset");

        assertThat(Outages.isOutage(reset)).isTrue();
        assertThat(Outages.isOutage(new IllegalStateException("wrapped", reset))).isTrue();
        ApiException answer = (ApiException) Outages.toApiError(reset, "The service", Duration.ofSeconds(1));
        assertThat(answer.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(answer.headers()).containsEntry("Retry-After", "5");
    }

    @Test
    void failuresBecomeTheClientFacingErrors() {
        CircuitBreaker open = CircuitBreaker.ofDefaults("billing");
        open.transitionToOpenState();
        ApiException circuit = (ApiException) Outages.toApiError(CallNotPermittedException
                .createCallNotPermittedException(open), "The billing service", Duration.ofSeconds(30));
        assertThat(circuit.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(circuit.headers()).containsEntry("Retry-After", "30");

        ApiException down = (ApiException) Outages.toApiError(new ConnectException("refused"), "The billing service",
                Duration.ofSeconds(30));
        assertThat(down.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(down.headers()).containsEntry("Retry-After", "5");
        assertThat(down.getMessage()).isEqualTo("The billing service is unavailable. Retry the request after 5 seconds.");
        ApiException provider = (ApiException) Outages.toApiError(new DependencyOutage("Stripe answered 503"),
                "The card provider", Duration.ofSeconds(30));
        assertThat(provider.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);

        ApiException slow = (ApiException) Outages.toApiError(new TimeoutException(), "The billing service",
                Duration.ofSeconds(30));
        assertThat(slow.code()).isEqualTo(ErrorCode.GATEWAY_TIMEOUT);

        IllegalStateException other = new IllegalStateException("bug");
        assertThat(Outages.toApiError(other, "The billing service", Duration.ofSeconds(30))).isSameAs(other);
    }

    @Test
    void aGuardedCallIsBoundedCountsAgainstItsPeersBreakerAndFailsWithThePeersOpenTime() {
        Resilience resilience = new Resilience(new ResilienceProperties(null,
                Map.of("keycloak", new Policy(Duration.ofMillis(50), 2, 2, null, Duration.ofSeconds(20), null, null,
                        null))));

        for (int i = 0; i < 2; i++) {
            StepVerifier.create(resilience.guard("keycloak", "The identity provider", Mono.never()))
                    .expectErrorSatisfies(failure -> {
                        assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.GATEWAY_TIMEOUT);
                        assertThat(failure.getMessage()).isEqualTo("The identity provider did not answer in time.");
                    })
                    .verify(Duration.ofSeconds(5));
        }
        assertThat(resilience.breakerOf("keycloak").getState()).isEqualTo(CircuitBreaker.State.OPEN);
        StepVerifier.create(resilience.guard("keycloak", "The identity provider", Mono.just("never asked")))
                .expectErrorSatisfies(failure -> {
                    assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
                    assertThat(((ApiException) failure).headers()).containsEntry("Retry-After", "20");
                })
                .verify(Duration.ofSeconds(5));
        assertThat(resilience.guard("crm", "The crm service", Mono.just("answer")).block()).isEqualTo("answer");
    }
}
