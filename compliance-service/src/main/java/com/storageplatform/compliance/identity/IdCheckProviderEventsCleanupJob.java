package com.storageplatform.compliance.identity;

import com.storageplatform.kit.jobs.RetentionJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Forgets the ID-check provider's event ids kept for deduplication ({@code id_check_provider_events}) after 30 days:
 * far beyond how long Stripe sends a notification again (up to three days), so no repeat arrives after its id is
 * gone.
 */
@Component
class IdCheckProviderEventsCleanupJob extends RetentionJob {

    static final Duration KEEP = Duration.ofDays(30);

    IdCheckProviderEventsCleanupJob(DatabaseClient db, Clock clock) {
        super(db, clock, "id-check-provider-events-cleanup", "id_check_provider_events", KEEP,
                "ID-check provider event ids");
    }
}
