package com.storageplatform.devstack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keycloak, the operators' identity provider, as a process of the stack: the server distribution that Maven
 * unpacks into {@code devstack/target/keycloak/keycloak-<version>/}, run by its own Quarkus entry point on a
 * Java 21+ JDK (the platform's services run on 17; ADR 0023).
 *
 * <p>The distribution is built once ({@code kc.sh build}, about 7 s, under a file lock so two stacks never
 * build at once) and then started with {@code start --optimized}: plain HTTP on 127.0.0.1, a local cache (no
 * JGroups cluster), and its H2 database and transaction log in the caller's data directory, so the
 * distribution itself is shared read-only by every stack and test JVM of the checkout. On the first start of
 * a data directory Keycloak creates the bootstrap admin user and service client from its environment.
 */
public final class KeycloakProcess {

    public static final String NAME = "keycloak";
    /** The master realm's bootstrap service client, through which the auth service provisions its realm. */
    public static final String ADMIN_CLIENT_ID = "platform-provisioner";
    /** The master realm's bootstrap admin user, for Keycloak's own admin console. */
    public static final String ADMIN_USERNAME = "admin";
    /** Health: the master realm answers once Keycloak serves. */
    public static final String HEALTH_PATH = "/realms/master";

    static final List<String> JAVA_OPTIONS = List.of("-Xms64m", "-Xmx512m", "-XX:MetaspaceSize=96M",
            "-XX:MaxMetaspaceSize=256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
            "-Dfile.encoding=UTF-8",
            // What kc.sh adds, and java.lang for JBoss Threads' thread-local reset on Java 24 and later.
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.security=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED");
    static final String KEYCLOAK_JAVA_HOME = "KEYCLOAK_JAVA_HOME";
    private static final Path SYSTEM_JVMS = Path.of("/usr/lib/jvm");
    private static final int MINIMUM_JAVA = 21;
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");
    private static final String BUILT_MARKER = "devstack-built";
    /** Build-time options; changing them rebuilds the distribution on the next start. */
    static final List<String> BUILD_OPTIONS = List.of("--db=dev-file", "--health-enabled=false",
            "--metrics-enabled=false");

    private final Path distribution;
    private final Path javaHome;

    private KeycloakProcess(Path distribution, Path javaHome) {
        this.distribution = distribution;
        this.javaHome = javaHome;
    }

    /**
     * Finds the distribution under the repository and a Java 21+ JDK.
     *
     * @throws DevStackException naming what is missing: the unpacked distribution, or a JDK new enough
     */
    public static KeycloakProcess locate(Path repoRoot, Map<String, String> env) {
        return new KeycloakProcess(distribution(repoRoot), javaHome(env, SYSTEM_JVMS, Runtime.version().feature()));
    }

    public Path distribution() {
        return distribution;
    }

    public Path javaHome() {
        return javaHome;
    }

    /** {@code devstack/target/keycloak/keycloak-<version>}: the one Maven unpacked. */
    static Path distribution(Path repoRoot) {
        Path parent = repoRoot.resolve("devstack/target/keycloak");
        try (Stream<Path> entries = Files.exists(parent) ? Files.list(parent) : Stream.empty()) {
            return entries.filter(p -> p.getFileName().toString().startsWith("keycloak-"))
                    .filter(p -> Files.exists(p.resolve("lib/quarkus-run.jar")))
                    .max(Comparator.naturalOrder())
                    .orElseThrow(() -> new DevStackException("the Keycloak server is missing ("
                            + repoRoot.relativize(parent) + "/keycloak-<version>); build with ./mvnw -DskipTests "
                            + "package (the devstack module unpacks it from Maven Central)"));
        } catch (IOException e) {
            throw new DevStackException("cannot read " + parent + ": " + e.getMessage(), e);
        }
    }

    /**
     * A JDK of version 21 or newer: {@code KEYCLOAK_JAVA_HOME} when set, else this JVM when it is new enough, else
     * the newest one under the system's JVM folder ({@code /usr/lib/jvm}).
     */
    static Path javaHome(Map<String, String> env, Path systemJvms, int runningVersion) {
        String configured = env.get(KEYCLOAK_JAVA_HOME);
        if (configured != null && !configured.isBlank()) {
            Path home = Path.of(configured.trim());
            int version = majorVersion(home).orElseThrow(() -> new DevStackException(KEYCLOAK_JAVA_HOME + "=" + home
                    + " is not a JDK (no bin/java and release file)"));
            if (version < MINIMUM_JAVA) {
                throw new DevStackException(KEYCLOAK_JAVA_HOME + "=" + home + " is Java " + version
                        + "; Keycloak needs Java " + MINIMUM_JAVA + " or newer");
            }
            return home;
        }
        if (runningVersion >= MINIMUM_JAVA) {
            return Path.of(System.getProperty("java.home"));
        }
        try (Stream<Path> jvms = Files.isDirectory(systemJvms) ? Files.list(systemJvms) : Stream.empty()) {
            return jvms.filter(home -> majorVersion(home).orElse(0) >= MINIMUM_JAVA)
                    .max(Comparator.comparing((Path home) -> majorVersion(home).orElse(0)).thenComparing(Path::toString))
                    .orElseThrow(() -> new DevStackException("Keycloak needs Java " + MINIMUM_JAVA
                            + " or newer, and none was found (this JVM is " + runningVersion
                            + ", none under " + systemJvms + "): install one (for example Temurin 21 or 25) or set "
                            + KEYCLOAK_JAVA_HOME));
        } catch (IOException e) {
            throw new DevStackException("cannot list " + systemJvms + ": " + e.getMessage(), e);
        }
    }

    /** The feature version from a JDK's {@code release} file, when it also has {@code bin/java}. */
    static Optional<Integer> majorVersion(Path javaHome) {
        try {
            Path release = javaHome.resolve("release");
            if (!Files.isExecutable(javaHome.resolve("bin/java")) || !Files.isReadable(release)) {
                return Optional.empty();
            }
            Matcher matcher = JAVA_VERSION.matcher(Files.readString(release));
            return matcher.find() ? Optional.of(Integer.parseInt(matcher.group(1))) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Builds the distribution with {@link #BUILD_OPTIONS} unless it already was: under a lock in the distribution,
     * since stacks and test JVMs of one checkout share it.
     *
     * @param run runs a command to completion, its output in {@code log}, and returns the exit code
     */
    public void ensureBuilt(Path log, BiFunction<List<String>, Path, Integer> run) {
        Path marker = distribution.resolve("lib/quarkus").resolve(BUILT_MARKER);
        String wanted = String.join(" ", BUILD_OPTIONS);
        try (FileChannel channel = FileChannel.open(distribution.resolve(".devstack-build.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            if (Files.exists(marker) && Files.readString(marker).trim().equals(wanted)) {
                return;
            }
            List<String> command = new ArrayList<>(java(List.of()));
            command.add("build");
            command.addAll(BUILD_OPTIONS);
            int exit = run.apply(command, log);
            if (exit != 0) {
                throw new DevStackException("building the Keycloak server failed (exit " + exit + "): "
                        + LogDiagnosis.fromFile(log) + " (log: " + DevStack.display(log) + ")");
            }
            Files.writeString(marker, wanted + "\n");
        } catch (IOException e) {
            throw new DevStackException("cannot build Keycloak in " + distribution + ": " + e.getMessage(), e);
        }
    }

    /**
     * The command that runs the server on 127.0.0.1:{@code port} with its data in {@code dataDir}.
     *
     * @param markers JVM options put right after {@code java} (the devstack's process markers)
     */
    public List<String> startCommand(List<String> markers, Path dataDir, int port) {
        List<String> options = new ArrayList<>(markers);
        // The transaction log must not be the distribution's own: one per data directory.
        options.add("-Dquarkus.transaction-manager.object-store.directory=" + dataDir.resolve("transaction-logs"));
        List<String> command = new ArrayList<>(java(options));
        command.addAll(List.of("start", "--optimized",
                "--http-enabled=true", "--http-host=127.0.0.1", "--http-port=" + port,
                // Local development and tests: URLs follow the request's host, over plain HTTP.
                "--hostname-strict=false", "--cache=local",
                "--db-url=jdbc:h2:file:" + dataDir.resolve("keycloakdb") + ";NON_KEYWORDS=VALUE"));
        return command;
    }

    /**
     * The environment of the first start of a data directory: Keycloak creates the master realm's admin user and
     * the provisioning service client from it (later starts ignore it).
     */
    public static Map<String, String> bootstrapEnvironment(String adminPassword, String adminClientSecret) {
        return Map.of("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN_USERNAME,
                "KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword,
                "KC_BOOTSTRAP_ADMIN_CLIENT_ID", ADMIN_CLIENT_ID,
                "KC_BOOTSTRAP_ADMIN_CLIENT_SECRET", adminClientSecret);
    }

    /** {@code java}, the markers, the JVM options and what {@code kc.sh} adds, up to the entry point. */
    private List<String> java(List<String> markers) {
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin/java").toString());
        command.addAll(markers);
        command.addAll(JAVA_OPTIONS);
        command.addAll(List.of(
                "-Dkc.home.dir=" + distribution,
                "-Djboss.server.config.dir=" + distribution.resolve("conf"),
                "-Djava.util.logging.manager=org.jboss.logmanager.LogManager",
                "-Dpicocli.disable.closures=true",
                "-Dquarkus-log-max-startup-records=10000",
                "-Djava.util.concurrent.ForkJoinPool.common.threadFactory="
                        + "io.quarkus.bootstrap.forkjoin.QuarkusForkJoinWorkerThreadFactory",
                "-cp", distribution.resolve("lib/quarkus-run.jar").toString(),
                "io.quarkus.bootstrap.runner.QuarkusEntryPoint"));
        return command;
    }
}
