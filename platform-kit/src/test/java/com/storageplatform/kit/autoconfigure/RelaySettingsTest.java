package com.storageplatform.kit.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.outbox.OutboxRelay;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code platform.outbox.*} reach the relay: the parking bound (ADR 0020) among them, defaults where unset. */
class RelaySettingsTest {

    @Test
    void unsetSettingsAreTheDefaults() {
        OutboxRelay.Settings settings = KitKafkaAutoConfiguration.relaySettings(
                new PlatformProperties.Outbox(null, null, null, null, null));
        assertThat(settings).isEqualTo(OutboxRelay.Settings.defaults());
        assertThat(settings.parking()).isEqualTo(new OutboxRelay.Parking(10, Duration.ofMinutes(15)));
    }

    @Test
    void theParkingBoundIsConfigured() {
        OutboxRelay.Settings settings = KitKafkaAutoConfiguration.relaySettings(
                new PlatformProperties.Outbox(Duration.ofSeconds(1), 50, null, 3, Duration.ofHours(1)));
        assertThat(settings.parking()).isEqualTo(new OutboxRelay.Parking(3, Duration.ofHours(1)));
        assertThat(settings.pollInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.batchSize()).isEqualTo(50);
    }

    @Test
    void aBoundOfNoAttemptsIsRefusedAtStartUp() {
        assertThatThrownBy(() -> KitKafkaAutoConfiguration.relaySettings(
                new PlatformProperties.Outbox(null, null, null, 0, null)))
                .hasMessageContaining("platform.outbox.park-after-attempts");
    }
}
