package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.outbox.OutboxBacklogMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The kit's own metrics (ADR 0022) beside what Spring Boot's actuator measures by itself (HTTP requests by route
 * template, the R2DBC pool, the JVM): the outbox gauges here; the idempotency replays, job runs and the kit's Kafka
 * clients where those are built ({@link KitDataAutoConfiguration}, {@link KitKafkaAutoConfiguration},
 * {@link KitInboxAutoConfiguration}).
 */
@AutoConfiguration(after = KitDataAutoConfiguration.class,
        afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, DatabaseClient.class})
public class KitMetricsAutoConfiguration {

    /** How often the outbox gauges are read from the table: twice per default Prometheus scrape interval. */
    static final Duration OUTBOX_REFRESH = Duration.ofSeconds(15);

    @Bean
    @ConditionalOnBean({MeterRegistry.class, EventPublisher.class})
    OutboxBacklogMetrics outboxBacklogMetrics(MeterRegistry meters, DatabaseClient db, Clock clock) {
        return new OutboxBacklogMetrics(meters, db, clock, OUTBOX_REFRESH);
    }
}
