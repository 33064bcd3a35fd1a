package com.storageplatform.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The PostgreSQL server process itself. pg_ctl starts it in a session of its own, so it is not a descendant
 * of the PostgresProcess JVM: it is found through the data directory's {@code postmaster.pid}.
 */
final class Postmaster {

    private Postmaster() {
    }

    /** The live postmaster of this data directory, if any. */
    static Optional<ProcessHandle> of(Path dataDir) {
        Path pidFile = dataDir.resolve("postmaster.pid");
        try {
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            String firstLine = Files.readAllLines(pidFile).stream().findFirst().orElse("").trim();
            return ProcessHandle.of(Long.parseLong(firstLine))
                    .filter(ProcessHandle::isAlive)
                    // a stale pid file may name an unrelated process by now
                    .filter(h -> ProcessControl.commandLine(h).contains(dataDir.toString()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Fast shutdown (SIGINT); SIGTERM would be PostgreSQL's smart shutdown, which waits for every client. */
    static void stop(ProcessHandle postmaster) {
        List<ProcessHandle> backends = postmaster.descendants().toList();
        ProcessControl.interrupt(postmaster);
        if (!ProcessControl.awaitExit(postmaster, Duration.ofSeconds(10))) {
            ProcessControl.stop(postmaster, Duration.ofSeconds(1));
        }
        backends.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
