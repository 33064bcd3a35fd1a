package com.storageplatform.kit.db;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Settings every service shares, at the lowest precedence so a service or deployment can still override them:
 * graceful shutdown (finish in-flight requests, hand back Kafka partitions), a connection pool that recovers
 * after the database restarts, and quiet third-party logs.
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

    static final Map<String, Object> DEFAULTS = Map.ofEntries(
            Map.entry("server.shutdown", "graceful"),
            Map.entry("spring.lifecycle.timeout-per-shutdown-phase", "20s"),
            Map.entry("spring.main.banner-mode", "off"),
            Map.entry("spring.r2dbc.pool.max-acquire-time", "5s"),
            Map.entry("spring.r2dbc.pool.max-idle-time", "5m"),
            // A connection the database closed (it restarted) is dropped when next acquired; no ping per request.
            Map.entry("spring.r2dbc.pool.validation-depth", "local"),
            Map.entry("spring.kafka.consumer.auto-offset-reset", "earliest"),
            Map.entry("logging.level.org.apache.kafka", "warn"),
            Map.entry("logging.level.kafka", "warn"),
            Map.entry("logging.level.org.flywaydb", "warn"),
            Map.entry("logging.level.io.zonky", "warn"),
            Map.entry("logging.level.state.change.logger", "warn"));

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("platform-defaults", DEFAULTS));
    }
}
