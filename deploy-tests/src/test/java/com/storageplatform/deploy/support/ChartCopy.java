package com.storageplatform.deploy.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;

/** A temporary copy of a chart whose values.yaml has another values file merged in, as Helm merges them. */
final class ChartCopy implements AutoCloseable {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path directory;

    private ChartCopy(Path directory) {
        this.directory = directory;
    }

    static ChartCopy withValues(Path chart, Path overlay) throws IOException {
        Path parent = Files.createTempDirectory("chart-copy");
        // Helm wants the directory named like the chart.
        Path directory = parent.resolve(chart.getFileName());
        try (Stream<Path> files = Files.walk(chart)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path target = directory.resolve(chart.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
        JsonNode values = YAML.readTree(chart.resolve("values.yaml").toFile());
        JsonNode over = YAML.readTree(overlay.toFile());
        if (over != null && over.isObject()) {
            merge((ObjectNode) values, (ObjectNode) over);
        }
        YAML.writeValue(directory.resolve("values.yaml").toFile(), values);
        return new ChartCopy(directory);
    }

    Path directory() {
        return directory;
    }

    /** Maps merge key by key; anything else in {@code over} replaces what {@code base} has. */
    private static void merge(ObjectNode base, ObjectNode over) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = over.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode current = base.get(field.getKey());
            if (current instanceof ObjectNode currentObject && field.getValue() instanceof ObjectNode overObject) {
                merge(currentObject, overObject);
            } else {
                base.set(field.getKey(), field.getValue());
            }
        }
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> files = Files.walk(directory.getParent())) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
