package com.storageplatform.kit.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The platform clock: the system's time plus the test offset, in whichever zone a rule asks for. */
class PlatformClockTest {

    @Test
    void aClockInAZoneAnswersThatZonesDate() {
        // 23:30 UTC on 31 March 2026 is already 1 April in London (British Summer Time).
        PlatformClock clock = new PlatformClock(Clock.fixed(Instant.parse("2026-03-31T23:30:00Z"), ZoneOffset.UTC));

        assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
        assertThat(LocalDate.now(clock)).isEqualTo(LocalDate.of(2026, 3, 31));
        assertThat(LocalDate.now(clock.withZone(ZoneId.of("Europe/London")))).isEqualTo(LocalDate.of(2026, 4, 1));
    }

    @Test
    void aZonedClockMovesWithTheOffset() {
        PlatformClock clock = new PlatformClock(Clock.fixed(Instant.parse("2026-03-31T12:00:00Z"), ZoneOffset.UTC));
        Clock london = clock.withZone(ZoneId.of("Europe/London"));

        clock.advance(Duration.ofHours(12));

        assertThat(london.instant()).isEqualTo(Instant.parse("2026-04-01T00:00:00Z"));
        assertThat(LocalDate.now(london)).isEqualTo(LocalDate.of(2026, 4, 1));
    }
}
