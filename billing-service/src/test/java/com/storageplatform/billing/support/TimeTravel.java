package com.storageplatform.billing.support;

import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;

/** The platform clock moved as the admin API moves it, for tests of what happens as days pass. */
public final class TimeTravel {

    private final PlatformClock clock;

    public TimeTravel(PlatformClock clock) {
        this.clock = clock;
    }

    /** Midday UTC on {@code day}: the same day in London, summer or winter. */
    public void to(LocalDate day) {
        to(day, LocalTime.NOON);
    }

    public void to(LocalDate day, LocalTime time) {
        clock.setOffset(Duration.between(Instant.now(), day.atTime(time).toInstant(ZoneOffset.UTC)));
    }

    /** Back to the real time: call after each test that travelled. */
    public void back() {
        clock.setOffset(Duration.ZERO);
    }
}
