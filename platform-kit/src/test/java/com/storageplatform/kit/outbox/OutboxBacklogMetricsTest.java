package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;

/** The outbox gauges read the real table: rows not yet sent, and how long the oldest of them has waited. */
@PlatformTest
@TestPropertySource(properties = "platform.outbox.relay-enabled=false")
class OutboxBacklogMetricsTest {

    @Autowired
    EventPublisher publisher;

    @Autowired
    DatabaseClient db;

    @Autowired
    Clock clock;

    @Test
    void theBacklogCountsUnsentRowsAndTheAgeIsTheOldestsWait() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        // Read 90 s after the rows were written (by the platform clock, which stamps them).
        OutboxBacklogMetrics metrics = new OutboxBacklogMetrics(meters, db, Clock.offset(clock, Duration.ofSeconds(90)),
                Duration.ofMinutes(1));
        metrics.refresh().block(Duration.ofSeconds(10));
        assertThat(backlog(meters)).isZero();
        assertThat(oldestAge(meters)).isZero();

        for (int i = 0; i < 3; i++) {
            publisher.publish(TestCallers.apiCaller(), "sample.waiting", null, Map.of("object", "sample", "n", i))
                    .block(Duration.ofSeconds(10));
        }
        metrics.refresh().block(Duration.ofSeconds(10));
        assertThat(backlog(meters)).isEqualTo(3);
        assertThat(oldestAge(meters)).isBetween(90.0, 150.0);

        // Sent rows are history, not backlog.
        db.sql("UPDATE outbox_events SET sent_at = now()").then().block(Duration.ofSeconds(10));
        metrics.refresh().block(Duration.ofSeconds(10));
        assertThat(backlog(meters)).isZero();
        assertThat(oldestAge(meters)).isZero();
    }

    private static double backlog(SimpleMeterRegistry meters) {
        return meters.get(OutboxBacklogMetrics.BACKLOG).gauge().value();
    }

    private static double oldestAge(SimpleMeterRegistry meters) {
        return meters.get(OutboxBacklogMetrics.OLDEST_AGE).gauge().value();
    }
}
