package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Environment;
import java.util.Optional;

/**
 * The one way to a site's gate or lock system, chosen by the account's environment: test accounts get the
 * simulator, which never reaches a system; no vendor is connected for live accounts yet, so they get none and their
 * commands end {@code failed} ("no access-control system is connected"). A live adapter is chosen here by the
 * account's {@code access_control} integration connection (docs/api/access.md, "A live adapter").
 */
final class AccessControls {

    static final String NOT_CONNECTED = "No access-control system is connected for live accounts yet: the gate or "
            + "lock system was not told. Make the change in the system by hand.";

    private final SimulatedAccessControl simulator;

    AccessControls(SimulatedAccessControl simulator) {
        this.simulator = simulator;
    }

    Optional<AccessControl> of(Environment environment) {
        return environment == Environment.TEST ? Optional.of(simulator) : Optional.empty();
    }

    SimulatedAccessControl simulator() {
        return simulator;
    }
}
