package com.storageplatform.kit.request;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Duration;
import reactor.core.publisher.Mono;

/** Deletes idempotency keys past their 24-hour retention. */
public class IdempotencyCleanupJob implements ScheduledJob {

    private final IdempotencyStore store;

    public IdempotencyCleanupJob(IdempotencyStore store) {
        this.store = store;
    }

    @Override
    public String name() {
        return "idempotency-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    @Override
    public Mono<String> run() {
        return store.deleteExpired().map(deleted -> "deleted " + deleted + " expired idempotency keys");
    }
}
