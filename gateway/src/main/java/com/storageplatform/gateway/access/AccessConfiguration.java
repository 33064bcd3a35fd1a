package com.storageplatform.gateway.access;

import com.storageplatform.gateway.GatewayProperties;
import com.storageplatform.gateway.ratelimit.FallbackRateLimiter;
import com.storageplatform.gateway.ratelimit.InMemoryRateLimiter;
import com.storageplatform.gateway.ratelimit.RateLimiter;
import com.storageplatform.gateway.ratelimit.RedisRateLimiter;
import com.storageplatform.gateway.redis.RedisCalls;
import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.resilience.Resilience;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/** Wires authentication, introspection and rate limiting; Redis only when the deployment turns it on. */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

    @Bean
    CallerTokens callerTokens(GatewayProperties properties) {
        return new CallerTokens(properties.callerToken().privateKey());
    }

    /** Present only when Redis is on: the bound and breaker every Redis call goes through. */
    @Bean
    @ConditionalOnProperty(name = "platform.rate-limits.redis", havingValue = "true")
    RedisCalls redisCalls(Resilience resilience, ObjectProvider<MeterRegistry> meters) {
        return new RedisCalls(resilience, meters.getIfAvailable(() -> Metrics.globalRegistry));
    }

    @Bean
    RevocationNotices revocationNotices(GatewayProperties properties,
            ObjectProvider<ReactiveStringRedisTemplate> redis, ObjectProvider<RedisCalls> redisCalls) {
        return properties.rateLimits().redis()
                ? RevocationNotices.redis(redis.getObject(), properties.introspection().cacheTtlOrDefault(),
                        redisCalls.getObject())
                : RevocationNotices.local();
    }

    @Bean
    RateLimiter rateLimiter(GatewayProperties properties, ObjectProvider<ReactiveStringRedisTemplate> redis,
            ObjectProvider<RedisCalls> redisCalls) {
        InMemoryRateLimiter local = new InMemoryRateLimiter(Clock.systemUTC());
        return properties.rateLimits().redis()
                ? new FallbackRateLimiter(new RedisRateLimiter(redis.getObject()), local, redisCalls.getObject())
                : local;
    }

    /** Introspection shares the {@code auth} breaker with the proxied /oauth and /admin routes: one auth service. */
    @Bean
    Introspector introspector(WebClient.Builder webClients, ServiceDirectory services, CallerTokens callerTokens,
            RevocationNotices notices, Clock clock, GatewayProperties properties, Resilience resilience) {
        return new Introspector(webClients.build(), services.urlOf("auth"), callerTokens, notices, clock,
                properties.introspection().cacheTtlOrDefault(), properties.introspection().timeoutOrDefault(),
                resilience);
    }

    /** Static: a registry post-processor must not make its configuration class early. */
    @Bean
    static ReplacedHeaderFilters replacedHeaderFilters() {
        return new ReplacedHeaderFilters();
    }

    @Bean
    InternalHeaders internalHeaders() {
        return new InternalHeaders();
    }

    @Bean
    ServiceResponseHeaders serviceResponseHeaders() {
        return new ServiceResponseHeaders();
    }

    @Bean
    AccessFilter accessFilter(Introspector introspector, CallerTokens callerTokens, GatewayProperties properties,
            RateLimiter rateLimiter) {
        return new AccessFilter(introspector, callerTokens, properties.adminToken(), rateLimiter,
                properties.rateLimits());
    }
}
