package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./platform} script itself, run as a user would run it but from a copy in a temporary repository, with
 * a PATH that holds exactly the programs each case needs: a {@code java} and a {@code ./mvnw} that only record
 * what they were asked, so the script's own logic (the JDK check, when it builds, what it prints) is what runs.
 */
class PlatformScriptTest {

    @TempDir
    Path repo;
    @TempDir
    Path bin;

    /** What a run printed and how it ended. */
    record Run(int exitCode, List<String> out, List<String> err) {
    }

    @BeforeEach
    void copyTheScript() throws IOException {
        Path script = repo.resolve("platform");
        Files.copy(DevStack.Builder.findRepoRoot().resolve("platform"), script);
        executable(script);
        // The shebang is "#!/usr/bin/env bash": env finds bash on the PATH the script is given.
        Files.createSymbolicLink(bin.resolve("bash"), Path.of(which("bash")));
    }

    private Run run(String path, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(repo.resolve("platform").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", path);
        builder.environment().put("HOME", repo.toString());
        Path out = repo.resolve("out.txt");
        Path err = repo.resolve("err.txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the script finished").isTrue();
        return new Run(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
    }

    @Test
    void withoutJavaOnThePathThePlatformSaysSoInOneLineAndExitsOne() throws Exception {
        Run run = run(bin.toString(), "up");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err())
                .containsExactly("platform: error: a JDK 17 or newer is required (java not found on PATH)");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void upAfterABuildPrintsTheTotalTimeWithTheBuildIncluded() throws Exception {
        fakeJavaAndMaven();
        Files.createDirectories(repo.resolve("devstack/target/lib"));
        Files.createDirectories(repo.resolve("devstack/target/kafka-lib"));
        Files.writeString(repo.resolve("devstack/target/devstack.jar"), "");

        Run run = run(bin.toString(), "--base-port", "9000", "up");

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(Files.readAllLines(repo.resolve("java-calls.txt")))
                .containsExactly("--base-port 9000 up --request-build", "--base-port 9000 up");
        assertThat(run.out()).hasSize(2);
        assertThat(run.out().get(0)).isEqualTo("launcher: --base-port 9000 up");
        assertThat(run.out().get(1)).matches("platform: \\d+ s in all, the build included");
    }

    @Test
    void upWithNothingToBuildLeavesTheTimingToTheLauncher() throws Exception {
        fakeJavaAndMaven();
        Files.createDirectories(repo.resolve("devstack/target/lib"));
        Files.createDirectories(repo.resolve("devstack/target/kafka-lib"));
        Files.writeString(repo.resolve("devstack/target/devstack.jar"), "");
        Files.writeString(repo.resolve("built"), "");

        Run run = run(bin.toString(), "up");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).containsExactly("launcher: up --request-build");
    }

    @Test
    void otherCommandsNeverPrintATotal() throws Exception {
        fakeJavaAndMaven();

        Run run = run(bin.toString(), "status");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).containsExactly(
                "platform: the devstack launcher is not built, building: ./mvnw -q -B -DskipTests package",
                "launcher: status");
    }

    /**
     * A {@code java} that says it is 17, records each launcher call's arguments, asks for a build (exit 3, as
     * PlatformCommand does) until {@code ./mvnw} has run and otherwise prints its arguments; a {@code ./mvnw}
     * that "builds" by leaving a file.
     */
    private void fakeJavaAndMaven() throws IOException {
        Path java = bin.resolve("java");
        Files.writeString(java, """
                #!/usr/bin/env bash
                if [[ "$*" == *-XshowSettings* ]]; then
                  echo "    java.specification.version = 17" >&2
                  exit 0
                fi
                launcher=()
                seen=0
                for arg in "$@"; do
                  (( seen )) && launcher+=("$arg")
                  [[ "$arg" == com.storageplatform.devstack.PlatformCommand ]] && seen=1
                done
                echo "${launcher[*]}" >> "%1$s/java-calls.txt"
                if [[ "$*" == *--request-build* && ! -f "%1$s/built" ]]; then
                  exit 3
                fi
                echo "launcher: ${launcher[*]}"
                """.formatted(repo), StandardCharsets.UTF_8);
        executable(java);
        Path mvnw = repo.resolve("mvnw");
        Files.writeString(mvnw, """
                #!/usr/bin/env bash
                : > "%1$s/built"
                """.formatted(repo), StandardCharsets.UTF_8);
        executable(mvnw);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String which(String program) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException(program + " is not on the PATH");
    }
}
