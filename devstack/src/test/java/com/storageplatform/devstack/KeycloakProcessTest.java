package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeycloakProcessTest {

    @TempDir
    Path dir;

    @Test
    void theNewestJdkOfVersion21OrLaterUnderTheSystemFolderIsChosen() throws IOException {
        Path jvms = dir.resolve("jvm");
        jdk(jvms.resolve("java-17-openjdk"), "17.0.15");
        jdk(jvms.resolve("temurin-21"), "21.0.4");
        jdk(jvms.resolve("temurin-25-jdk"), "25.0.3");
        Files.createDirectories(jvms.resolve("not-a-jdk"));

        assertThat(KeycloakProcess.javaHome(Map.of(), jvms, 17)).isEqualTo(jvms.resolve("temurin-25-jdk"));
    }

    @Test
    void withoutAJdkOf21OrLaterTheErrorNamesWhatIsMissingAndHowToProvideIt() throws IOException {
        Path jvms = dir.resolve("jvm");
        jdk(jvms.resolve("java-17-openjdk"), "17.0.15");

        assertThatThrownBy(() -> KeycloakProcess.javaHome(Map.of(), jvms, 17))
                .isInstanceOf(DevStackException.class)
                .hasMessageContaining("Keycloak needs Java 21 or newer")
                .hasMessageContaining(jvms.toString())
                .hasMessageContaining("KEYCLOAK_JAVA_HOME");
    }

    @Test
    void keycloakJavaHomeWinsAndMustBeNewEnough() throws IOException {
        Path old = jdk(dir.resolve("old"), "17.0.1");
        Path recent = jdk(dir.resolve("recent"), "21.0.2");

        assertThat(KeycloakProcess.javaHome(Map.of("KEYCLOAK_JAVA_HOME", recent.toString()), dir.resolve("none"), 17))
                .isEqualTo(recent);
        assertThatThrownBy(() -> KeycloakProcess.javaHome(Map.of("KEYCLOAK_JAVA_HOME", old.toString()),
                dir.resolve("none"), 17))
                .hasMessageContaining("is Java 17; Keycloak needs Java 21 or newer");
        assertThatThrownBy(() -> KeycloakProcess.javaHome(Map.of("KEYCLOAK_JAVA_HOME", dir.resolve("x").toString()),
                dir.resolve("none"), 17))
                .hasMessageContaining("is not a JDK");
    }

    @Test
    void aMissingDistributionSaysHowToBuildIt() {
        assertThatThrownBy(() -> KeycloakProcess.distribution(dir))
                .isInstanceOf(DevStackException.class)
                .hasMessageContaining("the Keycloak server is missing")
                .hasMessageContaining("./mvnw -DskipTests package");
    }

    @Test
    void theServerRunsOnLoopbackWithItsDataOutsideTheDistributionAndIsBuiltOnlyOnce() throws IOException {
        Path distribution = dir.resolve("devstack/target/keycloak/keycloak-26.4.0");
        Files.createDirectories(distribution.resolve("lib/quarkus"));
        Files.writeString(distribution.resolve("lib/quarkus-run.jar"), "");
        Path java = jdk(dir.resolve("jdk25"), "25.0.3");
        KeycloakProcess keycloak = KeycloakProcess.locate(dir, Map.of("KEYCLOAK_JAVA_HOME", java.toString()));

        List<String> command = keycloak.startCommand(List.of("-Ddevstack.process=keycloak"), dir.resolve("data"), 8120);
        assertThat(command.get(0)).isEqualTo(java.resolve("bin/java").toString());
        assertThat(command.get(1)).isEqualTo("-Ddevstack.process=keycloak");
        assertThat(command).contains("start", "--optimized", "--http-host=127.0.0.1", "--http-port=8120",
                "--cache=local", "-Dkc.home.dir=" + distribution,
                "-Dquarkus.transaction-manager.object-store.directory=" + dir.resolve("data/transaction-logs"));
        assertThat(command).anyMatch(arg -> arg.startsWith("--db-url=jdbc:h2:file:" + dir.resolve("data")));

        List<List<String>> builds = new ArrayList<>();
        keycloak.ensureBuilt(dir.resolve("build.log"), (build, log) -> {
            builds.add(build);
            return 0;
        });
        keycloak.ensureBuilt(dir.resolve("build.log"), (build, log) -> {
            builds.add(build);
            return 0;
        });
        assertThat(builds).hasSize(1);
        assertThat(builds.get(0)).contains("build", "--db=dev-file");
    }

    private static Path jdk(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }
}
