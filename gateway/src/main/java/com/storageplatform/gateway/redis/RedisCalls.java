package com.storageplatform.gateway.redis;

import com.storageplatform.kit.resilience.Resilience;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Every call the gateway makes to Redis goes through here: it is bounded by the timeout of the {@code redis}
 * policy and runs behind its circuit breaker, both from the kit's {@link Resilience}
 * ({@code platform.resilience.peers.redis}: 200 ms, open for 5 s), so a Redis that is slow or gone costs a
 * request at most the timeout, and nothing while the breaker is open. A failed call is counted
 * ({@code gateway.redis.fallbacks}, tagged with what it was for) and handed back as an error: each caller states
 * its own fallback (ADR 0017). The breaker's openings and closings are logged once each, not once per request.
 */
public final class RedisCalls {

    /** The dependency's name in {@code platform.resilience.peers}. */
    public static final String REDIS = "redis";

    private static final Logger log = LoggerFactory.getLogger(RedisCalls.class);

    private final Duration timeout;
    private final CircuitBreaker breaker;
    private final MeterRegistry meters;

    public RedisCalls(Resilience resilience, MeterRegistry meters) {
        this.timeout = resilience.policyOf(REDIS).timeout();
        this.meters = meters;
        // Every failure counts: a Redis error is never the caller's fault, unlike a peer's 4xx.
        this.breaker = resilience.breakerOf(REDIS, failure -> true);
        breaker.getEventPublisher().onStateTransition(event -> {
            boolean open = event.getStateTransition().getToState() == CircuitBreaker.State.OPEN;
            log.warn("Redis circuit {}: rate limits are {} and revocation checks {}", event.getStateTransition(),
                    open ? "kept per gateway replica" : "shared again",
                    open ? "go to the auth service" : "use Redis again");
        });
    }

    /**
     * Runs {@code command} within the bound; on a timeout, a Redis error or an open breaker the result is an
     * error and {@code use} (for example {@code rate_limit}) is counted.
     */
    public <T> Mono<T> call(String use, Mono<T> command) {
        return command.timeout(timeout)
                .transformDeferred(CircuitBreakerOperator.of(breaker))
                .doOnError(failure -> fallbacks(use).increment());
    }

    public Duration timeout() {
        return timeout;
    }

    /** Whether Redis is being skipped right now (the breaker is open). */
    public boolean isOpen() {
        return breaker.getState() == CircuitBreaker.State.OPEN;
    }

    private Counter fallbacks(String use) {
        return Counter.builder("gateway.redis.fallbacks")
                .description("Redis calls that failed, timed out or were skipped, so the gateway fell back")
                .tag("use", use)
                .register(meters);
    }
}
