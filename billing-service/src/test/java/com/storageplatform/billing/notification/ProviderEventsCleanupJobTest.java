package com.storageplatform.billing.notification;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** Provider event ids are kept 30 days for deduplication, then forgotten. */
@PlatformTest
class ProviderEventsCleanupJobTest {

    @Autowired
    ProviderEventsCleanupJob job;

    @Autowired
    DatabaseClient db;

    @Test
    void anEventIdOlderThanThirtyDaysIsForgottenAndARecentOneKept() {
        String old = "EV_old_" + Ids.newId();
        String recent = "EV_recent_" + Ids.newId();
        record(old, Instant.now().minus(31, ChronoUnit.DAYS));
        record(recent, Instant.now().minus(29, ChronoUnit.DAYS));

        assertThat(job.run().block()).startsWith("forgot ");

        assertThat(exists(old)).isFalse();
        assertThat(exists(recent)).isTrue();
    }

    private void record(String eventId, Instant receivedAt) {
        db.sql("""
                INSERT INTO provider_events (provider, event_id, kind, received_at)
                VALUES ('gocardless', :id, 'IGNORED', :at)
                """).bind("id", eventId).bind("at", receivedAt).then().block();
    }

    private boolean exists(String eventId) {
        return db.sql("SELECT count(*) AS n FROM provider_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get("n", Long.class)).one().block() > 0;
    }
}
