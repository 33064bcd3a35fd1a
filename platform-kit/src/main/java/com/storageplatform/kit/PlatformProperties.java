package com.storageplatform.kit;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code platform.*} settings every service shares. Environment variables bind as usual
 * ({@code PLATFORM_CALLER_TOKEN_PUBLIC_KEY}); docs/configuration.md lists them.
 *
 * @param environment {@code production} (default) or {@code development}; only outside production do the
 *                    job and clock controls exist
 */
@ConfigurationProperties("platform")
public record PlatformProperties(Service service, String environment, CallerToken callerToken, Outbox outbox,
        Jobs jobs, Security security, Inbox inbox, ServiceToken serviceToken, Request request) {

    public PlatformProperties {
        service = service == null ? new Service(null) : service;
        environment = environment == null ? "production" : environment;
        callerToken = callerToken == null ? new CallerToken(null) : callerToken;
        outbox = outbox == null ? new Outbox(null, null, null, null, null) : outbox;
        jobs = jobs == null ? new Jobs(null) : jobs;
        security = security == null ? new Security(null) : security;
        inbox = inbox == null ? new Inbox(null) : inbox;
        serviceToken = serviceToken == null ? new ServiceToken(null, null) : serviceToken;
        request = request == null ? new Request(null) : request;
    }

    public boolean isProduction() {
        return "production".equals(environment);
    }

    /** @param name short name: schema, topic {@code <name>.events}, event source {@code /<name>} */
    public record Service(String name) {
    }

    /** @param publicKey PEM of the gateway's EC P-256 caller-token key */
    public record CallerToken(String publicKey) {
    }

    /**
     * The key pair of service-to-service calls (ADR 0019): a service signs, with the private key, the narrowed
     * caller token it sends a peer; peers accept tokens signed with the public key beside the gateway's.
     *
     * @param privateKey PEM (PKCS#8) of the EC P-256 key; without it the service cannot call peers
     * @param publicKey  PEM (SubjectPublicKeyInfo); without it the service accepts only the gateway's tokens
     */
    public record ServiceToken(String privateKey, String publicKey) {
    }

    /** @param deadline how long a request may take before it is answered 504 (default 10 s) */
    public record Request(Duration deadline) {
        public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(10);

        public Duration deadlineOrDefault() {
            return deadline == null ? DEFAULT_DEADLINE : deadline;
        }
    }

    /**
     * @param relayEnabled        false stops this process relaying its outbox (another process does)
     * @param parkAfterAttempts   a row failing for a reason other than an outage or a refusal is parked once it has
     *                            been tried this many times (default 10) ...
     * @param parkAfterFailingFor ... and has been failing for this long (default 15 minutes), both (ADR 0020)
     */
    public record Outbox(Duration pollInterval, Integer batchSize, Boolean relayEnabled, Integer parkAfterAttempts,
            Duration parkAfterFailingFor) {
    }

    /** @param publicPaths path patterns served without a caller token (the auth service's {@code /oauth/**}) */
    public record Security(List<String> publicPaths) {
        public List<String> publicPathsOrNone() {
            return publicPaths == null ? List.of() : publicPaths;
        }
    }

    /** @param scheduled false runs jobs only on demand (tests) */
    public record Jobs(Boolean scheduled) {
        public boolean isScheduled() {
            return scheduled == null || scheduled;
        }
    }

    /** @param group the consumer group of the service's inbox ({@code <service>-inbox} by default) */
    public record Inbox(String group) {
        public String groupFor(String service) {
            return group == null || group.isBlank() ? service + "-inbox" : group;
        }
    }
}
