package com.storageplatform.kit.resilience;

import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;
import java.time.Duration;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The one factory of circuit breakers, time limiters and retries, configured by {@link ResilienceProperties}: a
 * breaker per peer (by short name), shared by everything in the process that calls that peer, so failures seen on
 * any path count towards opening it.
 */
public final class Resilience {

    private static final Logger log = LoggerFactory.getLogger(Resilience.class);

    private final ResilienceProperties properties;
    private final CircuitBreakerRegistry breakers = CircuitBreakerRegistry.ofDefaults();
    private final TimeLimiterRegistry timeLimiters = TimeLimiterRegistry.ofDefaults();
    private final RetryRegistry retries = RetryRegistry.ofDefaults();

    public Resilience(ResilienceProperties properties) {
        this.properties = properties;
        // An outage and its end, as the process saw them: each breaker says when it opens, probes and closes.
        breakers.getEventPublisher().onEntryAdded(added -> added.getAddedEntry().getEventPublisher()
                .onStateTransition(event -> log.info("Circuit breaker of {}: {}", event.getCircuitBreakerName(),
                        event.getStateTransition())));
    }

    public Policy policyOf(String peer) {
        return properties.policyOf(peer);
    }

    /** The peer's breaker: it counts only outages ({@link Outages#isOutage}), never a peer's 4xx. */
    public CircuitBreaker breakerOf(String peer) {
        return breakerOf(peer, Outages::isOutage);
    }

    /**
     * The breaker of a dependency that is not an HTTP peer (the gateway's Redis), whose failures {@code counts}
     * decides; its settings come from the same {@code platform.resilience.*} as every peer's.
     */
    public CircuitBreaker breakerOf(String peer, Predicate<Throwable> counts) {
        return breakers.circuitBreaker(peer, () -> {
            Policy policy = policyOf(peer);
            return CircuitBreakerConfig.custom()
                    .slidingWindowSize(policy.slidingWindowSize())
                    .minimumNumberOfCalls(policy.minimumNumberOfCalls())
                    .failureRateThreshold(policy.failureRateThreshold())
                    .waitDurationInOpenState(policy.openFor())
                    .permittedNumberOfCallsInHalfOpenState(policy.halfOpenCalls())
                    .recordException(counts)
                    .build();
        });
    }

    /**
     * One call to a dependency that is not made through a {@code ServiceClient} (the gateway's own calls to a
     * service, a provider's blocking SDK on {@code boundedElastic}): bounded by {@code bound}, through the peer's
     * breaker, and failing as the client-facing error of {@link Outages} ({@code subject} names the peer in it,
     * an open circuit's {@code Retry-After} is the peer's own open time).
     */
    public <T> Mono<T> guard(String peer, String subject, Duration bound, Mono<T> call) {
        return call.timeout(bound)
                .transformDeferred(CircuitBreakerOperator.of(breakerOf(peer)))
                .onErrorMap(failure -> Outages.toApiError(failure, subject, policyOf(peer).openFor()));
    }

    /** {@link #guard(String, String, Duration, Mono)} within the peer's own timeout. */
    public <T> Mono<T> guard(String peer, String subject, Mono<T> call) {
        return guard(peer, subject, policyOf(peer).timeout(), call);
    }

    /** Bounds one attempt of a call to the peer. */
    public TimeLimiter timeLimiterOf(String peer) {
        return timeLimiters.timeLimiter(peer, () -> TimeLimiterConfig.custom()
                .timeoutDuration(policyOf(peer).timeout())
                .build());
    }

    /**
     * Retries a call to the peer that failed transiently: it could not be reached, dropped the connection,
     * answered 5xx or too slowly, or (for a keyed mutation) was still running the same key. An open circuit and a
     * 4xx are final. Apply it only to calls that are safe to repeat.
     */
    public Retry retryOf(String peer) {
        return retries.retry(peer, () -> {
            Policy policy = policyOf(peer);
            return RetryConfig.custom()
                    .maxAttempts(policy.retryAttempts())
                    .intervalFunction(IntervalFunction.ofExponentialBackoff(policy.retryBackoff(), 2.0))
                    .retryOnException(Resilience::isTransient)
                    .build();
        });
    }

    static boolean isTransient(Throwable failure) {
        return Outages.isOutage(failure)
                || failure instanceof ApiException api && api.code() == ErrorCode.IDEMPOTENCY_IN_PROGRESS;
    }
}
