package com.storageplatform.devstack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The local platform: PostgreSQL, a Kafka broker, Keycloak and every service, each as its own detached process
 * that outlives the JVM which started it. This class is the façade and the lock; {@link StartOrder} says what
 * starts when, {@link ProcessSpecs} how each process runs, {@link StackHealth} when it is healthy and
 * {@link StackShutdown} how it stops. Used by {@code ./platform} (through {@link PlatformCommand}) and
 * in-process by the e2e suite:
 *
 * <pre>{@code
 * DevStack stack = DevStack.builder().home(tempDir).basePort(18080).fresh(true).build();
 * stack.up();                      // returns once everything is healthy, or throws DevStackException
 * String gateway = stack.gatewayUrl();
 * stack.stop("postgres"); stack.start("postgres");
 * stack.down();
 * }</pre>
 *
 * <p>The state lives in the home directory (default {@code <repo>/.devstack}): {@code postgres/},
 * {@code kafka/} and {@code keycloak/} data, {@code keys/}, {@code admin-token}, {@code logs/<name>.log}, {@code pids/<name>.pid}.
 * Methods that start or stop processes hold {@code <home>/lock}: a second one, from this JVM or another,
 * fails with a {@link DevStackException} instead of racing it.
 */
public final class DevStack {

    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(150);

