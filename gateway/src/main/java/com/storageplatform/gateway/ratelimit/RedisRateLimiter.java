package com.storageplatform.gateway.ratelimit;

import com.storageplatform.gateway.GatewayProperties;
import java.util.List;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import reactor.core.publisher.Mono;

/**
 * Buckets in Redis, so every gateway replica draws from the same one. The script does the token-bucket step
 * atomically with Redis's own clock (replicas' clocks need not agree) and lets an idle bucket expire.
 */
public final class RedisRateLimiter implements RateLimiter {

    private static final RedisScript<List> SCRIPT = RedisScript.of("""
            local key = KEYS[1]
            local per_second = tonumber(ARGV[1])
            local burst = tonumber(ARGV[2])
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            local state = redis.call('HMGET', key, 'tokens', 'at')
            local tokens = tonumber(state[1]) or burst
            local at = tonumber(state[2]) or now
            local elapsed = math.max(0, now - at) / 1000
            tokens = math.min(burst, tokens + elapsed * per_second)
            local allowed = 0
            if tokens >= 1 then
              tokens = tokens - 1
              allowed = 1
            end
            redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
            redis.call('PEXPIRE', key, math.ceil(burst / per_second * 1000) + 1000)
            return { allowed, tostring(tokens) }
            """, List.class);

    private final ReactiveStringRedisTemplate redis;

    public RedisRateLimiter(ReactiveStringRedisTemplate redis) {
        this.redis = redis;
    }

    @Override
    public Mono<Decision> take(String key, GatewayProperties.Limit limit) {
        return redis.execute(SCRIPT, List.of("ratelimit:" + key),
                        List.of(Double.toString(limit.perSecond()), Integer.toString(limit.burst())))
                .next()
                .map(result -> {
                    boolean allowed = ((Number) result.get(0)).longValue() == 1;
                    double tokens = Double.parseDouble(String.valueOf(result.get(1)));
                    return TokenBucket.decision(new TokenBucket.State(tokens, 0, allowed), limit);
                });
    }
}
