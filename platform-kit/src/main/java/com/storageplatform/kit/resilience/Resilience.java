package com.storageplatform.kit.resilience;

import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;
import java.util.function.Predicate;

/**
 * The one factory of circuit breakers, time limiters and retries, configured by {@link ResilienceProperties}: a
 * breaker per peer (by short name), shared by everything in the process that calls that peer, so failures seen on
 * any path count towards opening it.
 */
public final class Resilience {

    private final ResilienceProperties properties;
    private final CircuitBreakerRegistry breakers = CircuitBreakerRegistry.ofDefaults();
    private final TimeLimiterRegistry timeLimiters = TimeLimiterRegistry.ofDefaults();
    private final RetryRegistry retries = RetryRegistry.ofDefaults();

    public Resilience(ResilienceProperties properties) {
        this.properties = properties;
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
