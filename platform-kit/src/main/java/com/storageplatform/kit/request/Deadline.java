package com.storageplatform.kit.request;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Duration;

/**
 * The moment by which a request must be answered. Measured on the monotonic clock ({@link System#nanoTime}),
 * never the platform clock that tests move, and carried to peers as the time remaining (never an instant, so the
 * machines' clocks need not agree).
 */
public final class Deadline {

    private final long expiresAtNanos;
    private final Duration budget;

    private Deadline(long expiresAtNanos, Duration budget) {
        this.expiresAtNanos = expiresAtNanos;
        this.budget = budget;
    }

    /** A deadline {@code budget} from now. */
    public static Deadline in(Duration budget) {
        return new Deadline(System.nanoTime() + budget.toNanos(), budget);
    }

    /** What is left, zero once spent. */
    public Duration remaining() {
        long left = expiresAtNanos - System.nanoTime();
        return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
    }

    public boolean isSpent() {
        return expiresAtNanos - System.nanoTime() <= 0;
    }

    /** The time the request was given when it arrived. */
    public Duration budget() {
        return budget;
    }

    /** The answer to a request that ran out of time: 504 {@code gateway_timeout}. */
    public ApiException exceeded() {
        return new ApiException(ErrorCode.GATEWAY_TIMEOUT, "The request did not finish within its deadline of "
                + describe(budget) + "; retry it, with the same Idempotency-Key if it had one.");
    }

    private static String describe(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
