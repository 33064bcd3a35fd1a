package com.storageplatform.kit.inbox;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Forgets consumed event ids after 30 days: far beyond the topics' retention (7 days), so no redelivery can
 * arrive after its id is gone.
 */
public class InboxCleanupJob implements ScheduledJob {

    static final Duration KEEP = Duration.ofDays(30);

    private final DatabaseClient db;
    private final Clock clock;

    public InboxCleanupJob(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "inbox-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(6);
    }

    @Override
    public Mono<String> run() {
        return db.sql("DELETE FROM inbox_events WHERE received_at < :cutoff")
                .bind("cutoff", clock.instant().minus(KEEP))
                .fetch()
                .rowsUpdated()
                .map(deleted -> "deleted " + deleted + " consumed event ids");
    }
}
