package com.storageplatform.kit.time;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.Instant;

/**
 * Moving the business clock outside production: {@code advance_seconds} moves it on from where it is,
 * {@code offset_seconds} sets its distance from real time (0 returns to real time). Exactly one of the two.
 * Services expose it at {@code /internal/clock}; the gateway at {@code /admin/v1/clock} for all of them.
 */
public final class ClockControl {

    private ClockControl() {
    }

    public record Change(Long advanceSeconds, Long offsetSeconds) {
    }

    public record View(String object, Instant now, long offsetSeconds) {
    }

    public static View apply(PlatformClock clock, Change change) {
        if ((change.advanceSeconds() == null) == (change.offsetSeconds() == null)) {
            throw ApiException.invalid("advance_seconds", FieldIssue.REQUIRED);
        }
        if (change.advanceSeconds() != null) {
            clock.advance(Duration.ofSeconds(change.advanceSeconds()));
        } else {
            clock.setOffset(Duration.ofSeconds(change.offsetSeconds()));
        }
        return view(clock);
    }

    public static View view(PlatformClock clock) {
        return new View("clock", clock.instant(), clock.offset().toSeconds());
    }
}
