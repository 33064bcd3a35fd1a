package com.storageplatform.compliance.access.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The simulated lock system confirms after a few seconds unless told otherwise, and never before it was sent. */
class SimulatorSettingsTest {

    @Test
    void aLockIsConfirmedThreeSecondsAfterItWasSentByDefaultAndNeverWithANegativeDelay() {
        assertThat(new SimulatorSettings(null).lockConfirmDelay()).isEqualTo(Duration.ofSeconds(3));
        assertThat(new SimulatorSettings(Duration.ZERO).lockConfirmDelay()).isZero();
        assertThatThrownBy(() -> new SimulatorSettings(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
