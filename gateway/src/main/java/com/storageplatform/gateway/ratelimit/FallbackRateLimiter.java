package com.storageplatform.gateway.ratelimit;

import com.storageplatform.gateway.GatewayProperties;
import com.storageplatform.gateway.redis.RedisCalls;
import reactor.core.publisher.Mono;

/**
 * The shared (Redis) limiter, and this replica's own buckets whenever Redis cannot answer within its bound: a
 * request never waits on Redis longer than that, nor fails because of it, and the limits still hold per replica
 * while Redis is away (a client spread over N replicas may then get up to N times its limit). ADR 0017 records
 * this exception to conventions.md's shared limits.
 */
public final class FallbackRateLimiter implements RateLimiter {

    private final RateLimiter shared;
    private final RateLimiter local;
    private final RedisCalls redis;

    public FallbackRateLimiter(RateLimiter shared, RateLimiter local, RedisCalls redis) {
        this.shared = shared;
        this.local = local;
        this.redis = redis;
    }

    @Override
    public Mono<Decision> take(String key, GatewayProperties.Limit limit) {
        return redis.call("rate_limit", shared.take(key, limit))
                .onErrorResume(unavailable -> local.take(key, limit));
    }
}
