package com.storageplatform.kit.consumer;

import java.time.Duration;

/**
 * What a consumer does with work that keeps failing, stated where the consumer is made: try again without end
 * (nothing may be lost: the dispatcher's ingest), or give up after some retries and pass the work over, so one
 * poison record cannot stop the rest (the inbox's projections). Either way each try is bounded by
 * {@code attemptTimeout}, and the wait between tries doubles from {@code firstBackoff} up to {@code maxBackoff}.
 *
 * @param maxRetries tries after the first before giving up; {@link Long#MAX_VALUE} for never
 */
public record FailurePolicy(Duration attemptTimeout, Duration firstBackoff, Duration maxBackoff, long maxRetries) {

    public FailurePolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative");
        }
    }

    /** Tries again for as long as the work fails, holding back the work after it. */
    public static FailurePolicy retryForever(Duration attemptTimeout, Duration firstBackoff, Duration maxBackoff) {
        return new FailurePolicy(attemptTimeout, firstBackoff, maxBackoff, Long.MAX_VALUE);
    }

    /** Tries again {@code retries} times, then passes the work over (the consumer is told, to log it for replay). */
    public static FailurePolicy giveUpAfter(long retries, Duration attemptTimeout, Duration firstBackoff,
            Duration maxBackoff) {
        return new FailurePolicy(attemptTimeout, firstBackoff, maxBackoff, retries);
    }

    public boolean retriesForever() {
        return maxRetries == Long.MAX_VALUE;
    }
}
