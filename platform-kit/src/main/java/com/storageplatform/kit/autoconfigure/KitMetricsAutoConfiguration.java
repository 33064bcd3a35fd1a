package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.outbox.OutboxMetrics;
import com.storageplatform.kit.outbox.OutboxRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * The kit's own metrics (ADR 0022) beside what Spring Boot's actuator measures by itself (HTTP requests by route
 * template, the R2DBC pool, the JVM): the outbox's gauges and counter here (backlog, oldest age, parked rows: ADR
 * 0020); the idempotency replays, job runs and the kit's Kafka clients where those are built
 * ({@link KitDataAutoConfiguration}, {@link KitKafkaAutoConfiguration}, {@link KitInboxAutoConfiguration}).
 */
@AutoConfiguration(after = KitDataAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass(MeterRegistry.class)
public class KitMetricsAutoConfiguration {

    /**
     * How often the outbox gauges are read from the table: twice per default Prometheus scrape interval (and at
     * once after this process parks or resubmits a row).
     */
    static final Duration OUTBOX_REFRESH = Duration.ofSeconds(15);

    @Bean
    @ConditionalOnBean({MeterRegistry.class, OutboxRegistry.class})
    OutboxMetrics outboxMetrics(MeterRegistry meters, OutboxRegistry outbox, Clock clock) {
        return new OutboxMetrics(meters, outbox, clock, OUTBOX_REFRESH);
    }
}
