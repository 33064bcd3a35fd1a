package com.storageplatform.gateway.ratelimit;

import com.storageplatform.gateway.GatewayProperties;
import reactor.core.publisher.Mono;

/**
 * Takes one token from the bucket named {@code key}. Two implementations: in memory (one gateway) and Redis
 * (shared by every replica, so a limit holds across the fleet).
 */
public interface RateLimiter {

    Mono<Decision> take(String key, GatewayProperties.Limit limit);

    /**
     * The outcome, with what the {@code RateLimit-*} headers report.
     *
     * @param remaining    whole tokens left after this request
     * @param resetSeconds seconds until the bucket is full again
     * @param retryAfterSeconds on refusal, seconds until a token is available (at least 1)
     */
    record Decision(boolean allowed, int limit, int remaining, long resetSeconds, long retryAfterSeconds) {
    }
}
