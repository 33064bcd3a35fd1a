package com.storageplatform.compliance.access.control;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The simulated gate and lock system of test accounts ({@code COMPLIANCE_ACCESS_SIMULATOR_LOCK_CONFIRM_DELAY}).
 *
 * @param lockConfirmDelay how long after accepting an overlock's apply or release the simulator confirms it (3 s),
 *                         so that a test account sees an overlock {@code requested} before it is {@code applied}
 */
@ConfigurationProperties("compliance.access.simulator")
record SimulatorSettings(Duration lockConfirmDelay) {

    SimulatorSettings {
        lockConfirmDelay = lockConfirmDelay == null ? Duration.ofSeconds(3) : lockConfirmDelay;
        if (lockConfirmDelay.isNegative()) {
            throw new IllegalArgumentException("compliance.access.simulator.lock-confirm-delay must not be negative");
        }
    }
}
