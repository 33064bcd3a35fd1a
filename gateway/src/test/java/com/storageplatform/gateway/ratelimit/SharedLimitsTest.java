package com.storageplatform.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.gateway.GatewayProperties;
import com.storageplatform.gateway.access.RevocationNotices;
import com.storageplatform.gateway.redis.RedisCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import com.storageplatform.kit.time.PlatformClock;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import redis.embedded.RedisServer;

/** Two gateway replicas sharing a real Redis draw from one bucket and see each other's revocations. */
class SharedLimitsTest {

    static RedisServer redis;
    static LettuceConnectionFactory first;
    static LettuceConnectionFactory second;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        redis = new RedisServer(port);
        redis.start();
        first = connect(port);
        second = connect(port);
    }

    private static LettuceConnectionFactory connect(int port) {
        LettuceConnectionFactory factory = new LettuceConnectionFactory("127.0.0.1", port);
        factory.afterPropertiesSet();
        factory.start();
        return factory;
    }

    @AfterAll
    static void stop() throws Exception {
        first.destroy();
        second.destroy();
        redis.stop();
    }

    @Test
    void aLimitHoldsAcrossReplicas() {
        RateLimiter replicaA = new RedisRateLimiter(new ReactiveStringRedisTemplate(first));
        RateLimiter replicaB = new RedisRateLimiter(new ReactiveStringRedisTemplate(second));
        GatewayProperties.Limit limit = new GatewayProperties.Limit(0.1, 10);
        int allowed = 0;
        for (int i = 0; i < 20; i++) {
            RateLimiter replica = i % 2 == 0 ? replicaA : replicaB;
            RateLimiter.Decision decision = replica.take("credential:shared", limit).block();
            if (decision.allowed()) {
                allowed++;
            } else {
                assertThat(decision.retryAfterSeconds()).isBetween(1L, 10L);
                assertThat(decision.remaining()).isZero();
            }
        }
        assertThat(allowed).isEqualTo(10);
    }

    @Test
    void aRevocationAnnouncedByOneReplicaIsSeenByTheOther() {
        RevocationNotices replicaA = RevocationNotices.redis(new ReactiveStringRedisTemplate(first), Duration.ofSeconds(30),
                new RedisCalls(new Resilience(ResilienceProperties.defaultSettings()), new SimpleMeterRegistry()));
        RevocationNotices replicaB = RevocationNotices.redis(new ReactiveStringRedisTemplate(second), Duration.ofSeconds(30),
                new RedisCalls(new Resilience(ResilienceProperties.defaultSettings()), new SimpleMeterRegistry()));
        assertThat(replicaB.isRevoked("cred-1").block()).isFalse();
        replicaA.announce(java.util.List.of("cred-1")).block();
        assertThat(replicaB.isRevoked("cred-1").block()).isTrue();
    }

    @Test
    void theInMemoryBucketRefillsAtItsRate() {
        PlatformClock clock = new PlatformClock(Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC));
        RateLimiter memory = new InMemoryRateLimiter(clock);
        GatewayProperties.Limit limit = new GatewayProperties.Limit(10, 5);
        for (int i = 0; i < 5; i++) {
            assertThat(memory.take("k", limit).block().allowed()).isTrue();
        }
        assertThat(memory.take("k", limit).block().allowed()).isFalse();
        assertThat(memory.take("other", limit).block().allowed()).isTrue();
        clock.advance(Duration.ofMillis(100));
        assertThat(memory.take("k", limit).block().allowed()).isTrue();
        assertThat(memory.take("k", limit).block().allowed()).isFalse();
    }
}
