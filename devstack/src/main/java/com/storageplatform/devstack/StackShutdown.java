package com.storageplatform.devstack;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * Stopping the stack's processes: services first, concurrently (while stopping they may still flush to Kafka
 * and PostgreSQL), then the infrastructure together; PostgreSQL with its postmaster, which pg_ctl starts in a
 * session of its own.
 */
final class StackShutdown {

    /** How long a process gets between SIGTERM and SIGKILL. */
    static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final StackLayout layout;
    private final ProcessControl processes;
    private final ExecutorService workers;
    private final Consumer<String> progress;

    StackShutdown(StackLayout layout, ProcessControl processes, ExecutorService workers, Consumer<String> progress) {
        this.layout = layout;
        this.processes = processes;
        this.workers = workers;
        this.progress = progress;
    }

    void stopAll(Map<String, ProcessHandle> byName) {
        List<CompletableFuture<Void>> services = byName.entrySet().stream()
                .filter(e -> !Services.isInfrastructure(e.getKey()))
                .map(e -> CompletableFuture.runAsync(() -> stopOne(e.getKey(), Optional.of(e.getValue())), workers))
                .toList();
        services.forEach(CompletableFuture::join);
        List<CompletableFuture<Void>> infrastructure = byName.entrySet().stream()
                .filter(e -> Services.isInfrastructure(e.getKey()))
                .map(e -> CompletableFuture.runAsync(() -> stopOne(e.getKey(), Optional.of(e.getValue())), workers))
                .toList();
        infrastructure.forEach(CompletableFuture::join);
    }

    /** Stops one process (PostgreSQL with its postmaster), saying so when it had to be killed. */
    void stopOne(String name, Optional<ProcessHandle> handle) {
        if (name.equals(Services.POSTGRES)) {
            stopPostgres(handle);
        } else if (handle.isPresent() && !ProcessControl.stop(handle.get(), STOP_GRACE)) {
            progress.accept(name + " did not stop within " + STOP_GRACE.toSeconds() + " s and was killed");
        }
    }

    /** What a failed or interrupted start began: stopped again, and forgotten. */
    void stopStarted(Map<String, Process> started) {
        if (started.isEmpty()) {
            return;
        }
        Map<String, ProcessHandle> handles = new LinkedHashMap<>();
        started.forEach((name, process) -> handles.put(name, process.toHandle()));
        stopAll(handles);
        handles.keySet().forEach(processes::removePid);
        started.keySet().removeAll(handles.keySet());
    }

    /**
     * Stops PostgreSQL: the PostgresProcess JVM (whose shutdown hook runs {@code pg_ctl stop -m fast}), then
     * the postmaster itself if it is still there. pg_ctl starts the postmaster in its own session, so it is
     * not a descendant of the JVM and must be found through {@code postmaster.pid}.
     */
    private void stopPostgres(Optional<ProcessHandle> jvm) {
        Optional<ProcessHandle> postmaster = Postmaster.of(layout.postgresData());
        if (jvm.isPresent() && !ProcessControl.stop(jvm.get(), STOP_GRACE)) {
            progress.accept("postgres did not stop within " + STOP_GRACE.toSeconds() + " s and was killed");
        }
        postmaster.or(() -> Postmaster.of(layout.postgresData())) // it may have started only just now
                .filter(ProcessHandle::isAlive)
                .ifPresent(Postmaster::stop);
    }

    /**
     * A postmaster whose PostgresProcess JVM died (killed with -9, say) keeps the port and the data directory;
     * it is still this stack's, so it is stopped before PostgreSQL starts again and by {@code down}.
     */
    boolean stopOrphanedPostmaster() {
        if (processes.running(Services.POSTGRES).isPresent()) {
            return false;
        }
        Optional<ProcessHandle> orphan = Postmaster.of(layout.postgresData());
        orphan.ifPresent(postmaster -> {
            progress.accept("stopping a PostgreSQL left running without its launcher (pid " + postmaster.pid() + ")");
            Postmaster.stop(postmaster);
        });
        return orphan.isPresent();
    }
}
