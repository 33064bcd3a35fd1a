package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return new PlatformCommand(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    @Test
    void aUsageMistakeIsOneLineAndExitCodeTwo() {
        assertThat(run(Map.of(), "up", "--base-port", "nope")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("platform: error: --base-port needs a number, not 'nope'" + System.lineSeparator());
    }

    @Test
    void aBadEnvironmentVariableIsOneLineAndExitCodeOne() {
        assertThat(run(Map.of("DEVSTACK_SERVICES", "gateway,nope"), "status")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("platform: error: unknown service 'nope'")
                .hasLineCount(1);
    }

    @Test
    void helpListsTheCommands() {
        assertThat(run(Map.of(), "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("up", "down", "status", "logs", "--base-port", "--home");
    }

    @Test
    void missingJarsMakeTheScriptBuildWhenItAsks(@TempDir Path repo) {
        Map<String, String> env = Map.of("DEVSTACK_HOME", repo.resolve("home").toString());
        System.setProperty("devstack.repoRoot", repo.toString());
        try {
            assertThat(run(env, "up", "--only", "gateway", "--request-build")).isEqualTo(PlatformCommand.EXIT_BUILD_NEEDED);
            assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("platform: devstack/target/devstack.jar is missing (and 4 more), building");

            assertThat(run(env, "up", "--only", "gateway")).isEqualTo(1);
            assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("platform: error: devstack/target/devstack.jar is missing")
                    .hasLineCount(1);
        } finally {
            System.clearProperty("devstack.repoRoot");
        }
    }
}
