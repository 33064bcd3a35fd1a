package com.storageplatform.kit.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The clock every time rule reads. It follows the system clock, truncated to microseconds (what PostgreSQL
 * stores, so a value reads back equal), plus an offset that only the non-production clock control moves:
 * tests pass 24 hours without waiting. Security checks (token expiry) use real time, never this clock.
 */
public final class PlatformClock extends Clock {

    private final Clock base;
    private final AtomicReference<Duration> offset;

    public PlatformClock(Clock base) {
        this(base, new AtomicReference<>(Duration.ZERO));
    }

    private PlatformClock(Clock base, AtomicReference<Duration> offset) {
        this.base = base;
        this.offset = offset;
    }

    public static PlatformClock system() {
        return new PlatformClock(Clock.systemUTC());
    }

    @Override
    public Instant instant() {
        return base.instant().plus(offset.get()).truncatedTo(ChronoUnit.MICROS);
    }

    @Override
    public ZoneId getZone() {
        return base.getZone();
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return new PlatformClock(base.withZone(zone), offset);
    }

    public Duration offset() {
        return offset.get();
    }

    public void advance(Duration by) {
        offset.accumulateAndGet(by, Duration::plus);
    }

    public void setOffset(Duration newOffset) {
        offset.set(newOffset);
    }
}
