package com.storageplatform.kit.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class DatesTest {

    @Test
    void calendarDatesAreStrict() {
        assertThat(Dates.parseDate("2026-11-21")).contains(LocalDate.of(2026, 11, 21));
        assertThat(Dates.parseDate("2028-02-29")).isPresent();
        assertThat(Dates.parseDate("2026-02-29")).isEmpty();
        assertThat(Dates.parseDate("2026-13-01")).isEmpty();
        assertThat(Dates.parseDate("0000-01-01")).isEmpty();
        assertThat(Dates.parseDate("2026-1-01")).isEmpty();
        assertThat(Dates.parseDate("21/11/2026")).isEmpty();
        assertThat(Dates.parseDate(null)).isEmpty();
    }

    @Test
    void dateTimesNeedAnOffset() {
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00Z")).contains(Instant.parse("2026-11-21T10:00:00Z"));
        assertThat(Dates.parseDateTime("2026-11-21T11:00:00+01:00")).contains(Instant.parse("2026-11-21T10:00:00Z"));
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00")).isEmpty();
        assertThat(Dates.parseDateTime("yesterday")).isEmpty();
    }

    @Test
    void dateTimesAreRfc3339WithSecondsAndAnOffset() {
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00.5Z")).contains(Instant.parse("2026-11-21T10:00:00.500Z"));
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00.123456789Z"))
                .contains(Instant.parse("2026-11-21T10:00:00.123456789Z"));
        assertThat(Dates.parseDateTime("2026-11-21T05:30:00-04:30")).contains(Instant.parse("2026-11-21T10:00:00Z"));
        assertThat(Dates.parseDateTime("2026-11-21t10:00:00z")).contains(Instant.parse("2026-11-21T10:00:00Z"));
        assertThat(Dates.parseDateTime("2026-11-21T10:00Z")).as("no seconds").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00+01:00")).as("no seconds").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00.Z")).as("empty fraction").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00.1234567891Z")).as("beyond nanoseconds").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00+01")).as("offset without minutes").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00+0100")).as("offset without colon").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00+01:00:30")).as("offset with seconds").isEmpty();
        assertThat(Dates.parseDateTime("+12026-11-21T10:00:00Z")).as("signed year").isEmpty();
        assertThat(Dates.parseDateTime("0000-11-21T10:00:00Z")).as("year zero").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21 10:00:00Z")).as("space for T").isEmpty();
        assertThat(Dates.parseDateTime("2026-02-30T10:00:00Z")).as("no such day").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T24:00:00Z")).as("no such hour").isEmpty();
        assertThat(Dates.parseDateTime("2026-11-21T10:00:00Z ")).as("trailing space").isEmpty();
        assertThat(Dates.parseDateTime("")).isEmpty();
    }

    @Test
    void thePlatformClockMovesOnlyByItsOffset() {
        Instant now = Instant.parse("2026-11-21T10:00:00.123456789Z");
        PlatformClock clock = new PlatformClock(Clock.fixed(now, ZoneOffset.UTC));
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-11-21T10:00:00.123456Z"));
        clock.advance(Duration.ofHours(24));
        clock.advance(Duration.ofSeconds(1));
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-11-22T10:00:01.123456Z"));
        assertThat(clock.withZone(ZoneOffset.ofHours(2)).instant()).isEqualTo(clock.instant());
        clock.setOffset(Duration.ZERO);
        assertThat(clock.offset()).isZero();
    }
}
