package com.storageplatform.kit.outbox;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * Deletes outbox rows sent more than seven days ago; the event log of record lives in the dispatcher. Parked rows
 * are never deleted: they wait for the platform admin to resubmit them.
 */
public class OutboxCleanupJob implements ScheduledJob {

    static final Duration KEEP_SENT = Duration.ofDays(7);

    private final OutboxRegistry outbox;
    private final Clock clock;

    public OutboxCleanupJob(OutboxRegistry outbox, Clock clock) {
        this.outbox = outbox;
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
        return outbox.deleteSentBefore(clock.instant().minus(KEEP_SENT))
                .map(deleted -> "deleted " + deleted + " sent outbox rows");
    }
}
