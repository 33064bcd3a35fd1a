package com.storageplatform.devstack;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * One line of {@code status}.
 *
 * @param pid      the process id while it runs
 * @param port     its (first) port
 * @param running  whether the process runs (for an external database: whether it was configured)
 * @param external the database named by DATABASE_URL, which the devstack does not run
 * @param problem  empty when healthy; otherwise why not (also when not running)
 */
public record ProcessStatus(String name, OptionalLong pid, int port, boolean running, boolean external,
        Optional<String> problem) {

    public boolean healthy() {
        return running && problem.isEmpty();
    }
}
