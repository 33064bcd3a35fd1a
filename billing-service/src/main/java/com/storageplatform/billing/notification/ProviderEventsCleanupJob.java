package com.storageplatform.billing.notification;

import com.storageplatform.kit.jobs.RetentionJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Forgets the provider event ids kept for deduplication ({@code provider_events}) after 30 days: far beyond how long
 * a provider sends a notification again (Stripe for up to three days, GoCardless for days), so no repeat can arrive
 * after its id is gone.
 */
@Component
class ProviderEventsCleanupJob extends RetentionJob {

    static final Duration KEEP = Duration.ofDays(30);

    ProviderEventsCleanupJob(DatabaseClient db, Clock clock) {
        super(db, clock, "provider-events-cleanup", "provider_events", KEEP, "provider event ids");
    }
}
