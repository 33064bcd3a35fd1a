package com.storageplatform.gateway;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The gateway's own settings ({@code platform.*}); docs/configuration.md lists the environment variables.
 *
 * @param adminToken     the platform admin token that authorises {@code /admin/v1}
 * @param callerToken    the key that signs caller tokens to the services
 * @param introspection  how long an introspection result may be reused, how long the auth service may take
 * @param rateLimits     token-bucket limits; Redis holds them when several gateways run
 */
@ConfigurationProperties("platform")
public record GatewayProperties(String adminToken, CallerToken callerToken, Introspection introspection,
        RateLimits rateLimits) {

    public GatewayProperties {
        callerToken = callerToken == null ? new CallerToken(null) : callerToken;
        introspection = introspection == null ? new Introspection(null, null) : introspection;
        rateLimits = rateLimits == null ? RateLimits.defaults() : rateLimits;
    }

    /** @param privateKey PEM (PKCS#8) of the EC P-256 key */
    public record CallerToken(String privateKey) {
    }

    /**
     * @param cacheTtl how long an active credential is trusted without asking the auth service (default 30 s)
     * @param timeout  how long the auth service may take to answer before the request is 504 (default 2 s)
     */
    public record Introspection(Duration cacheTtl, Duration timeout) {
        public Duration cacheTtlOrDefault() {
            return cacheTtl == null ? Duration.ofSeconds(30) : cacheTtl;
        }

        public Duration timeoutOrDefault() {
            return timeout == null ? Duration.ofSeconds(2) : timeout;
        }
    }

    /**
     * @param live            per live credential
     * @param test            per test credential
     * @param unauthenticated per source IP, for /v1 requests answered without a valid credential (401, an
     *                        unknown route, authentication that cannot be checked) and for /oauth
     * @param ready           per source IP on {@code GET /v1/ready} (30 a minute by default)
     * @param redis           use Redis ({@code spring.data.redis.*}) so that limits hold across replicas
     */
    public record RateLimits(Limit live, Limit test, Limit unauthenticated, Limit ready, Boolean redis) {

        public static RateLimits defaults() {
            return new RateLimits(null, null, null, null, null);
        }

        public RateLimits {
            live = live == null ? new Limit(100, 200) : live;
            test = test == null ? new Limit(25, 50) : test;
            unauthenticated = unauthenticated == null ? new Limit(20, 40) : unauthenticated;
            ready = ready == null ? new Limit(0.5, 30) : ready;
            redis = redis != null && redis;
        }
    }

    /** A token bucket: {@code perSecond} tokens added each second, holding at most {@code burst}. */
    public record Limit(double perSecond, int burst) {
    }
}
