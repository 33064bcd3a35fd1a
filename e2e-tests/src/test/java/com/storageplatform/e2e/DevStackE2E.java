package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.devstack.DevStackException;
import com.storageplatform.devstack.ProcessStatus;
import com.storageplatform.devstack.Services;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The devstack's own behaviour against real processes, on a stack of its own (its own home and ports, base port
 * 200 above the shared one) that runs only the infrastructure (PostgreSQL, Kafka, Keycloak): a port in use fails
 * {@code up} in one line, {@code up} with fresh wipes the data, writes the admin token and {@code status} reports
 * each process's health, and after {@code down} no process of the stack is left.
 */
class DevStackE2E {

    private final Path home = Path.of(System.getProperty("e2e.home", "target/devstack"))
            .resolveSibling("devstack-lifecycle").toAbsolutePath().normalize();
    private final int basePort = Integer.getInteger("e2e.base-port", 18080) + 200;
    private final DevStack stack = DevStack.builder()
            .repoRoot(Path.of(System.getProperty("e2e.repo-root", "..")).toAbsolutePath().normalize())
            .home(home)
            .basePort(basePort)
            .services("none")
            .fresh(true)
            .startupTimeout(Duration.ofSeconds(180))
            .progress(line -> System.out.println("[devstack-lifecycle] " + line))
            .build();

    @AfterEach
    void stopWhateverIsLeft() {
        stack.down();
    }

    @Test
    void aPortInUseFailsUpInOneLineNamingThePortAndStartsNothing() throws IOException {
        int postgresPort = stack.ports().postgres();
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("0.0.0.0", postgresPort));

            assertThatThrownBy(stack::up).isInstanceOf(DevStackException.class)
                    .hasMessage("port " + postgresPort + " (postgres) is already in use");
        }
        assertThat(processesOfTheStack()).isEmpty();
    }

    @Test
    void upWithFreshWipesTheDataWritesTheAdminTokenAndDownLeavesNoProcess() throws IOException {
        Path oldPostgresData = home.resolve("postgres/left-from-an-earlier-run");
        Path oldKafkaData = home.resolve("kafka/left-from-an-earlier-run");
        Path oldKeycloakData = home.resolve("keycloak/left-from-an-earlier-run");
        for (Path old : List.of(oldPostgresData, oldKafkaData, oldKeycloakData)) {
            Files.createDirectories(old.getParent());
            Files.writeString(old, "old");
        }

        DevStack.UpResult result = stack.up();

        assertThat(result.alreadyUp()).isFalse();
        assertThat(result.started()).containsExactly(Services.POSTGRES, Services.KAFKA, Services.KEYCLOAK);
        assertThat(oldPostgresData).doesNotExist();
        assertThat(oldKafkaData).doesNotExist();
        assertThat(oldKeycloakData).doesNotExist();
        assertThat(home.resolve("postgres/PG_VERSION")).exists();
        // Read before adminToken(), which would make the file itself.
        Path adminToken = home.resolve("admin-token");
        assertThat(adminToken).exists();
        assertThat(Files.readString(adminToken).trim()).startsWith("svc_admin_").hasSize("svc_admin_".length() + 40)
                .isEqualTo(stack.adminToken());

        Map<String, ProcessStatus> status = stack.status().stream()
                .collect(Collectors.toMap(ProcessStatus::name, Function.identity()));
        assertThat(stack.status()).extracting(ProcessStatus::name).containsExactlyElementsOf(Services.PROCESS_NAMES);
        for (String infrastructure : Services.INFRASTRUCTURE) {
            ProcessStatus process = status.get(infrastructure);
            assertThat(process.running()).as(infrastructure + " running").isTrue();
            assertThat(process.pid()).as(infrastructure + " pid").isPresent();
            assertThat(process.problem()).as(infrastructure + " health").isEmpty();
            assertThat(process.healthy()).isTrue();
        }
        assertThat(status.get(Services.POSTGRES).port()).isEqualTo(basePort + 20);
        assertThat(status.get(Services.KAFKA).port()).isEqualTo(basePort + 30);
        assertThat(status.get(Services.KEYCLOAK).port()).isEqualTo(basePort + 40);
        ProcessStatus gateway = status.get(Services.GATEWAY);
        assertThat(gateway.running()).isFalse();
        assertThat(gateway.healthy()).isFalse();
        assertThat(gateway.problem()).contains("not running");
        assertThat(processesOfTheStack()).isNotEmpty();

        assertThat(stack.down()).containsExactly(Services.POSTGRES, Services.KAFKA, Services.KEYCLOAK);

        assertThat(processesOfTheStack()).isEmpty();
        assertThat(stack.status()).noneMatch(ProcessStatus::running);
    }

    /**
     * Every live process whose command line names this stack's home: the marked JVMs
     * ({@code -Ddevstack.home=<home>}), and the postmaster, which carries its data directory instead.
     */
    private List<String> processesOfTheStack() {
        String marker = "-Ddevstack.home=" + stack.home();
        String dataDirectory = stack.home() + "/";
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .map(handle -> handle.pid() + " " + commandLine(handle))
                .filter(line -> line.contains(marker + " ") || line.endsWith(marker) || line.contains(dataDirectory))
                .toList();
    }

    private static String commandLine(ProcessHandle handle) {
        ProcessHandle.Info info = handle.info();
        return info.command().orElse("") + " " + info.arguments().map(args -> String.join(" ", Arrays.asList(args)))
                .orElse("");
    }
}
