package com.storageplatform.crm.message;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Forgets the delivery-report event ids kept for deduplication ({@code message_provider_events}) after 30 days: far
 * beyond how long a provider sends a report again, so no repeat can arrive after its id is gone.
 */
@Component
class ProviderEventsCleanupJob implements ScheduledJob {

    static final Duration KEEP = Duration.ofDays(30);

    private final DatabaseClient db;
    private final Clock clock;

    ProviderEventsCleanupJob(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "message-provider-events-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(6);
    }

    @Override
    public Mono<String> run() {
        // Report events belong to no account until their message is found: the sweep is platform-wide.
        return db.sql("DELETE FROM message_provider_events WHERE received_at < :cutoff")
                .bind("cutoff", clock.instant().minus(KEEP))
                .fetch()
                .rowsUpdated()
                .map(deleted -> "forgot " + deleted + " delivery report event ids");
    }
}
