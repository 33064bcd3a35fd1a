package com.storageplatform.billing.notification;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Forgets the provider event ids kept for deduplication ({@code provider_events}) after 30 days: far beyond how long
 * a provider sends a notification again (Stripe for up to three days, GoCardless for days), so no repeat can arrive
 * after its id is gone.
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
        return "provider-events-cleanup";
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(6);
    }

    @Override
    public Mono<String> run() {
        // Provider events belong to no account until a handler finds their resource: the sweep is platform-wide.
        return db.sql("DELETE FROM provider_events WHERE received_at < :cutoff")
                .bind("cutoff", clock.instant().minus(KEEP))
                .fetch()
                .rowsUpdated()
                .map(deleted -> "forgot " + deleted + " provider event ids");
    }
}
