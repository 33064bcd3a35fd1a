package com.storageplatform.devstack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import org.apache.kafka.common.Uuid;

/**
 * How each process of the stack is run: its command line, ports and environment, and the one-off steps before
 * a first start (formatting Kafka's storage, building Keycloak).
 */
final class ProcessSpecs {

    static final List<String> KAFKA_JAVA_OPTIONS = List.of(
            "-Xms512m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
            "-Djava.awt.headless=true");
    static final List<String> HELPER_JAVA_OPTIONS = List.of(
            "-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss512k");

    private final StackLayout layout;
    private final Ports ports;
    private final Database database;
    private final ProcessControl processes;
    private final List<String> serviceJavaOptions;
    private final Map<String, String> environment;
    private final Consumer<String> progress;

    ProcessSpecs(StackLayout layout, Ports ports, Database database, ProcessControl processes,
            List<String> serviceJavaOptions, Map<String, String> environment, Consumer<String> progress) {
        this.layout = layout;
        this.ports = ports;
        this.database = database;
        this.processes = processes;
        this.serviceJavaOptions = serviceJavaOptions;
        this.environment = environment;
        this.progress = progress;
    }

    ProcessSpec of(String name, StackSecrets secrets) {
        return switch (name) {
            case Services.POSTGRES -> postgres();
            case Services.KAFKA -> kafka();
            case Services.KEYCLOAK -> keycloak(secrets);
            default -> service(Services.byName(name).orElseThrow(), secrets);
        };
    }

    /** The ports a process listens on: checked free before it starts. */
    List<Integer> portsOf(String name) {
        return switch (name) {
            case Services.POSTGRES -> List.of(database.external() ? database.port() : ports.postgres());
            case Services.KAFKA -> List.of(ports.kafka(), ports.kafkaController());
            case Services.KEYCLOAK -> List.of(ports.keycloak());
            // A service's API port, then its management port (Prometheus, ADR 0022).
            default -> List.of(ports.service(Services.byName(name).orElseThrow()),
                    ports.management(Services.byName(name).orElseThrow()));
        };
    }

    private ProcessSpec postgres() {
        List<String> command = javaCommand(Services.POSTGRES, HELPER_JAVA_OPTIONS);
        command.addAll(List.of("-cp", layout.launcherJar() + java.io.File.pathSeparator + layout.launcherLib().resolve("*"),
                PostgresProcess.class.getName(), layout.postgresData().toString(), Integer.toString(ports.postgres())));
        return new ProcessSpec(Services.POSTGRES, portsOf(Services.POSTGRES), command, Map.of());
    }

    private ProcessSpec kafka() {
        Path config = layout.configDir();
        Path serverProperties = config.resolve("kafka.properties");
        Path log4j = config.resolve("kafka-log4j2.properties");
        try {
            Files.createDirectories(config);
            Files.writeString(serverProperties, KafkaConfig.render(KafkaConfig.properties(ports, layout.kafkaData())));
            try (InputStream in = Objects.requireNonNull(
                    DevStack.class.getResourceAsStream("kafka-log4j2.properties"))) {
                Files.write(log4j, in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> classpath = List.of("-cp", layout.kafkaLib().resolve("*").toString());
        if (!KafkaConfig.isFormatted(layout.kafkaData())) {
            formatKafkaStorage(classpath, serverProperties, log4j);
        }
        List<String> command = javaCommand(Services.KAFKA, KAFKA_JAVA_OPTIONS);
        command.add("-Dlog4j2.configurationFile=" + log4j);
        command.addAll(classpath);
        command.addAll(List.of("kafka.Kafka", serverProperties.toString()));
        return new ProcessSpec(Services.KAFKA, portsOf(Services.KAFKA), command, Map.of());
    }

    /** Once per data directory: KRaft needs its storage formatted with a cluster id before the first start. */
    private void formatKafkaStorage(List<String> classpath, Path serverProperties, Path log4j) {
        progress.accept("formatting Kafka's storage");
        List<String> command = new ArrayList<>(List.of(javaExecutable()));
        command.addAll(HELPER_JAVA_OPTIONS);
        command.add("-Dlog4j2.configurationFile=" + log4j);
        command.addAll(classpath);
        command.addAll(List.of("kafka.tools.StorageTool", "format",
                "--cluster-id", Uuid.randomUuid().toString(), "--config", serverProperties.toString(),
                "--ignore-formatted"));
        Path log = layout.logsDir().resolve("kafka-format.log");
        int exit = processes.runToCompletion(command, log, layout.home(), Duration.ofSeconds(120));
        if (exit != 0) {
            throw new DevStackException("formatting Kafka's storage failed: " + LogDiagnosis.fromFile(log)
                    + " (log: " + DevStack.display(log) + ")");
        }
    }

    /** Keycloak on its own JDK (21+), built once per checkout, its data under the home. */
    private ProcessSpec keycloak(StackSecrets secrets) {
        KeycloakProcess keycloak = KeycloakProcess.locate(layout.repoRoot(), environment);
        Path log = layout.logsDir().resolve("keycloak-build.log");
        keycloak.ensureBuilt(log, (command, output) -> {
            progress.accept("building the Keycloak server (once per checkout)");
            return processes.runToCompletion(command, output, layout.home(), Duration.ofSeconds(300));
        });
        try {
            Files.createDirectories(layout.keycloakData());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = keycloak.startCommand(processes.markers(Services.KEYCLOAK), layout.keycloakData(),
                ports.keycloak());
        return new ProcessSpec(Services.KEYCLOAK, portsOf(Services.KEYCLOAK), command,
                KeycloakProcess.bootstrapEnvironment(secrets.keycloakAdminPassword(),
                        secrets.keycloakAdminClientSecret()));
    }

    private ProcessSpec service(Service service, StackSecrets secrets) {
        List<String> command = javaCommand(service.name(), serviceJavaOptions);
        command.addAll(List.of("-jar", service.jar(layout.repoRoot()).toString()));
        return new ProcessSpec(service.name(), portsOf(service.name()), command,
                ServiceEnvironment.of(service, ports, database, secrets));
    }

    /** {@code java}, the markers that identify the process as this stack's, then the JVM options. */
    private List<String> javaCommand(String name, List<String> javaOptions) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(processes.markers(name));
        command.addAll(javaOptions);
        return command;
    }

    /** The JDK running the launcher also runs the stack (Keycloak aside), so the JDK check of ./platform covers both. */
    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
