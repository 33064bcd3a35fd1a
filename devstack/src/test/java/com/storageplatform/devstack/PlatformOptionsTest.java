package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class PlatformOptionsTest {

    @Test
    void upWithEveryOption() {
        PlatformOptions options = PlatformOptions.parse("up", "--fresh", "--base-port", "18080", "--home", "/tmp/x",
                "--only", "gateway,auth-service", "--timeout=90");

        assertThat(options.command()).isEqualTo("up");
        assertThat(options.fresh()).isTrue();
        assertThat(options.basePort()).isEqualTo(18080);
        assertThat(options.home()).isEqualTo(Path.of("/tmp/x"));
        assertThat(options.only()).isEqualTo("gateway,auth-service");
        assertThat(options.timeoutSeconds()).isEqualTo(90);
        assertThat(options.requestBuild()).isFalse();
    }

    @Test
    void optionsMayComeBeforeTheCommandAndInEqualsForm() {
        PlatformOptions options = PlatformOptions.parse("--base-port=9000", "--home=.other", "status");

        assertThat(options.command()).isEqualTo("status");
        assertThat(options.basePort()).isEqualTo(9000);
        assertThat(options.home()).isEqualTo(Path.of(".other"));
    }

    @Test
    void unsetOptionsAreNullSoEnvironmentAndRecordedSettingsApply() {
        PlatformOptions options = PlatformOptions.parse("down");

        assertThat(options.basePort()).isNull();
        assertThat(options.home()).isNull();
        assertThat(options.only()).isNull();
        assertThat(options.fresh()).isFalse();
    }

    @Test
    void logsTakesAProcessNameFollowAndLines() {
        PlatformOptions options = PlatformOptions.parse("logs", "kafka", "-f", "-n", "200");

        assertThat(options.name()).isEqualTo("kafka");
        assertThat(options.follow()).isTrue();
        assertThat(options.lines()).isEqualTo(200);
        assertThat(PlatformOptions.parse("logs").name()).isNull();
        assertThat(PlatformOptions.parse("logs", "gateway").lines()).isEqualTo(PlatformOptions.DEFAULT_LOG_LINES);
    }

    @Test
    void stopAndStartNameOneProcess() {
        assertThat(PlatformOptions.parse("stop", "postgres").name()).isEqualTo("postgres");
        assertThat(PlatformOptions.parse("start", "gateway", "--timeout", "30").timeoutSeconds()).isEqualTo(30);
        assertThatThrownBy(() -> PlatformOptions.parse("stop"))
                .hasMessage("stop needs a process name, e.g. ./platform stop gateway");
    }

    @Test
    void helpWinsOverEverythingElse() {
        assertThat(PlatformOptions.parse("up", "--help").command()).isEqualTo("help");
        assertThat(PlatformOptions.parse("-h").command()).isEqualTo("help");
    }

    @Test
    void theScriptsBuildRequestIsAHiddenFlag() {
        assertThat(PlatformOptions.parse("up", "--only", "gateway", "--request-build").requestBuild()).isTrue();
    }

    @Test
    void mistakesAreOneLineUsageErrors() {
        assertThatThrownBy(() -> PlatformOptions.parse()).hasMessage("no command given (see ./platform --help)");
        assertThatThrownBy(() -> PlatformOptions.parse("restart")).hasMessage("unknown command 'restart' (see ./platform --help)");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "--port", "1")).hasMessage("unknown option '--port' (see ./platform --help)");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "--base-port")).hasMessage("--base-port needs a value");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "--base-port", "x")).hasMessage("--base-port needs a number, not 'x'");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "--base-port", "70000")).hasMessageContaining("base port must be between");
        assertThatThrownBy(() -> PlatformOptions.parse("down", "--fresh")).hasMessage("--fresh goes with up");
        assertThatThrownBy(() -> PlatformOptions.parse("status", "--only", "gateway")).hasMessage("--only goes with up");
        assertThatThrownBy(() -> PlatformOptions.parse("down", "--timeout", "5")).hasMessage("--timeout goes with up and start");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "-f")).hasMessage("--follow goes with logs");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "extra")).hasMessage("unexpected argument 'extra' (see ./platform --help)");
        assertThatThrownBy(() -> PlatformOptions.parse("up", "--timeout", "0")).hasMessage("--timeout must be a positive number of seconds");
    }
}
