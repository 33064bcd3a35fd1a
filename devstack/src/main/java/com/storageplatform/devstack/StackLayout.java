package com.storageplatform.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where things are: the build output the stack runs from (under the repository root) and the stack's own
 * state (its home, default {@code <repo>/.devstack}).
 */
record StackLayout(Path repoRoot, Path home) {

    /** What {@code --fresh} deletes: the devstack's own entries, never the home itself (it may hold other things). */
    private static final List<String> DATA = List.of("postgres", "kafka", "keycloak", "config", "keys", "admin-token", "logs",
            "pids", StackState.FILE);

    static StackLayout of(Path repoRoot, Path home) {
        return new StackLayout(repoRoot.toAbsolutePath().normalize(), canonical(home));
    }

    Path launcherJar() {
        return repoRoot.resolve("devstack/target/devstack.jar");
    }

    Path launcherLib() {
        return repoRoot.resolve("devstack/target/lib");
    }

    Path kafkaLib() {
        return repoRoot.resolve("devstack/target/kafka-lib");
    }

    /** Where Maven unpacks the Keycloak server distribution ({@code keycloak-<version>/} inside). */
    Path keycloakDistributions() {
        return repoRoot.resolve("devstack/target/keycloak");
    }

    Path postgresData() {
        return home.resolve("postgres");
    }

    Path kafkaData() {
        return home.resolve("kafka");
    }

    Path keycloakData() {
        return home.resolve("keycloak");
    }

    Path configDir() {
        return home.resolve("config");
    }

    Path keysDir() {
        return home.resolve("keys");
    }

    Path adminTokenFile() {
        return home.resolve("admin-token");
    }

    Path logsDir() {
        return home.resolve("logs");
    }

    Path lockFile() {
        return home.resolve("lock");
    }

    void createDirectories() {
        try {
            for (Path dir : List.of(logsDir(), home.resolve("pids"), keysDir(), configDir())) {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            throw new DevStackException("cannot create " + DevStack.display(home) + ": " + e.getMessage(), e);
        }
    }

    void wipe() {
        for (String entry : DATA) {
            Path path = home.resolve(entry);
            if (!Files.exists(path)) {
                continue;
            }
            try (Stream<Path> tree = Files.walk(path)) {
                for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                throw new DevStackException("cannot delete " + DevStack.display(path) + ": " + e.getMessage(), e);
            }
        }
    }

    /** The home is part of every process's marker, so one directory must always read the same. */
    private static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            return absolute.toRealPath();
        } catch (IOException e) {
            throw new DevStackException("cannot use " + absolute + " as the devstack home: " + e.getMessage(), e);
        }
    }
}
