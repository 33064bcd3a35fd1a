package com.storageplatform.kit.caller;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The environment a credential and its account belong to. Test data and live data never meet. */
public enum Environment {
    TEST("test"),
    LIVE("live");

    /** Every environment's name, as a list filter takes them. */
    public static final List<String> VALUES = Stream.of(values()).map(Environment::value).toList();

    private final String value;

    Environment(String value) {
        this.value = value;
    }

    @JsonValue
    public String value() {
        return value;
    }

    /** The environment of that name; empty for null or an unknown name (a peer's event that carries none). */
    public static Optional<Environment> find(String value) {
        return Stream.of(values()).filter(environment -> environment.value.equals(value)).findFirst();
    }

    public static Environment of(String value) {
        for (Environment environment : values()) {
            if (environment.value.equals(value)) {
                return environment;
            }
        }
        throw new IllegalArgumentException("Unknown environment: " + value);
    }
}
