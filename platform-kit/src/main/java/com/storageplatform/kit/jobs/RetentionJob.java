package com.storageplatform.kit.jobs;

import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Forgets the rows of a platform-wide deduplication table (consumed event ids, providers' notification ids) once
 * they are older than {@code keep}: far beyond how long a repeat can still arrive, so no repeat is ever let through.
 * Every six hours; the sweep is platform-wide because such rows belong to no account until they are handled.
 */
public class RetentionJob implements ScheduledJob {

    private final DatabaseClient db;
    private final Clock clock;
    private final String name;
    private final String table;
    private final Duration keep;
    private final String what;

    /**
     * @param table a table with a {@code received_at} column (a name from code, never from input)
     * @param what  what its rows are, for the run's summary ("consumed event ids")
     */
    public RetentionJob(DatabaseClient db, Clock clock, String name, String table, Duration keep, String what) {
        this.db = db;
        this.clock = clock;
        this.name = name;
        this.table = table;
        this.keep = keep;
        this.what = what;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(6);
    }

    @Override
    public Mono<String> run() {
        return db.sql("DELETE FROM " + table + " WHERE received_at < :cutoff")
                .bind("cutoff", clock.instant().minus(keep))
                .fetch()
                .rowsUpdated()
                .map(deleted -> "forgot " + deleted + " " + what);
    }
}
