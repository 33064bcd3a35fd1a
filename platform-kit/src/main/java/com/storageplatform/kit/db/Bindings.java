package com.storageplatform.kit.db;

import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

/** Binding helpers for R2DBC statements. */
public final class Bindings {

    private Bindings() {
    }

    /**
     * Binds {@code value}, or a typed NULL when it is null: the driver refuses {@code bind(name, null)}, and
     * PostgreSQL needs the type of a parameter that is only ever NULL.
     */
    public static <T> GenericExecuteSpec nullable(GenericExecuteSpec spec, String name, T value, Class<T> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
