package com.storageplatform.deploy.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The instructions of a Dockerfile, with continuation lines joined and comments dropped. */
public record Dockerfile(List<Instruction> instructions) {

    /** One instruction: its keyword in upper case and the rest of the line. */
    public record Instruction(String keyword, String arguments) {
    }

    public static Dockerfile read(Path path) throws IOException {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : Files.readAllLines(path)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                current.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            current.append(trimmed);
            String[] parts = current.toString().split("\\s+", 2);
            instructions.add(new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length > 1 ? parts[1] : ""));
            current.setLength(0);
        }
        return new Dockerfile(instructions);
    }

    public List<Instruction> all(String keyword) {
        return instructions.stream().filter(instruction -> instruction.keyword().equals(keyword)).toList();
    }

    public Optional<Instruction> last(String keyword) {
        List<Instruction> matching = all(keyword);
        return matching.isEmpty() ? Optional.empty() : Optional.of(matching.get(matching.size() - 1));
    }

    /** The default of a build argument ({@code ARG NAME=default}), if it has one. */
    public Optional<String> argumentDefault(String name) {
        return all("ARG").stream().map(Instruction::arguments)
                .filter(arguments -> arguments.startsWith(name + "="))
                .map(arguments -> arguments.substring(name.length() + 1))
                .findFirst();
    }
}
