package com.storageplatform.devstack;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Whether the stack's processes answer as they should, and waiting until they do: PostgreSQL accepts a login,
 * Kafka answers DescribeCluster, Keycloak serves its master realm, every service answers 200 on {@code /health}
 * and {@code /internal/ready} (the gateway on {@code /health}).
 */
final class StackHealth {

    private static final Duration POLL_INTERVAL = Duration.ofMillis(500);
    private static final Duration EXTERNAL_DATABASE_WAIT = Duration.ofSeconds(15);

    private final Ports ports;
    private final Database database;
    private final ProcessControl processes;
    private final ExecutorService workers;
    private final Consumer<String> progress;
    private final Path logsDir;
    private final HttpClient http = HealthCheck.newHttpClient();

    StackHealth(Ports ports, Database database, ProcessControl processes, ExecutorService workers,
            Consumer<String> progress, Path logsDir) {
        this.ports = ports;
        this.database = database;
        this.processes = processes;
        this.workers = workers;
        this.progress = progress;
        this.logsDir = logsDir;
    }

    HealthCheck check(String name) {
        return switch (name) {
            case Services.POSTGRES -> HealthCheck.postgres(database);
            case Services.KAFKA -> HealthCheck.kafka("127.0.0.1:" + ports.kafka());
            case Services.KEYCLOAK -> HealthCheck.http(http, "http://127.0.0.1:" + ports.keycloak(),
                    List.of(KeycloakProcess.HEALTH_PATH));
            default -> {
                Service service = Services.byName(name).orElseThrow();
                yield HealthCheck.http(http, "http://127.0.0.1:" + ports.service(service),
                        service.isGateway() ? List.of("/health") : List.of("/health", "/internal/ready"));
            }
        };
    }

    /** Each named process's problem (empty when healthy), checked concurrently. */
    Map<String, Optional<String>> check(List<String> names) {
        Map<String, CompletableFuture<Optional<String>>> checks = new LinkedHashMap<>();
        names.forEach(name -> checks.put(name, CompletableFuture.supplyAsync(() -> {
            try (HealthCheck check = check(name)) {
                return check.problem();
            }
        }, workers)));
        Map<String, Optional<String>> results = new LinkedHashMap<>();
        checks.forEach((name, check) -> results.put(name, check.join()));
        return results;
    }

    /** Unhealthy processes among the named ones. */
    Map<String, String> problems(List<String> names) {
        Map<String, String> problems = new LinkedHashMap<>();
        check(names).forEach((name, problem) -> problem.ifPresent(p -> problems.put(name, p)));
        return problems;
    }

    /**
     * Polls until every named process is healthy. Fails at once when one of them, or of the {@code watched}
     * ones they depend on, exits, naming the telling line of its log; fails at the deadline naming what is
     * still unhealthy and why.
     */
    void awaitHealthy(List<String> names, List<String> watched, Map<String, Process> started, long startNanos,
            long deadline) {
        Map<String, ProcessHandle> adopted = processes.running();
        Map<String, HealthCheck> checks = new LinkedHashMap<>();
        names.forEach(name -> checks.put(name, check(name)));
        Map<String, String> problems = new LinkedHashMap<>();
        Set<String> pending = new LinkedHashSet<>(names);
        try {
            while (true) {
                for (String name : watched) {
                    requireAlive(name, started.get(name), adopted.get(name));
                }
                for (String name : pending) {
                    requireAlive(name, started.get(name), adopted.get(name));
                }
                Map<String, CompletableFuture<Optional<String>>> results = new LinkedHashMap<>();
                pending.forEach(name -> results.put(name,
                        CompletableFuture.supplyAsync(() -> checks.get(name).problem(), workers)));
                results.forEach((name, result) -> {
                    Optional<String> problem = result.join();
                    if (problem.isEmpty()) {
                        pending.remove(name);
                        problems.remove(name);
                        progress.accept(name + " is ready after " + DevStack.seconds(System.nanoTime() - startNanos));
                    } else {
                        problems.put(name, problem.get());
                    }
                });
                if (pending.isEmpty()) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    // One more look: a process that died while we waited is the better message.
                    for (String name : pending) {
                        requireAlive(name, started.get(name), adopted.get(name));
                    }
                    throw new DevStackException("timed out after " + DevStack.seconds(deadline - startNanos)
                            + " waiting for " + problems.entrySet().stream()
                                    .map(e -> e.getKey() + " (" + e.getValue() + ")")
                                    .collect(Collectors.joining(", "))
                            + "; logs in " + DevStack.display(logsDir));
                }
                sleep(POLL_INTERVAL);
            }
        } finally {
            checks.values().forEach(HealthCheck::close);
        }
    }

    private void requireAlive(String name, Process started, ProcessHandle adopted) {
        if (name.equals(Services.POSTGRES) && database.external()) {
            return;
        }
        boolean alive = started != null ? started.isAlive() : adopted != null && adopted.isAlive();
        if (alive) {
            return;
        }
        String exitCode = started != null ? " with exit code " + started.exitValue() : "";
        Path log = processes.logFile(name);
        throw new DevStackException(name + " exited during start" + exitCode + ": " + LogDiagnosis.fromFile(log)
                + " (log: " + DevStack.display(log) + ")");
    }

    /** Before starting anything: a wrong DATABASE_URL leaves nothing behind. */
    void awaitExternalDatabase() {
        try (HealthCheck check = check(Services.POSTGRES)) {
            long deadline = System.nanoTime() + EXTERNAL_DATABASE_WAIT.toNanos();
            Optional<String> problem = check.problem();
            while (problem.isPresent() && System.nanoTime() < deadline) {
                sleep(POLL_INTERVAL);
                problem = check.problem();
            }
            if (problem.isPresent()) {
                throw new DevStackException("the database of DATABASE_URL (" + database.address() + "/"
                        + database.name() + ") does not answer: " + problem.get());
            }
        }
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DevStackException("interrupted");
        }
    }
}
