package com.storageplatform.kit.inbox;

import com.storageplatform.kit.jobs.RetentionJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Forgets consumed event ids after 30 days: far beyond the topics' retention (7 days), so no redelivery can
 * arrive after its id is gone.
 */
public class InboxCleanupJob extends RetentionJob {

    static final Duration KEEP = Duration.ofDays(30);

    public InboxCleanupJob(DatabaseClient db, Clock clock) {
        super(db, clock, "inbox-cleanup", "inbox_events", KEEP, "consumed event ids");
    }
}
