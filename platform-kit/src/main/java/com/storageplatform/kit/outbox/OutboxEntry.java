package com.storageplatform.kit.outbox;

import java.time.Instant;
import java.util.UUID;

/**
 * An outbox row as the platform admin sees it (never its payload, which may carry personal data).
 *
 * @param id            the event id
 * @param service       the service whose outbox holds it
 * @param accountId     the account the event belongs to; null for platform events
 * @param status        {@code pending}, {@code sent} or {@code failed} (parked: the relay passes it over until it
 *                      is resubmitted)
 * @param attempts      sends tried, including the one that succeeded
 * @param lastError     why the last failed send failed
 * @param failingSince  the first failure not explained by an outage since the row was written or resubmitted
 * @param failedAt      when it was parked
 * @param resubmittedAt when it was last resubmitted
 */
public record OutboxEntry(UUID id, String object, String service, String accountId, String type, String topic,
        String status, int attempts, String lastError, Instant createdAt, Instant failingSince, Instant failedAt,
        Instant resubmittedAt, Instant sentAt) {

    public static final String OBJECT = "outbox_event";
}
