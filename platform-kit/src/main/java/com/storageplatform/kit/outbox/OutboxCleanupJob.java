package com.storageplatform.kit.outbox;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/** Deletes outbox rows sent more than seven days ago; the event log of record lives in the dispatcher. */
public class OutboxCleanupJob implements ScheduledJob {

    static final Duration KEEP_SENT = Duration.ofDays(7);

    private final DatabaseClient db;
    private final Clock clock;

    public OutboxCleanupJob(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "outbox-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    @Override
    public Mono<String> run() {
        return db.sql("DELETE FROM outbox_events WHERE sent_at IS NOT NULL AND sent_at < :cutoff")
                .bind("cutoff", clock.instant().minus(KEEP_SENT))
                .fetch()
                .rowsUpdated()
                .map(deleted -> "deleted " + deleted + " sent outbox rows");
    }
}
