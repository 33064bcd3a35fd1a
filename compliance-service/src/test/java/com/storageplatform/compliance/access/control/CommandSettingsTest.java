package com.storageplatform.compliance.access.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A system that stays unavailable is tried five times, after 1, 2, 4 and 8 minutes, then the command fails. */
class CommandSettingsTest {

    @Test
    void anUnavailableSystemIsTriedAgainAfterDoublingWaitsThenGivenUp() {
        CommandSettings settings = new CommandSettings(null, null, null, null, null);
        assertThat(settings.retryAfter(1)).isEqualTo(Duration.ofMinutes(1));
        assertThat(settings.retryAfter(2)).isEqualTo(Duration.ofMinutes(2));
        assertThat(settings.retryAfter(3)).isEqualTo(Duration.ofMinutes(4));
        assertThat(settings.retryAfter(4)).isEqualTo(Duration.ofMinutes(8));
        assertThat(settings.retryAfter(5)).isNull();
    }
}
