package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.jobs.RetentionJob;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/** The port's wiring: the simulator, the sender's settings and wake-up signal, and the reports' retention. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({CommandSettings.class, SimulatorSettings.class})
class ControlConfiguration {

    @Bean
    WakeUpSignal accessCommandSignal() {
        return new WakeUpSignal();
    }

    @Bean
    AccessControls accessControls(Clock clock) {
        return new AccessControls(new SimulatedAccessControl(clock));
    }

    /** A report repeats within minutes or hours; 30 days is far beyond that. */
    @Bean
    RetentionJob accessReportsCleanupJob(DatabaseClient db, Clock clock) {
        return new RetentionJob(db, clock, "access-reports-cleanup", "access_reports", Duration.ofDays(30),
                "access reports");
    }
}
