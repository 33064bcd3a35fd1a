package com.storageplatform.devstack;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The main class behind {@code ./platform}: parses the command line and drives {@link DevStack}. Expected
 * failures print one line, {@code platform: error: ...}, and exit 1 (2 for a usage error).
 */
public final class PlatformCommand {

    /** Tells ./platform that jars are missing and it should build, then run the command again. */
    static final int EXIT_BUILD_NEEDED = 3;
    static final int EXIT_ERROR = 1;
    static final int EXIT_USAGE = 2;

    private final Map<String, String> env;
    private final PrintStream out;
    private final PrintStream err;

    PlatformCommand(Map<String, String> env, PrintStream out, PrintStream err) {
        this.env = env;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        quietLibraryLogging();
        System.exit(new PlatformCommand(System.getenv(), System.out, System.err).run(args));
    }

    int run(String... args) {
        if (Stream.of(args).allMatch(arg -> arg.equals("--request-build"))) {
            err.print(usage());
            return EXIT_USAGE;
        }
        try {
            PlatformOptions options = PlatformOptions.parse(args);
            if (options.command().equals("help")) {
                out.print(usage());
                return 0;
            }
            DevStack stack = stack(options);
            return switch (options.command()) {
                case "up" -> up(stack, options);
                case "down" -> down(stack);
                case "status" -> status(stack);
                case "logs" -> logs(stack, options);
                case "stop" -> stopOne(stack, options.name());
                case "start" -> startOne(stack, options.name());
                default -> throw new IllegalStateException(options.command());
            };
        } catch (PlatformOptions.UsageException e) {
            err.println("platform: error: " + e.getMessage());
            return EXIT_USAGE;
        } catch (DevStackException | IllegalArgumentException e) {
            err.println("platform: error: " + e.getMessage());
            return EXIT_ERROR;
        } catch (RuntimeException e) {
            // A bug rather than an expected failure: still one line unless asked for more.
            err.println("platform: error: unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + (env.containsKey("DEVSTACK_DEBUG") ? "" : " (DEVSTACK_DEBUG=1 shows the stack trace)"));
            if (env.containsKey("DEVSTACK_DEBUG")) {
                e.printStackTrace(err);
            }
            return EXIT_ERROR;
        }
    }

    private DevStack stack(PlatformOptions options) {
        DevStack.Builder builder = DevStack.builder().environment(env)
                .progress(line -> out.println("platform: " + line));
        if (options.home() != null) {
            builder.home(options.home());
        }
        if (options.basePort() != null) {
            builder.basePort(options.basePort());
        }
        if (options.only() != null) {
            builder.services(options.only());
        }
        if (options.timeoutSeconds() != null) {
            builder.startupTimeout(Duration.ofSeconds(options.timeoutSeconds()));
        }
        return builder.fresh(options.fresh()).build();
    }

    private int up(DevStack stack, PlatformOptions options) {
        List<String> missing = stack.missingArtifacts();
        if (!missing.isEmpty() && options.requestBuild()) {
            out.println("platform: " + missing.get(0) + " is missing"
                    + (missing.size() > 1 ? " (and " + (missing.size() - 1) + " more)" : "")
                    + ", building: ./mvnw -q -B -DskipTests package");
            return EXIT_BUILD_NEEDED;
        }
        DevStack.UpResult result = stack.up();
        if (result.alreadyUp()) {
            out.println("platform is already up");
        } else {
            // From the launcher JVM's start (millisecond precision, unlike ProcessHandle's start instant).
            Instant jvmStart = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
            out.println("platform is up in " + DevStack.seconds(Duration.between(jvmStart, Instant.now()).toNanos()));
        }
        boolean gatewaySelected = stack.services().stream().anyMatch(Service::isGateway);
        out.println("  gateway      " + stack.gatewayUrl() + (gatewaySelected ? "" : " (not started: --only)"));
        out.println("  admin token  " + stack.adminToken());
        out.println("  settings     " + stack.appUrl() + " (operators sign in through Keycloak)");
        out.println("  keycloak     " + stack.keycloakUrl() + "/admin (user " + KeycloakProcess.ADMIN_USERNAME
                + ", password in " + DevStack.display(stack.home().resolve("keys/keycloak-admin-password")) + ")");
        out.println("  logs         " + DevStack.display(stack.logsDir()));
        out.println("  stop with    ./platform down" + homeOption(stack));
        return 0;
    }

    private int down(DevStack stack) {
        List<String> stopped = stack.down();
        out.println(stopped.isEmpty() ? "platform: nothing was running"
                : "platform: stopped " + String.join(", ", stopped));
        return 0;
    }

    private int stopOne(DevStack stack, String name) {
        out.println(stack.stop(name) ? "platform: stopped " + name : "platform: " + name + " was not running");
        return 0;
    }

    private int startOne(DevStack stack, String name) {
        stack.start(name);
        return 0;
    }

    private int status(DevStack stack) {
        out.println("devstack in " + DevStack.display(stack.home()) + ", base port " + stack.ports().base());
        String format = "%-20s %-8s %-6s %-9s %s%n";
        out.printf(Locale.ROOT, format, "NAME", "PID", "PORT", "STATE", "HEALTH");
        for (ProcessStatus status : stack.status()) {
            String state = status.external() ? "external" : status.running() ? "running" : "stopped";
            String health = !status.running() ? "-" : status.problem().map(p -> "unhealthy: " + p).orElse("ok");
            String pid = status.pid().isPresent() ? Long.toString(status.pid().getAsLong()) : "-";
            out.printf(Locale.ROOT, format, status.name(), pid, status.port(), state, health);
        }
        return 0;
    }

    private int logs(DevStack stack, PlatformOptions options) {
        if (options.name() == null) {
            out.println("logs in " + DevStack.display(stack.logsDir()) + " (./platform logs <name> [-f] [-n LINES]):");
            try (Stream<Path> files = Files.exists(stack.logsDir()) ? Files.list(stack.logsDir()) : Stream.empty()) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".log")).sorted()
                        .forEach(n -> out.println("  " + n.substring(0, n.length() - ".log".length())));
            } catch (IOException e) {
                throw new DevStackException("cannot list " + stack.logsDir() + ": " + e.getMessage());
            }
            return 0;
        }
        Path log = stack.logsDir().resolve(options.name() + ".log");
        if (!Files.exists(log)) {
            throw new DevStackException("no log for '" + options.name() + "' in " + DevStack.display(stack.logsDir()));
        }
        try {
            long position = printTail(log, options.lines());
            while (options.follow()) {
                Thread.sleep(250);
                long size = Files.exists(log) ? Files.size(log) : 0;
                if (size < position) {
                    position = 0; // rotated by a restart: follow the new file from its start
                }
                position = printFrom(log, position);
            }
        } catch (IOException e) {
            throw new DevStackException("cannot read " + log + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Prints the last {@code lines} lines; returns the offset reached. */
    private long printTail(Path log, int lines) throws IOException {
        List<String> tail = LogDiagnosis.tail(log);
        tail.subList(Math.max(0, tail.size() - lines), tail.size()).forEach(out::println);
        return Files.size(log);
    }

    private long printFrom(Path log, long position) throws IOException {
        if (!Files.exists(log)) {
            return position;
        }
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            if (length <= position) {
                return position;
            }
            byte[] bytes = new byte[(int) Math.min(length - position, 1 << 20)];
            file.seek(position);
            file.readFully(bytes);
            out.print(new String(bytes, StandardCharsets.UTF_8));
            out.flush();
            return position + bytes.length;
        }
    }

    private static String homeOption(DevStack stack) {
        Path defaultHome = stack.repoRoot().resolve(".devstack");
        return stack.home().equals(defaultHome) || stack.home().equals(realPath(defaultHome))
                ? "" : " --home " + DevStack.display(stack.home());
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path;
        }
    }

    /** The Kafka admin client used for health checks warns on every refused connection while Kafka starts. */
    private static void quietLibraryLogging() {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka",
                System.getProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "off"));
    }

    static String usage() {
        return """
                Usage: ./platform <command> [options]

                The local platform: PostgreSQL, a Kafka broker, Keycloak and every service as
                processes on this machine, state in <repo>/.devstack.

                Commands:
                  up            build what is missing, start everything and wait until it is healthy
                  down          stop everything this devstack started
                  status        each process: pid, port, running or not, health
                  logs [NAME]   the end of NAME's log (-f follows, -n LINES); without NAME, the logs
                  stop NAME     stop one process, e.g. after rebuilding its jar
                  start NAME    start one process and wait until it is healthy
                  help          this text

                Options:
                  --fresh             (up) first wipe the data: PostgreSQL, Kafka, logs, keys, admin token
                  --base-port N       move every port (default 8080): gateway N, services N+1..N+7,
                                      PostgreSQL N+20, Kafka N+30 (controller N+31), Keycloak N+40
                  --home DIR          keep the state in DIR instead of <repo>/.devstack
                  --only LIST         (up) start only these services, e.g. gateway,auth-service
                                      (PostgreSQL, Kafka and Keycloak always start; --only
                                      postgres,kafka starts them alone)
                  --timeout SECONDS   (up, start) how long to wait until healthy (default 150)

                Environment:
                  DEVSTACK_BASE_PORT, DEVSTACK_HOME, DEVSTACK_SERVICES  as --base-port, --home, --only
                  DEVSTACK_JAVA_OPTS  JVM options of the services, replacing the default
                                      -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k -Xmx384m
                                      -XX:+ExitOnOutOfMemoryError
                  DATABASE_URL        postgresql://user:password@host:port/db: use that PostgreSQL
                                      and start none
                  KEYCLOAK_JAVA_HOME  the JDK (21 or newer) Keycloak runs on; default: this java
                                      when new enough, else the newest under /usr/lib/jvm

                Processes: postgres, kafka, keycloak, gateway, auth-service, catalogue-service,
                commerce-service, billing-service, crm-service, compliance-service,
                webhook-dispatcher. Configuration contract: docs/configuration.md.
                """;
    }
}
