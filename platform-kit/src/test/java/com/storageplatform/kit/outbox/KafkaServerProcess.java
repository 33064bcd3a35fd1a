package com.storageplatform.kit.outbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import com.storageplatform.devstack.KafkaConfig;
import org.apache.kafka.common.Uuid;

/**
 * A real Kafka broker (KRaft, combined broker and controller, configured as the devstack's) in a process of its
 * own, started from the test classpath's Kafka jars with a fixed port and a data directory that survives a
 * restart. The outage test stops it and starts it again, which the in-process embedded broker cannot do on the
 * same address.
 */
final class KafkaServerProcess implements AutoCloseable {

    private final Path home;
    private final int port;
    private final int controllerPort;
    private Process process;

    private KafkaServerProcess(Path home, int port, int controllerPort) {
        this.home = home;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** Formats a fresh data directory and starts the broker on free ports. */
    static KafkaServerProcess startNew() {
        try {
            KafkaServerProcess kafka = new KafkaServerProcess(Files.createTempDirectory("kafka-process"), freePort(),
                    freePort());
            kafka.writeConfig();
            kafka.run(List.of("kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(), "-c",
                    kafka.config().toString(), "--ignore-formatted"), true);
            kafka.start();
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public synchronized void start() {
        process = run(List.of("kafka.Kafka", config().toString()), false);
        awaitReady(Duration.ofSeconds(60));
    }

    /** Stops the broker (SIGTERM, then kill), keeping its data. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    @Override
    public void close() {
        stop();
    }

    private Path config() {
        return home.resolve("server.properties");
    }

    private void writeConfig() throws IOException {
        Files.writeString(config(), KafkaConfig.render(KafkaConfig.properties(port, controllerPort, home.resolve("data"))));
    }

    private Process run(List<String> mainAndArgs, boolean waitForExit) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xmx512m", "-cp",
                System.getProperty("java.class.path")));
        command.addAll(mainAndArgs);
        try {
            Process started = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("kafka.log").toFile()))
                    .start();
            if (waitForExit && started.waitFor() != 0) {
                throw new IllegalStateException("Kafka command failed: " + mainAndArgs + " (see " + home.resolve("kafka.log") + ")");
            }
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Kafka exited while starting (see " + home.resolve("kafka.log") + ")");
            }
            if (accepts(port)) {
                try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000,
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000))) {
                    admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
                    return;
                } catch (Exception notYet) {
                    // keep waiting
                }
            }
            sleep(200);
        }
        throw new IllegalStateException("Kafka did not become ready within " + timeout);
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
