package com.storageplatform.crm.message;

import com.storageplatform.kit.jobs.RetentionJob;
import java.time.Clock;
import java.time.Duration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Forgets the delivery-report event ids kept for deduplication ({@code message_provider_events}) after 30 days: far
 * beyond how long a provider sends a report again, so no repeat can arrive after its id is gone.
 */
@Component
class ProviderEventsCleanupJob extends RetentionJob {

    static final Duration KEEP = Duration.ofDays(30);

    ProviderEventsCleanupJob(DatabaseClient db, Clock clock) {
        super(db, clock, "message-provider-events-cleanup", "message_provider_events", KEEP,
                "delivery report event ids");
    }
}
