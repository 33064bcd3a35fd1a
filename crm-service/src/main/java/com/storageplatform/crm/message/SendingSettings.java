package com.storageplatform.crm.message;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How queued messages are handed to their providers ({@code CRM_MESSAGES_SENDING_MAX_ATTEMPTS}, ...).
 *
 * @param pollInterval        how often the sender looks for due messages besides being woken by a commit (5 s)
 * @param batch               how many messages one turn claims (20)
 * @param lease               how long a claimed message is the claimer's before another sender may try it (2 min)
 * @param maxAttempts         hand-overs a provider may be unavailable for before the message is {@code failed} (5)
 * @param firstRetry          the wait after the first unavailable hand-over, doubled after each (1 min: 1, 2, 4, 8)
 * @param receiptSettleDelay  how long a Direct Debit's receipt waits before it is sent, so a collection the bank
 *                            returns within it blocks the receipt ({@code payment_not_received}) (3 days)
 */
@ConfigurationProperties("crm.messages.sending")
record SendingSettings(Duration pollInterval, Integer batch, Duration lease, Integer maxAttempts,
        Duration firstRetry, Duration receiptSettleDelay) {

    SendingSettings {
        pollInterval = pollInterval == null ? Duration.ofSeconds(5) : pollInterval;
        batch = batch == null ? 20 : batch;
        lease = lease == null ? Duration.ofMinutes(2) : lease;
        maxAttempts = maxAttempts == null ? 5 : maxAttempts;
        firstRetry = firstRetry == null ? Duration.ofMinutes(1) : firstRetry;
        receiptSettleDelay = receiptSettleDelay == null ? Duration.ofDays(3) : receiptSettleDelay;
    }

    /** The wait after the {@code attempts}-th unavailable hand-over; null once no attempt is left. */
    Duration retryAfter(int attempts) {
        if (attempts >= maxAttempts) {
            return null;
        }
        return firstRetry.multipliedBy(1L << Math.min(attempts - 1, 20));
    }
}
