package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The simulated lock system at work: every second, each lock command the simulator accepted at least
 * {@link SimulatorSettings#lockConfirmDelay()} ago (by the platform's clock, which the admin clock moves) and that
 * is still waiting is confirmed through {@link AccessReports#receive}, the path of a real system's report, oldest
 * first. The commands are read from {@code access_commands} rather than held in memory, so a restart loses no
 * confirmation; replicas may both report one, and the report id (the command's) applies it once.
 */
@Component
class SimulatedLockConfirmations extends PollingLoop {

    private static final int BATCH = 50;

    private final CommandRepository commands;
    private final AccessControls controls;
    private final AccessReports reports;
    private final Clock clock;
    private final Duration delay;

    SimulatedLockConfirmations(CommandRepository commands, AccessControls controls, AccessReports reports,
            Clock clock, SimulatorSettings settings) {
        super("simulated lock confirmations", Duration.ofSeconds(1), new WakeUpSignal());
        this.commands = commands;
        this.controls = controls;
        this.reports = reports;
        this.clock = clock;
        this.delay = settings.lockConfirmDelay();
    }

    @Override
    protected Mono<?> turn() {
        return commands.simulatedLocksSentBefore(clock.instant().minus(delay), BATCH)
                .concatMap(command -> reports.receive(controls.simulator().confirmed(command.accountId(),
                        command.id())))
                .then();
    }
}
