package com.storageplatform.gateway.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.gateway.GatewayProperties;
import com.storageplatform.gateway.access.RevocationNotices;
import com.storageplatform.gateway.ratelimit.FallbackRateLimiter;
import com.storageplatform.gateway.ratelimit.InMemoryRateLimiter;
import com.storageplatform.gateway.ratelimit.RateLimiter;
import com.storageplatform.gateway.ratelimit.RedisRateLimiter;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import redis.embedded.RedisServer;

/**
 * What each Redis call does when Redis is slow or gone (ADR 0017), against a real Redis that the test stops and
 * starts again on the same port: no call waits past its bound, rate limits fall back to this replica's buckets
 * and still hold, a revocation check fails fast (the introspector then asks the auth service), and an
 * announcement made during the outage reaches the other replicas once Redis is back.
 */
class RedisOutageTest {

    private static final Duration BOUND = Duration.ofMillis(200);

    int port;
    RedisServer redis;
    LettuceConnectionFactory connection;
    ReactiveStringRedisTemplate template;
    SimpleMeterRegistry meters;
    RedisCalls calls;

    @BeforeEach
    void start() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        redis = new RedisServer(port);
        redis.start();
        connection = new LettuceConnectionFactory("127.0.0.1", port);
        connection.afterPropertiesSet();
        connection.start();
        template = new ReactiveStringRedisTemplate(connection);
        meters = new SimpleMeterRegistry();
        calls = redisCalls(meters);
    }

    /** The gateway's Redis policy, with a short open period so recovery shows quickly. */
    private static RedisCalls redisCalls(SimpleMeterRegistry meters) {
        Policy redis = new Policy(BOUND, 10, 5, 50, Duration.ofMillis(500), 2, null, null);
        return new RedisCalls(new Resilience(new ResilienceProperties(null, Map.of(RedisCalls.REDIS, redis))), meters);
    }

    @AfterEach
    void stop() throws Exception {
        connection.destroy();
        if (redis.isActive()) {
            redis.stop();
        }
    }

    @Test
    void whileRedisIsAwayALimitComesFromThisReplicasBucketsAndStillHolds() throws Exception {
        RateLimiter limiter = new FallbackRateLimiter(new RedisRateLimiter(template),
                new InMemoryRateLimiter(Clock.systemUTC()), calls);
        GatewayProperties.Limit limit = new GatewayProperties.Limit(0.01, 3);
        assertThat(limiter.take("credential:shared", limit).block().allowed()).isTrue();

        redis.stop();
        long started = System.nanoTime();
        List<Boolean> allowed = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            allowed.add(limiter.take("credential:local", limit).block(Duration.ofSeconds(2)).allowed());
        }
        assertThat(allowed).containsExactly(true, true, true, false);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND.multipliedBy(4).plusSeconds(1));
        assertThat(meters.counter("gateway.redis.fallbacks", "use", "rate_limit").count()).isEqualTo(4);
        assertThat(calls.isOpen()).isTrue();
    }

    @Test
    void aLimitIsSharedAgainOnceRedisIsBack() throws Exception {
        RateLimiter limiter = new FallbackRateLimiter(new RedisRateLimiter(template),
                new InMemoryRateLimiter(Clock.systemUTC()), calls);
        GatewayProperties.Limit limit = new GatewayProperties.Limit(0.01, 2);
        redis.stop();
        for (int i = 0; i < 5; i++) {
            limiter.take("credential:k", limit).block(Duration.ofSeconds(2));
        }
        redis = new RedisServer(port);
        redis.start();
        Thread.sleep(600); // the breaker's open period, after which it lets calls try Redis again
        boolean shared = false;
        for (int attempt = 0; attempt < 50 && !shared; attempt++) {
            limiter.take("credential:fresh", limit).block(Duration.ofSeconds(2));
            shared = Boolean.TRUE.equals(template.hasKey("ratelimit:credential:fresh").onErrorReturn(false).block());
            if (!shared) {
                Thread.sleep(100);
            }
        }
        RateLimiter otherReplica = new RedisRateLimiter(template);
        assertThat(template.hasKey("ratelimit:credential:fresh").block()).isTrue();
        assertThat(otherReplica.take("credential:fresh", limit).block().remaining()).isLessThan(limit.burst() - 1);
    }

    @Test
    void aRevocationCheckWithoutRedisFailsWithinItsBound() throws Exception {
        RevocationNotices notices = RevocationNotices.redis(template, Duration.ofSeconds(30), calls);
        assertThat(notices.isRevoked("credential-1").block()).isFalse();
        redis.stop();
        long started = System.nanoTime();
        assertThatThrownBy(() -> notices.isRevoked("credential-1").block(Duration.ofSeconds(2)))
                .isNotInstanceOf(IllegalStateException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND.plusSeconds(1));
        assertThat(meters.counter("gateway.redis.fallbacks", "use", "revocation_check").count()).isEqualTo(1);
    }

    @Test
    void aRevocationAnnouncedDuringAnOutageReachesTheOtherReplicasWhenRedisIsBack() throws Exception {
        RevocationNotices notices = RevocationNotices.redis(template, Duration.ofSeconds(30), calls);
        redis.stop();
        long started = System.nanoTime();
        notices.announce(List.of("credential-2")).block(Duration.ofSeconds(2));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND.plusSeconds(1));

        redis = new RedisServer(port);
        redis.start();
        LettuceConnectionFactory otherConnection = new LettuceConnectionFactory("127.0.0.1", port);
        otherConnection.afterPropertiesSet();
        otherConnection.start();
        try {
            RevocationNotices otherReplica = RevocationNotices.redis(new ReactiveStringRedisTemplate(otherConnection),
                    Duration.ofSeconds(30), redisCalls(new SimpleMeterRegistry()));
            boolean seen = false;
            for (int attempt = 0; attempt < 100 && !seen; attempt++) {
                seen = Boolean.TRUE.equals(otherReplica.isRevoked("credential-2").onErrorReturn(false).block());
                if (!seen) {
                    Thread.sleep(100);
                }
            }
            assertThat(seen).as("the other replica sees the revocation after Redis returns").isTrue();
        } finally {
            otherConnection.destroy();
        }
    }
}
