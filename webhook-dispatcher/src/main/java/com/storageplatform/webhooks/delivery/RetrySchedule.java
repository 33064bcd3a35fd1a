package com.storageplatform.webhooks.delivery;

import java.time.Duration;
import java.util.List;

/**
 * When attempts happen: the first at once, then 30 s, 2 min, 10 min, 1 h, 6 h, 24 h and 48 h after the one
 * before (about 3.3 days in all), then {@code exhausted}. Tests shrink the delays by a scale.
 */
public final class RetrySchedule {

    /** Delay before attempt n+1, indexed by n (attempt 1 has no delay). */
    static final List<Duration> DELAYS = List.of(Duration.ZERO, Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(6), Duration.ofHours(24),
            Duration.ofHours(48));

    public static final int MAX_ATTEMPTS = DELAYS.size();

    private final double scale;

    public RetrySchedule(double scale) {
        if (scale <= 0) {
            throw new IllegalArgumentException("The retry time scale must be positive");
        }
        this.scale = scale;
    }

    /** Whether a delivery that has failed {@code attempts} times is done for (a redelivery still gets one more). */
    public boolean isExhausted(int attempts) {
        return attempts >= MAX_ATTEMPTS;
    }

    /** How long after a failed attempt number {@code attempts} the next one starts. */
    public Duration delayAfter(int attempts) {
        Duration delay = DELAYS.get(Math.min(attempts, DELAYS.size() - 1));
        return Duration.ofNanos((long) (delay.toNanos() * scale));
    }
}
