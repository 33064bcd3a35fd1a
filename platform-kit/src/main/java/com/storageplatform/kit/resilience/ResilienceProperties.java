package com.storageplatform.kit.resilience;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How calls to another service are guarded, the same in every process: a service's {@code ServiceClient}
 * and the gateway's routes and introspection all take their breakers from here
 * ({@code PLATFORM_RESILIENCE_DEFAULTS_OPEN_FOR}, {@code PLATFORM_RESILIENCE_PEERS_BILLING_TIMEOUT}).
 *
 * @param defaults what every peer gets
 * @param peers    overrides by the peer's short name ({@code auth}, {@code billing}, ...); an unset field
 *                 keeps the default
 */
@ConfigurationProperties("platform.resilience")
public record ResilienceProperties(Policy defaults, Map<String, Policy> peers) {

    public ResilienceProperties {
        defaults = defaults == null ? Policy.DEFAULTS : defaults.orElse(Policy.DEFAULTS);
        peers = peers == null ? Map.of() : Map.copyOf(peers);
    }

    public static ResilienceProperties defaultSettings() {
        return new ResilienceProperties(null, null);
    }

    /** The policy of one peer: its overrides over the defaults. */
    public Policy policyOf(String peer) {
        Policy own = peers.get(peer);
        return own == null ? defaults : own.orElse(defaults);
    }

    /**
     * @param timeout              how long one attempt of a service call may take (the caller's deadline bounds
     *                             all attempts together)
     * @param slidingWindowSize    calls the breaker judges the failure rate over
     * @param minimumNumberOfCalls calls before the breaker judges at all
     * @param failureRateThreshold percentage of failed calls that opens the breaker
     * @param openFor              how long an open breaker refuses calls before the next ones are let through to
     *                             probe the peer (half-open); also the {@code Retry-After} of the 503 it answers
     *                             meanwhile. Short, so that the first call after a peer comes back goes through:
     *                             every probe that fails opens the breaker for this long again
     * @param halfOpenCalls        calls let through to decide whether the peer has recovered
     * @param retryAttempts        attempts of a retryable call, the first included (1: no retry)
     * @param retryBackoff         wait before the second attempt, doubled before each later one
     */
    public record Policy(Duration timeout, Integer slidingWindowSize, Integer minimumNumberOfCalls,
            Integer failureRateThreshold, Duration openFor, Integer halfOpenCalls, Integer retryAttempts,
            Duration retryBackoff) {

        /**
         * Open for 1 s: turning a call away costs nothing, so the breaker may probe a peer that is down every
         * second (at most {@code halfOpenCalls} calls, refused at once by a stopped process) and routes to it
         * again within a second of its return. With 10 s, a peer that came back just after a failed probe was
         * refused for up to 10 s more, twice when a probe met it still warming up (16.9 s measured by
         * bench/faults-under-load.sh).
         */
        public static final Policy DEFAULTS = new Policy(Duration.ofSeconds(5), 20, 10, 50, Duration.ofSeconds(1),
                3, 3, Duration.ofMillis(100));

        /** This policy with every unset field taken from {@code base}. */
        public Policy orElse(Policy base) {
            return new Policy(timeout == null ? base.timeout : timeout,
                    slidingWindowSize == null ? base.slidingWindowSize : slidingWindowSize,
                    minimumNumberOfCalls == null ? base.minimumNumberOfCalls : minimumNumberOfCalls,
                    failureRateThreshold == null ? base.failureRateThreshold : failureRateThreshold,
                    openFor == null ? base.openFor : openFor,
                    halfOpenCalls == null ? base.halfOpenCalls : halfOpenCalls,
                    retryAttempts == null ? base.retryAttempts : retryAttempts,
                    retryBackoff == null ? base.retryBackoff : retryBackoff);
        }
    }
}
