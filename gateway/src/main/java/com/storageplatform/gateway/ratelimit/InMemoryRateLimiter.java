package com.storageplatform.gateway.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.storageplatform.gateway.GatewayProperties;
import java.time.Clock;
import java.time.Duration;
import reactor.core.publisher.Mono;

/** Buckets in this process's memory: right for one gateway; idle buckets are forgotten after ten minutes. */
public final class InMemoryRateLimiter implements RateLimiter {

    private final Cache<String, Bucket> buckets = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofMinutes(10))
            .maximumSize(1_000_000)
            .build();
    private final Clock clock;

    public InMemoryRateLimiter(Clock clock) {
        this.clock = clock;
    }

    private static final class Bucket {
        private double tokens;
        private long atMillis;

        Bucket(double tokens, long atMillis) {
            this.tokens = tokens;
            this.atMillis = atMillis;
        }
    }

    @Override
    public Mono<Decision> take(String key, GatewayProperties.Limit limit) {
        long now = clock.millis();
        Bucket bucket = buckets.get(key, k -> new Bucket(limit.burst(), now));
        TokenBucket.State state;
        synchronized (bucket) {
            state = TokenBucket.take(bucket.tokens, bucket.atMillis, now, limit);
            bucket.tokens = state.tokens();
            bucket.atMillis = state.atMillis();
        }
        return Mono.just(TokenBucket.decision(state, limit));
    }
}
