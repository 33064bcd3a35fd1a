package com.storageplatform.billing.accounting;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How pushes are sent to the accounting system ({@code BILLING_ACCOUNTING_POLL_INTERVAL}, ...).
 *
 * @param pollInterval how often the sender looks for due rows besides being woken by a commit (5 s)
 * @param batch        how many rows one turn leases (20)
 * @param lease        how long a leased row is the sender's before another may try it (2 min)
 * @param maxAttempts  pushes the system may be unavailable for before the row is {@code failed} (6)
 * @param firstRetry   the wait after the first unavailable push, doubled after each (1 min: 1, 2, 4, 8, 16)
 */
@ConfigurationProperties("billing.accounting")
record SyncSettings(Duration pollInterval, Integer batch, Duration lease, Integer maxAttempts, Duration firstRetry) {

    SyncSettings {
        pollInterval = pollInterval == null ? Duration.ofSeconds(5) : pollInterval;
        batch = batch == null ? 20 : batch;
        lease = lease == null ? Duration.ofMinutes(2) : lease;
        maxAttempts = maxAttempts == null ? 6 : maxAttempts;
        firstRetry = firstRetry == null ? Duration.ofMinutes(1) : firstRetry;
    }

    /** The wait after the {@code attempts}-th unavailable push; null once no attempt is left. */
    Duration retryAfter(int attempts) {
        if (attempts >= maxAttempts) {
            return null;
        }
        return firstRetry.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 20));
    }
}
