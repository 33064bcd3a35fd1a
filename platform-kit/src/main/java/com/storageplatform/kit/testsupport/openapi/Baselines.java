package com.storageplatform.kit.testsupport.openapi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The committed API descriptions, {@code docs/openapi/<service>.json}: what the gateway serves and what a new
 * build is compared with. {@code -Dopenapi.update} rewrites them from the code (refusing a breaking change); see
 * docs/platform-kit.md.
 */
public final class Baselines {

    public static final String UPDATE_PROPERTY = "openapi.update";
    public static final String UPDATE_COMMAND = "tools/openapi/update-baselines";

    private static final JsonMapper CANONICAL = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private Baselines() {
    }

    /** The repository's root: the nearest directory up from here with the Maven wrapper and docs/. */
    public static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.exists(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("No repository root (mvnw and docs/) above " + Path.of("").toAbsolutePath());
    }

    public static Path of(String service) {
        return repositoryRoot().resolve("docs").resolve("openapi").resolve(service + ".json");
    }

    /** The document as committed: keys sorted, two-space indents, a final newline, so diffs stay small. */
    public static String canonical(String json) {
        Object tree = CANONICAL.readValue(json, Object.class);
        return CANONICAL.writeValueAsString(tree) + "\n";
    }

    public static boolean updateRequested() {
        String value = System.getProperty(UPDATE_PROPERTY);
        return value != null && !value.equals("false");
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + file, e);
        }
    }

    public static void write(Path file, String canonical) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, canonical);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot write " + file, e);
        }
    }
}