    /** Tuned for a fast start of eight JVMs on two cores rather than for throughput. */
    public static final List<String> DEFAULT_SERVICE_JAVA_OPTIONS = List.of(
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss512k", "-Xmx384m", "-XX:+ExitOnOutOfMemoryError");

    private final StackLayout layout;
    private final Path repoRoot;
    private final Path home;
    private final Ports ports;
    private final boolean explicitPorts;
    private final boolean fresh;
    private final List<Service> services;
    private final Database database;
    private final String databaseUrl;
    private final Duration startupTimeout;
    private final Consumer<String> progress;
    private final ProcessControl processes;
    private final ProcessSpecs specs;
    private final StackHealth health;
    private final StackShutdown shutdown;
    /**
     * For stops and health checks that block: the common pool has one thread on a two-core machine, which
     * would run them one after another.
     */
    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "devstack-worker");
        thread.setDaemon(true);
        return thread;
    });

    private DevStack(Builder builder) {
        Path root = builder.repoRoot.toAbsolutePath().normalize();
        this.layout = StackLayout.of(root, builder.home != null ? builder.home : root.resolve(".devstack"));
        this.repoRoot = layout.repoRoot();
        this.home = layout.home();
        this.processes = new ProcessControl(home);
        // status and down without options follow the running stack's settings.
        Optional<StackState> recorded = StackState.read(home).filter(s -> !processes.running().isEmpty());
        this.explicitPorts = builder.basePort != null;
        this.ports = new Ports(builder.basePort != null ? builder.basePort
                : recorded.map(StackState::basePort).orElse(Ports.DEFAULT_BASE));
        this.databaseUrl = builder.databaseUrl != null ? builder.databaseUrl
                : recorded.map(StackState::databaseUrl).orElse(null);
        this.database = databaseUrl != null ? Database.parse(databaseUrl) : Database.embedded(ports.postgres());
        this.fresh = builder.fresh;
        this.services = builder.services != null ? builder.services : Services.ALL;
        this.startupTimeout = builder.startupTimeout;
        this.progress = builder.progress;
        this.specs = new ProcessSpecs(layout, ports, database, processes, builder.serviceJavaOptions,
                builder.environment, progress);
        this.health = new StackHealth(ports, database, processes, WORKERS, progress, layout.logsDir());
        this.shutdown = new StackShutdown(layout, processes, WORKERS, progress);
    }

    public static Builder builder() {
        return new Builder();
    }

    // ------------------------------------------------------------------ up

    /** What {@link #up()} did. */
    public record UpResult(boolean alreadyUp, List<String> started) {
    }

    /**
     * Starts whatever of the stack is not running, then waits until all of it is healthy: PostgreSQL accepts
     * a login, Kafka answers DescribeCluster, every service answers 200 on {@code /health} and
     * {@code /internal/ready} (the gateway on {@code /health}). Processes of this stack that already run
     * are kept. On failure, what this call started is stopped again.
     *
     * @throws DevStackException with a one-line reason: something is not built, a port is in use, a process
     *                           exited during start (its log's telling line), or the startup timed out
     */
    public UpResult up() {
        return locked(this::upLocked);
    }

    private UpResult upLocked() {
        long startNanos = System.nanoTime();
        List<String> missing = missingArtifacts();
        if (!missing.isEmpty()) {
            throw new DevStackException(missing.get(0) + " is missing"
                    + (missing.size() > 1 ? " (and " + (missing.size() - 1) + " more)" : "")
                    + "; build with ./mvnw -DskipTests package, or start fewer services with --only");
        }
        Map<String, ProcessHandle> running = processes.running();
        if (fresh) {
            if (!running.isEmpty()) {
                progress.accept("stopping the running stack before wiping its data");
                downLocked();
                running = Map.of();
            }
            layout.wipe();
        } else {
            requireSameSettingsAsRunningStack(running);
        }
        layout.createDirectories();

        StartOrder order = StartOrder.of(database, services);
        List<String> wanted = order.all();
        Set<String> toStart = new LinkedHashSet<>(wanted);
        toStart.removeAll(running.keySet());
        if (toStart.isEmpty() && health.problems(wanted).isEmpty()) {
            return new UpResult(true, List.of());
        }
        if (toStart.contains(Services.POSTGRES)) {
            shutdown.stopOrphanedPostmaster();
        }
        requireFreePorts(toStart);
        progress.accept("starting in " + display(home) + " (base port " + ports.base()
                + (database.external() ? ", database " + database.address() + " from DATABASE_URL" : "") + ")");

        StackSecrets secrets = StackSecrets.loadOrCreate(layout);
        new StackState(ports.base(), databaseUrl).write(home);

        Map<String, Process> started = new ConcurrentHashMap<>();
        long deadline = startNanos + startupTimeout.toNanos();
        // Ctrl-C during up: stop what this call started rather than leave a half-started stack behind.
        Thread interruptCleanup = new Thread(() -> {
            if (!started.isEmpty()) {
                progress.accept("interrupted: stopping what this run started");
                shutdown.stopStarted(started);
            }
        }, "devstack-abort");
        Runtime.getRuntime().addShutdownHook(interruptCleanup);
        try {
            if (database.external()) {
                health.awaitExternalDatabase(); // before starting anything: a wrong DATABASE_URL leaves nothing behind
            }
            for (String name : order.infrastructure()) {
                if (toStart.contains(name)) {
                    started.put(name, startProcess(name, secrets));
                }
            }
            // Services migrate their schema at start, so the infrastructure must answer first ...
            health.awaitHealthy(order.infrastructure(), List.of(), started, startNanos, deadline);
            for (String name : order.services()) {
                if (toStart.contains(name)) {
                    started.put(name, startProcess(name, secrets));
                }
            }
            // ... and must keep answering while the services start.
            health.awaitHealthy(order.services(), order.infrastructure(), started, startNanos, deadline);
        } catch (RuntimeException e) {
            shutdown.stopStarted(started);
            throw e;
        } finally {
            removeShutdownHook(interruptCleanup);
        }
        return new UpResult(false, List.copyOf(toStart));
    }

    // ------------------------------------------------------------------ down, stop, start

    /**
     * Stops every process of this stack (services first, then Kafka and PostgreSQL) and removes the pid files.
     *
     * @return the names of the processes that were running
     */
    public List<String> down() {
        return locked(this::downLocked);
    }

    private List<String> downLocked() {
        Map<String, ProcessHandle> running = processes.running();
        shutdown.stopAll(running);
        boolean orphan = shutdown.stopOrphanedPostmaster();
        Services.PROCESS_NAMES.forEach(processes::removePid);
        return Services.PROCESS_NAMES.stream()
                .filter(name -> running.containsKey(name) || (orphan && name.equals(Services.POSTGRES))).toList();
    }

    /**
     * Stops one process ({@code postgres}, {@code kafka} or a service name), leaving the rest running.
     *
     * @return whether it was running
     */
    public boolean stop(String name) {
        requireKnown(name);
        return locked(() -> stopLocked(name));
    }

    private boolean stopLocked(String name) {
        Optional<ProcessHandle> handle = processes.running(name);
        shutdown.stopOne(name, handle);
        processes.removePid(name);
        return handle.isPresent();
    }

    /**
     * Kills one service outright (SIGKILL), as a crash would, leaving the rest running: durability tests use it.
     *
     * @return whether it was running
     */
    public boolean kill(String name) {
        requireKnown(name);
        return locked(() -> {
            Optional<ProcessHandle> handle = processes.running(name);
            handle.ifPresent(process -> {
                process.destroyForcibly();
                ProcessControl.awaitExit(process, Duration.ofSeconds(10));
            });
            processes.removePid(name);
            return handle.isPresent();
        });
    }

    /**
     * Starts one process ({@code postgres}, {@code kafka} or a service name) and waits until it is healthy.
     * Does nothing but wait when it already runs.
     *
     * @throws DevStackException as {@link #up()} does
     */
    public void start(String name) {
        requireKnown(name);
        if (name.equals(Services.POSTGRES) && database.external()) {
            throw new DevStackException("postgres is not run by the devstack: DATABASE_URL names "
                    + database.address());
        }
        locked(() -> {
            startLocked(name);
            return null;
        });
    }

    private void startLocked(String name) {
        long startNanos = System.nanoTime();
        Map<String, Process> started = new ConcurrentHashMap<>();
        if (processes.running(name).isEmpty()) {
            List<String> missing = missingArtifacts(Services.byName(name).stream().toList());
            if (!missing.isEmpty()) {
                throw new DevStackException(missing.get(0) + " is missing; build with ./mvnw -DskipTests package");
            }
            if (name.equals(Services.POSTGRES)) {
                shutdown.stopOrphanedPostmaster();
            }
            requireFreePorts(List.of(name));
            layout.createDirectories();
            started.put(name, startProcess(name, StackSecrets.loadOrCreate(layout)));
        }
        try {
            health.awaitHealthy(List.of(name), List.of(), started, startNanos, startNanos + startupTimeout.toNanos());
        } catch (RuntimeException e) {
            shutdown.stopStarted(started);
            throw e;
        }
    }

    // ------------------------------------------------------------------ status and addresses

    /** Every process of the table: pid, port, whether it runs and whether it is healthy. */
    public List<ProcessStatus> status() {
        Map<String, ProcessHandle> running = processes.running();
        Map<String, Optional<String>> checks = health.check(Services.PROCESS_NAMES.stream()
                .filter(name -> running.containsKey(name) || (name.equals(Services.POSTGRES) && database.external()))
                .toList());
        List<ProcessStatus> statuses = new ArrayList<>();
        for (String name : Services.PROCESS_NAMES) {
            boolean externalDatabase = name.equals(Services.POSTGRES) && database.external();
            ProcessHandle handle = running.get(name);
            Optional<String> problem = checks.getOrDefault(name, Optional.of("not running"));
            if (handle == null && name.equals(Services.POSTGRES)) {
                Optional<ProcessHandle> orphan = Postmaster.of(layout.postgresData());
                if (orphan.isPresent()) {
                    handle = orphan.get();
                    problem = Optional.of("its launcher JVM is gone; ./platform down stops it");
                }
            }
            OptionalLong pid = handle == null ? OptionalLong.empty() : OptionalLong.of(handle.pid());
            statuses.add(new ProcessStatus(name, pid, portOf(name), handle != null || externalDatabase,
                    externalDatabase, problem));
        }
        return statuses;
    }

    /** Whether every process that {@link #up()} would start runs and is healthy. */
    public boolean isUp() {
        List<String> wanted = StartOrder.of(database, services).all();
        return processes.running().keySet().containsAll(wanted) && health.problems(wanted).isEmpty();
    }

    /** The gateway's base URL, e.g. {@code http://127.0.0.1:8080}. */
    public String gatewayUrl() {
        return "http://127.0.0.1:" + ports.gateway();
    }

    /** A service's base URL (its own port, bypassing the gateway), e.g. {@code http://127.0.0.1:8082}. */
    public String serviceUrl(String name) {
        Service service = Services.byName(name)
                .or(() -> Services.ALL.stream().filter(s -> s.shortName().equals(name)).findFirst())
                .orElseThrow(() -> new IllegalArgumentException("unknown service: " + name));
        return "http://127.0.0.1:" + ports.service(service);
    }

    /** The platform admin token (made on first use, kept in {@code <home>/admin-token}). */
    public String adminToken() {
        layout.createDirectories();
        return Keys.loadOrCreateAdminToken(layout.adminTokenFile());
    }

    /** The caller-token keys the gateway signs with and the services verify with. */
    public Keys.CallerTokenKeys callerTokenKeys() {
        layout.createDirectories();
        return Keys.loadOrCreateCallerTokenKeys(layout.keysDir());
    }

    /** Keycloak's base URL, e.g. {@code http://127.0.0.1:8120}. */
    public String keycloakUrl() {
        return "http://127.0.0.1:" + ports.keycloak();
    }

    /** The developer settings (the auth service's web app, through the gateway), e.g. {@code http://127.0.0.1:8080/app}. */
    public String appUrl() {
        return gatewayUrl() + "/app";
    }

    /** The password of Keycloak's bootstrap admin user ({@link KeycloakProcess#ADMIN_USERNAME}) in the master realm. */
    public String keycloakAdminPassword() {
        layout.createDirectories();
        return StackSecrets.loadOrCreate(layout).keycloakAdminPassword();
    }

    /** The secret of Keycloak's provisioning client ({@link KeycloakProcess#ADMIN_CLIENT_ID}) in the master realm. */
    public String keycloakAdminClientSecret() {
        layout.createDirectories();
        return StackSecrets.loadOrCreate(layout).keycloakAdminClientSecret();
    }

    /** The realm the auth service provisions for operators' staff. */
    public String keycloakRealm() {
        return ServiceEnvironment.KEYCLOAK_REALM;
    }

    public String kafkaBootstrapServers() {
        return "127.0.0.1:" + ports.kafka();
    }

    /** The database the services use (embedded, or from DATABASE_URL). */
    public Database database() {
        return database;
    }

    public Path logsDir() {
        return layout.logsDir();
    }

    public Path logFile(String name) {
        requireKnown(name);
        return processes.logFile(name);
    }

    public Path home() {
        return home;
    }

    public Path repoRoot() {
        return repoRoot;
    }

    public Ports ports() {
        return ports;
    }

    /** The selected services, in start order. */
    public List<Service> services() {
        return services;
    }

    /**
     * What {@link #up()} needs but is not built, as paths relative to the repository root: the launcher's
     * jar and classpath, Kafka's classpath and the selected services' jars.
     */
    public List<String> missingArtifacts() {
        return missingArtifacts(services);
    }

    private List<String> missingArtifacts(List<Service> servicesToRun) {
        List<Path> needed = new ArrayList<>(List.of(layout.launcherJar(), layout.launcherLib(), layout.kafkaLib(),
                layout.keycloakDistributions()));
        servicesToRun.forEach(s -> needed.add(s.jar(repoRoot)));
        return needed.stream().filter(p -> !Files.exists(p))
                .map(p -> repoRoot.relativize(p).toString()).toList();
    }

    // ------------------------------------------------------------------ checks before starting

    private void requireFreePorts(Collection<String> names) {
        for (String name : names) {
            for (int port : specs.portsOf(name)) {
                if (!ProcessControl.isFree(port)) {
                    throw new DevStackException("port " + port + " (" + name + ") is already in use");
                }
            }
        }
    }

    private void requireSameSettingsAsRunningStack(Map<String, ProcessHandle> running) {
        if (running.isEmpty()) {
            return;
        }
        StackState.read(home).ifPresent(state -> {
            if (explicitPorts && state.basePort() != ports.base()) {
                throw new DevStackException("the stack in " + display(home) + " is running on base port "
                        + state.basePort() + "; stop it first (./platform down) to use base port " + ports.base());
            }
            if (!Objects.equals(state.databaseUrl(), databaseUrl)) {
                throw new DevStackException("the stack in " + display(home) + " is running with "
                        + (state.databaseUrl() == null ? "its embedded PostgreSQL" : "another DATABASE_URL")
                        + "; stop it first (./platform down)");
            }
        });
    }

    private void requireKnown(String name) {
        if (!Services.PROCESS_NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown process '" + name + "' (known: "
                    + String.join(", ", Services.PROCESS_NAMES) + ")");
        }
    }

    // ------------------------------------------------------------------ processes

    private Process startProcess(String name, StackSecrets secrets) {
        ProcessSpec spec = specs.of(name, secrets);
        progress.accept("starting " + name + " on port " + spec.port());
        return processes.start(spec, home);
    }

    private int portOf(String name) {
        return specs.portsOf(name).get(0);
    }

    /**
     * Runs a command that starts or stops processes while holding {@code <home>/lock}, so two launchers never
     * work on one stack at once (an {@code up} racing a {@code down} would leave half a stack behind).
     */
    private <T> T locked(Supplier<T> action) {
        try (FileChannel channel = FileChannel.open(layout.lockFile(), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by another thread of this JVM
            }
            if (lock == null) {
                throw new DevStackException("another platform command is working on " + display(home)
                        + "; wait for it to finish");
            }
            try {
                return action.get();
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            throw new DevStackException("cannot lock " + display(layout.lockFile()) + ": " + e.getMessage(), e);
        }
    }

    /** A path as the user would type it: relative to the working directory when it lies beneath it. */
    static String display(Path path) {
        Path cwd = Path.of("").toAbsolutePath();
        return path.startsWith(cwd) && !path.equals(cwd) ? cwd.relativize(path).toString() : path.toString();
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static void removeShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is running or has run
        }
    }

    // ------------------------------------------------------------------ builder

    public static final class Builder {

        private Path repoRoot = findRepoRoot();
        private Path home;
        private Integer basePort;
        private boolean fresh;
        private List<Service> services;
        private List<String> serviceJavaOptions = DEFAULT_SERVICE_JAVA_OPTIONS;
        private String databaseUrl;
        private Duration startupTimeout = DEFAULT_STARTUP_TIMEOUT;
        private Consumer<String> progress = line -> { };
        private Map<String, String> environment = System.getenv();

        private Builder() {
        }

        /**
         * Applies the devstack's environment variables: {@code DEVSTACK_HOME}, {@code DEVSTACK_BASE_PORT},
         * {@code DEVSTACK_SERVICES}, {@code DEVSTACK_JAVA_OPTS} and {@code DATABASE_URL}, and
         * {@code KEYCLOAK_JAVA_HOME} (Keycloak's JDK). Setters called afterwards win.
         *
         * @throws IllegalArgumentException for a value that does not parse
         */
        public Builder environment(Map<String, String> env) {
            this.environment = Map.copyOf(env);
            value(env, "DEVSTACK_HOME").ifPresent(v -> home(Path.of(v)));
            value(env, "DEVSTACK_BASE_PORT").ifPresent(v -> basePort(parsePort("DEVSTACK_BASE_PORT", v)));
            value(env, "DEVSTACK_SERVICES").ifPresent(this::services);
            value(env, "DEVSTACK_JAVA_OPTS").ifPresent(v -> serviceJavaOptions(List.of(v.trim().split("\\s+"))));
            value(env, "DATABASE_URL").ifPresent(this::databaseUrl);
            return this;
        }

        /** The repository root, holding {@code mvnw}, the service modules and {@code devstack/target}. */
        public Builder repoRoot(Path repoRoot) {
            this.repoRoot = Objects.requireNonNull(repoRoot);
            return this;
        }

        /** Where the stack keeps its data, logs, pids and keys; default {@code <repo>/.devstack}. */
        public Builder home(Path home) {
            this.home = Objects.requireNonNull(home);
            return this;
        }

        /** Moves every port: gateway = base, services base+1.., PostgreSQL base+20, Kafka base+30/31. */
        public Builder basePort(int basePort) {
            new Ports(basePort); // validates
            this.basePort = basePort;
            return this;
        }

        /** Wipe the home's data (PostgreSQL, Kafka, logs, keys, admin token) before {@link #up()}. */
        public Builder fresh(boolean fresh) {
            this.fresh = fresh;
            return this;
        }

        /** Restricts which services start, e.g. {@code "gateway,auth-service"}; see {@link Services#select}. */
        public Builder services(String selection) {
            this.services = Services.select(selection);
            return this;
        }

        public Builder services(Collection<String> names) {
            return services(String.join(",", names));
        }

        /** JVM options of the services (not of PostgreSQL and Kafka); default {@link #DEFAULT_SERVICE_JAVA_OPTIONS}. */
        public Builder serviceJavaOptions(List<String> options) {
            this.serviceJavaOptions = List.copyOf(options);
            return this;
        }

        /** Use this PostgreSQL ({@code postgresql://user:password@host:port/db}) instead of starting one. */
        public Builder databaseUrl(String databaseUrl) {
            Database.parse(databaseUrl); // validates
            this.databaseUrl = databaseUrl;
            return this;
        }

        public Builder startupTimeout(Duration startupTimeout) {
            this.startupTimeout = Objects.requireNonNull(startupTimeout);
            return this;
        }

        /** Receives one line per step of {@link #up()} (starting, ready after ...). */
        public Builder progress(Consumer<String> progress) {
            this.progress = Objects.requireNonNull(progress);
            return this;
        }

        public DevStack build() {
            return new DevStack(this);
        }

        private static Optional<String> value(Map<String, String> env, String name) {
            return Optional.ofNullable(env.get(name)).filter(v -> !v.isBlank());
        }

        static int parsePort(String what, String value) {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(what + " must be a number, not '" + value + "'");
            }
        }

        /**
         * The system property {@code devstack.repoRoot} (set by ./platform), else the nearest directory at or
         * above the working directory holding {@code mvnw} and {@code devstack/} (a module's directory under
         * surefire), else the working directory.
         */
        static Path findRepoRoot() {
            String property = System.getProperty("devstack.repoRoot");
            if (property != null && !property.isBlank()) {
                return Path.of(property);
            }
            Path cwd = Path.of("").toAbsolutePath();
            for (Path dir = cwd; dir != null; dir = dir.getParent()) {
                if (Files.exists(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("devstack"))) {
                    return dir;
                }
            }
            return cwd;
        }
    }
}
