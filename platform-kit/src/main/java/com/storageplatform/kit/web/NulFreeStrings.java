package com.storageplatform.kit.web;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * Refuses a JSON string holding NUL (U+0000, which JSON can carry escaped) wherever it is read: PostgreSQL text
 * cannot hold it, so it would otherwise pass every check and fail only at the insert, as a 500. Every string is
 * read through this (fields, array items, map values and keys, and {@link Patch} fields, which read their value
 * with the mapper's deserializer), so the refusal carries the path Jackson knows ({@code items[0].name}) and
 * {@link ErrorMapper} answers it 422 {@code invalid} like a mistyped field.
 */
public final class NulFreeStrings {

    static final String MESSAGE = "A string may not contain the NUL character (U+0000)";

    private NulFreeStrings() {
    }

    /** The Jackson module that makes a mapper refuse such strings. */
    public static SimpleModule module() {
        return new SimpleModule("platform-nul-free-strings")
                .addDeserializer(String.class, new Values())
                .addKeyDeserializer(String.class, new Keys());
    }

    private static boolean hasNul(String value) {
        return value != null && value.indexOf('\0') >= 0;
    }

    /** String values: read by Jackson's own deserializer (its coercion rules included), then checked. */
    private static final class Values extends StdScalarDeserializer<String> {

        Values() {
            super(String.class);
        }

        @Override
        public LogicalType logicalType() {
            return LogicalType.Textual;
        }

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) {
            String value = StringDeserializer.instance.deserialize(parser, context);
            if (hasNul(value)) {
                throw InvalidFormatException.from(parser, MESSAGE, value, String.class);
            }
            return value;
        }

        @Override
        public Object getEmptyValue(DeserializationContext context) {
            return "";
        }
    }

    /** Map keys: the map's field is named (a key holding NUL is no name to quote back). */
    private static final class Keys extends KeyDeserializer {

        @Override
        public Object deserializeKey(String key, DeserializationContext context) {
            if (hasNul(key)) {
                throw InvalidFormatException.from(context.getParser(), MESSAGE, key, String.class);
            }
            return key;
        }
    }
}
