package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;

/**
 * The outbox gauges read the real table: rows waiting to be sent, how long the oldest of them has waited, and rows
 * parked, which are not backlog.
 */
@PlatformTest
@TestPropertySource(properties = "platform.outbox.relay-enabled=false")
class OutboxMetricsTest {

    @Autowired
    EventPublisher publisher;

    @Autowired
    OutboxRegistry outbox;

    @Autowired
    DatabaseClient db;

    @Autowired
    Clock clock;

    @Test
    void theBacklogCountsPendingRowsTheAgeIsTheOldestsWaitAndParkedRowsAreCountedApart() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        // Read 90 s after the rows were written (by the platform clock, which stamps them).
        OutboxMetrics metrics = new OutboxMetrics(meters, new OutboxRegistry(db, "kittest", clock),
                Clock.offset(clock, Duration.ofSeconds(90)), Duration.ofMinutes(1));
        refresh(metrics);
        assertThat(gauge(meters, OutboxMetrics.BACKLOG)).isZero();
        assertThat(gauge(meters, OutboxMetrics.OLDEST_AGE)).isZero();
        assertThat(gauge(meters, OutboxMetrics.PARKED)).isZero();

        UUID first = null;
        for (int i = 0; i < 3; i++) {
            UUID id = publisher.publish(TestCallers.apiCaller(), "sample.waiting", null,
                    Map.of("object", "sample", "n", i)).block(Duration.ofSeconds(10));
            first = first == null ? id : first;
        }
        refresh(metrics);
        assertThat(gauge(meters, OutboxMetrics.BACKLOG)).isEqualTo(3);
        assertThat(gauge(meters, OutboxMetrics.OLDEST_AGE)).isBetween(90.0, 150.0);

        // A parked row waits for the admin, not the relay: it leaves the backlog for its own gauge.
        db.sql("UPDATE outbox_events SET failed_at = now() WHERE event_id = :id").bind("id", first)
                .then().block(Duration.ofSeconds(10));
        refresh(metrics);
        assertThat(gauge(meters, OutboxMetrics.BACKLOG)).isEqualTo(2);
        assertThat(gauge(meters, OutboxMetrics.PARKED)).isEqualTo(1);

        // Sent rows are history, not backlog.
        db.sql("UPDATE outbox_events SET sent_at = now() WHERE failed_at IS NULL").then().block(Duration.ofSeconds(10));
        refresh(metrics);
        assertThat(gauge(meters, OutboxMetrics.BACKLOG)).isZero();
        assertThat(gauge(meters, OutboxMetrics.OLDEST_AGE)).isZero();
        assertThat(gauge(meters, OutboxMetrics.PARKED)).isEqualTo(1);
    }

    private static void refresh(OutboxMetrics metrics) {
        metrics.refresh().block(Duration.ofSeconds(10));
    }

    private static double gauge(SimpleMeterRegistry meters, String name) {
        return meters.get(name).gauge().value();
    }
}
