package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    @Test
    void attemptsFollowTheSpecsDelaysThenExhaust() {
        RetrySchedule schedule = new RetrySchedule(1);
        assertThat(schedule.delayAfter(1)).isEqualTo(Duration.ofSeconds(30));
        assertThat(schedule.delayAfter(2)).isEqualTo(Duration.ofMinutes(2));
        assertThat(schedule.delayAfter(3)).isEqualTo(Duration.ofMinutes(10));
        assertThat(schedule.delayAfter(4)).isEqualTo(Duration.ofHours(1));
        assertThat(schedule.delayAfter(5)).isEqualTo(Duration.ofHours(6));
        assertThat(schedule.delayAfter(6)).isEqualTo(Duration.ofHours(24));
        assertThat(schedule.delayAfter(7)).isEqualTo(Duration.ofHours(48));
        assertThat(schedule.isExhausted(7)).isFalse();
        assertThat(schedule.isExhausted(8)).isTrue();
        assertThat(schedule.isExhausted(9)).isTrue();
        Duration total = Duration.ZERO;
        for (int attempt = 1; attempt < RetrySchedule.MAX_ATTEMPTS; attempt++) {
            total = total.plus(schedule.delayAfter(attempt));
        }
        assertThat(total.toHours()).isEqualTo(79);
    }

    @Test
    void aScaleShrinksEveryDelay() {
        assertThat(new RetrySchedule(0.001).delayAfter(7)).isEqualTo(Duration.ofMillis(172_800));
    }
}
