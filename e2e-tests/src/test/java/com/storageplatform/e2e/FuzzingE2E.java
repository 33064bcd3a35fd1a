package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The bounded malformed-input run of CI: {@code bench/fuzz-api.sh} (Schemathesis) against the suite's devstack,
 * every operation of {@code GET /openapi.json}. It fails with the script's findings (a 5xx, an error outside the
 * envelope, an undocumented status or a schema mismatch); the report and the failed seed stay under
 * {@code e2e-tests/target/fuzz/}. Skipped, saying so, only when Schemathesis cannot be installed (no python3 or no
 * package index). The budget: {@code e2e.fuzz.examples} cases per operation and {@code e2e.fuzz.seconds} per part,
 * in Schemathesis' {@code e2e.fuzz.phases} (its coverage phase, thousands of cases on its own, is the script's
 * default outside the build).
 */
class FuzzingE2E {

    private final DevStack stack = Stack.get();

    @Test
    void noOperationAnswersMalformedInputWithA5xxOrOutsideItsDocumentedAnswers()
            throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("e2e.repo-root", "..")).toAbsolutePath().normalize();
        Path results = root.resolve("e2e-tests/target/fuzz");
        Files.createDirectories(results);
        ProcessBuilder script = new ProcessBuilder("bash", "bench/fuzz-api.sh", stack.gatewayUrl(),
                System.getProperty("e2e.fuzz.examples", "10"), System.getProperty("e2e.fuzz.seconds", "240"))
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(results.resolve("fuzz-api.log").toFile());
        script.environment().put("ADMIN_TOKEN", stack.adminToken());
        script.environment().put("RESULTS", results.toString());
        script.environment().put("PHASES", System.getProperty("e2e.fuzz.phases", "examples,fuzzing"));
        // Where Schemathesis comes from (a wheel or folder, without the package index) or a made environment.
        passOn(script, "e2e.fuzz.schemathesis", "SCHEMATHESIS");
        passOn(script, "e2e.fuzz.venv", "FUZZ_VENV");
        long started = System.nanoTime();
        Process run = script.start();
        if (!run.waitFor(15, TimeUnit.MINUTES)) {
            run.destroyForcibly().waitFor();
        }
        String log = Files.readString(results.resolve("fuzz-api.log"), StandardCharsets.UTF_8);
        System.out.printf("[fuzz] %.0f s%n%s%n", (System.nanoTime() - started) / 1e9, log);
        Assumptions.assumeTrue(run.exitValue() != 3, "Skipped: Schemathesis cannot be installed here (python3 or the "
                + "Python package index is unreachable): " + log.strip().lines().reduce((a, b) -> b).orElse(""));
        assertThat(run.exitValue())
                .as("bench/fuzz-api.sh found inputs answered wrongly (report in %s):%n%s", results, log).isZero();
    }

    private static void passOn(ProcessBuilder script, String property, String variable) {
        String value = System.getProperty(property, "");
        if (!value.isBlank()) {
            script.environment().put(variable, value);
        }
    }
}
