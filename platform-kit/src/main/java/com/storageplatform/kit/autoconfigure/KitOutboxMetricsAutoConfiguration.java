package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.outbox.OutboxMetrics;
import com.storageplatform.kit.outbox.OutboxRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/** The outbox's metrics, in a service that has a {@link MeterRegistry} (Spring Boot's actuator makes one). */
@AutoConfiguration(after = KitDataAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({MeterRegistry.class, OutboxRegistry.class})
public class KitOutboxMetricsAutoConfiguration {

    /** The parked-row gauge is counted again every 30 s, and at once after this process parks or resubmits. */
    @Bean
    OutboxMetrics outboxMetrics(MeterRegistry meters, OutboxRegistry outboxRegistry) {
        return new OutboxMetrics(meters, outboxRegistry, Duration.ofSeconds(30));
    }
}
