package com.storageplatform.compliance.access.control;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How commands are handed to the gate or lock system ({@code COMPLIANCE_ACCESS_COMMANDS_POLL_INTERVAL}, ...).
 *
 * @param pollInterval how often the sender looks for due commands besides being woken by a commit (5 s)
 * @param batch        how many commands one turn claims (20)
 * @param lease        how long a claimed command is the claimer's before another sender may try it (2 min)
 * @param maxAttempts  hand-overs a system may be unavailable for before the command is {@code failed} (5)
 * @param firstRetry   the wait after the first unavailable hand-over, doubled after each (1 min: 1, 2, 4, 8)
 */
@ConfigurationProperties("compliance.access.commands")
record CommandSettings(Duration pollInterval, Integer batch, Duration lease, Integer maxAttempts,
        Duration firstRetry) {

    CommandSettings {
        pollInterval = pollInterval == null ? Duration.ofSeconds(5) : pollInterval;
        batch = batch == null ? 20 : batch;
        lease = lease == null ? Duration.ofMinutes(2) : lease;
        maxAttempts = maxAttempts == null ? 5 : maxAttempts;
        firstRetry = firstRetry == null ? Duration.ofMinutes(1) : firstRetry;
    }

    /** The wait after the {@code attempts}-th unavailable hand-over; null once no attempt is left. */
    Duration retryAfter(int attempts) {
        if (attempts >= maxAttempts) {
            return null;
        }
        return firstRetry.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 20));
    }
}
