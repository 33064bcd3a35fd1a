package com.storageplatform.kit.db;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Settings every service shares, at the lowest precedence so a service or deployment can still override them:
 * request limits above the gateway's, graceful shutdown (finish in-flight requests, hand back Kafka partitions), a
 * connection pool that recovers after the database restarts, quiet third-party logs, and observability (ADR 0022):
 * Prometheus metrics on the management port only, never on the API port; traces propagated in W3C form and carried
 * into logs, exported only when a deployment switches the OTLP exporter on.
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

    static final Map<String, Object> DEFAULTS = Map.ofEntries(
            Map.entry("server.shutdown", "graceful"),
            Map.entry("spring.lifecycle.timeout-per-shutdown-phase", "20s"),
            Map.entry("spring.main.banner-mode", "off"),
            // A service takes whatever the gateway passes on: its 16 KB of client headers plus the caller token it
            // adds, and its 8 KB request line, which it may percent-encode further. Netty's defaults (8 KB, 4 KB)
            // refused such requests with an empty 431 or 414. The gateway's own application.yml sets its limits.
            Map.entry("server.max-http-request-header-size", "32KB"),
            Map.entry("server.netty.max-initial-line-length", "32KB"),
            Map.entry("spring.r2dbc.pool.max-acquire-time", "5s"),
            Map.entry("spring.r2dbc.pool.max-idle-time", "5m"),
            // A connection the database closed (it restarted) is dropped when next acquired; no ping per request.
            Map.entry("spring.r2dbc.pool.validation-depth", "local"),
            Map.entry("spring.kafka.consumer.auto-offset-reset", "earliest"),
            Map.entry("logging.level.org.apache.kafka", "warn"),
            Map.entry("logging.level.kafka", "warn"),
            Map.entry("logging.level.org.flywaydb", "warn"),
            Map.entry("logging.level.io.zonky", "warn"),
            Map.entry("logging.level.state.change.logger", "warn"),
            // Metrics: /internal/prometheus on a port of their own, which no ingress or gateway route reaches.
            Map.entry("management.server.port", "9090"),
            Map.entry("management.endpoints.web.base-path", "/internal"),
            Map.entry("management.endpoints.web.exposure.include", "prometheus"),
            Map.entry("management.endpoints.web.discovery.enabled", "false"),
            Map.entry("management.metrics.tags.application", "${spring.application.name:${platform.service.name:}}"),
            // Spring Security's spans and timers for each filter of each request: noise beside the request's own.
            Map.entry("management.observations.enable.spring.security", "false"),
            // Latency buckets per route: enough for p50/p99 and SLO alerts, few enough to keep the series down.
            Map.entry("management.metrics.distribution.slo.http.server.requests",
                    "10ms,25ms,50ms,100ms,250ms,500ms,1s,2500ms,5s,10s"),
            // Traces: W3C traceparent in and out; a tenth of new traces kept; the OTLP exporter off until switched on.
            Map.entry("management.tracing.propagation.consume", "W3C"),
            // No baggage: nothing of ours needs it, and a client could otherwise send some for services to pass on.
            Map.entry("management.tracing.baggage.enabled", "false"),
            Map.entry("management.tracing.propagation.produce", "W3C"),
            Map.entry("management.tracing.sampling.probability", "0.1"),
            Map.entry("management.tracing.export.otlp.enabled", "false"),
            // Thread locals (the trace a log line carries) restored only where asked (TraceLogs), not after every
            // operator: that was a quarter of the services' CPU (ADR 0034).
            Map.entry("spring.reactor.context-propagation", "limited"));

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("platform-defaults", DEFAULTS));
    }
}
