package com.storageplatform.devstack;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * What a running stack was started with ({@code <home>/stack.properties}), so that {@code status} and
 * {@code down} without options find a stack started with {@code --base-port} or {@code DATABASE_URL}.
 */
record StackState(int basePort, String databaseUrl) {

    static final String FILE = "stack.properties";

    static Optional<StackState> read(Path home) {
        Path file = home.resolve(FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            props.load(reader);
            return Optional.of(new StackState(Integer.parseInt(props.getProperty("base-port")),
                    props.getProperty("database-url")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // unreadable: fall back to the defaults
        }
    }

    void write(Path home) {
        Properties props = new Properties();
        props.setProperty("base-port", Integer.toString(basePort));
        if (databaseUrl != null) {
            props.setProperty("database-url", databaseUrl);
        }
        StringWriter text = new StringWriter();
        try {
            props.store(text, "The running devstack's settings");
            Keys.writeSecret(home.resolve(FILE), text.toString()); // may hold a database password
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
