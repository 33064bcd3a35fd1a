package com.storageplatform.kit.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * An example value for a schema, built from what the schema says: a property's own {@code example}, else its
 * first allowed value, else a value that fits its format and name ({@code currency} is {@code "GBP"}, a
 * {@code *_minor} amount is {@code 3300}, an id is a UUIDv7). Every operation's request and response get one, so
 * the reference shows a whole body without anyone writing one by hand.
 */
final class Examples {

    /**
     * How many objects deep an example goes. Only objects count: a {@code $ref}, an array or a {@code oneOf} around
     * an object adds no level, so a list's envelope, its items, their arrays of objects and those objects' own
     * objects all get whole examples. A schema inside itself (recursion) ends where it would repeat, whatever the
     * depth; this bound only keeps an example readable.
     */
    private static final int MAX_DEPTH = 8;
    private static final Map<String, Object> BY_NAME = Map.ofEntries(
            Map.entry("currency", "GBP"),
            Map.entry("default_currency", "GBP"),
            Map.entry("timezone", "Europe/London"),
            Map.entry("name", "Harbour Road"),
            Map.entry("email", "sam@example.com"),
            Map.entry("url", "https://example.com/webhooks"),
            Map.entry("postcode", "BS1 4QA"),
            Map.entry("country", "GB"),
            Map.entry("city", "Bristol"),
            Map.entry("line1", "1 Harbour Road"),
            Map.entry("description", "Drive-up units by the harbour."),
            Map.entry("message", "Invalid value for name: required."),
            Map.entry("api_version", "2026-11-01"),
            Map.entry("scope", "sites:read units:read"),
            Map.entry("redirect_uri", "https://app.example.com/oauth/callback"),
            Map.entry("cursor", "MDE5M2Q1YzQtOGUyYS03MDAwLTgwMDAtMDAwMDAwMDAwMDAxOjNmMmE"),
            Map.entry("next", "MDE5M2Q1YzQtOGUyYS03MDAwLTgwMDAtMDAwMDAwMDAwMDAxOjNmMmE"));

    private Examples() {
    }

    static Object of(Schema<?> schema, Components components) {
        return of(schema, components, null, 0, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /**
     * @param depth the objects this one is inside
     * @param above the schemas (a component is one instance, however many refer to it) whose examples are being
     *              built around this one: meeting one of them again is recursion, which ends there with no value (a
     *              nullable field null, an array empty)
     */
    @SuppressWarnings("rawtypes")
    private static Object of(Schema<?> schema, Components components, String name, int depth,
            Set<Schema<?>> above) {
        if (schema == null) {
            return null;
        }
        if (depth > MAX_DEPTH) {
            // Deep enough: no further objects or arrays, but a field of a plain type still gets a value of its type
            // (a null would make the example invalid for its schema).
            String scalar = typeOf(schema);
            return scalar == null || scalar.equals("object") || scalar.equals("array") ? null
                    : of(schema, components, name, 0, above);
        }
        if (schema.getExample() != null) {
            return schema.getExample();
        }
        if (schema.getExamples() != null && !schema.getExamples().isEmpty()) {
            return schema.getExamples().get(0);
        }
        if (!above.add(schema)) {
            return null;
        }
        try {
            return built(schema, components, name, depth, above);
        } finally {
            above.remove(schema);
        }
    }

    @SuppressWarnings("rawtypes")
    private static Object built(Schema<?> schema, Components components, String name, int depth,
            Set<Schema<?>> above) {
        if (schema.get$ref() != null) {
            return of(resolve(schema.get$ref(), components), components, name, depth, above);
        }
        for (List<Schema> alternatives : alternativesOf(schema)) {
            for (Schema alternative : alternatives) {
                if (!isNullOnly(alternative)) {
                    return of(alternative, components, name, depth, above);
                }
            }
        }
        if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
            return schema.getEnum().get(0);
        }
        if (schema.getConst() != null) {
            return schema.getConst();
        }
        String type = typeOf(schema);
        if (type == null && schema.getProperties() != null) {
            type = "object";
        }
        if (type == null) {
            return name == null ? null : BY_NAME.getOrDefault(name, "example");
        }
        return switch (type) {
            case "object" -> object(schema, components, depth, above);
            case "array" -> {
                Object item = of(schema.getItems(), components, singular(name), depth, above);
                yield item == null ? List.of() : List.of(item);
            }
            case "integer" -> name != null && name.endsWith("_minor") ? 3300 : "limit".equals(name) ? 20 : 1;
            case "number" -> 1.5;
            case "boolean" -> true;
            case "null" -> null;
            default -> string(schema, name);
        };
    }

    @SuppressWarnings("rawtypes")
    private static Map<String, Object> object(Schema<?> schema, Components components, int depth,
            Set<Schema<?>> above) {
        Map<String, Object> example = new LinkedHashMap<>();
        Map<String, Schema> properties = schema.getProperties();
        if (properties != null) {
            properties.forEach((property, value) -> example.put(property,
                    of(value, components, property, depth + 1, above)));
        }
        return example;
    }

    private static Object string(Schema<?> schema, String name) {
        String format = schema.getFormat();
        if ("uuid".equals(format)) {
            return id(name == null ? "id" : name);
        }
        if ("date".equals(format)) {
            return "2026-12-01";
        }
        if ("date-time".equals(format)) {
            return "2026-11-23T10:15:30Z";
        }
        if ("uri".equals(format)) {
            return "https://example.com/webhooks";
        }
        if (name != null && BY_NAME.containsKey(name)) {
            return BY_NAME.get(name);
        }
        return name == null ? "example" : "example " + name.replace('_', ' ');
    }

    /** A stable UUIDv7 for a property name, so one example names the same thing alike. */
    static String id(String name) {
        UUID hash = UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
        String hex = hash.toString().replace("-", "");
        return "0193d5c4-8e2a-7" + hex.substring(0, 3) + "-8" + hex.substring(3, 6) + "-" + hex.substring(6, 18);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static List<List<Schema>> alternativesOf(Schema<?> schema) {
        List<List<Schema>> all = new ArrayList<>();
        if (schema.getAnyOf() != null) {
            all.add((List) schema.getAnyOf());
        }
        if (schema.getOneOf() != null) {
            all.add((List) schema.getOneOf());
        }
        if (schema.getAllOf() != null && schema.getAllOf().size() == 1) {
            all.add((List) schema.getAllOf());
        }
        return all;
    }

    static String typeOf(Schema<?> schema) {
        Set<String> types = schema.getTypes();
        if (types != null) {
            return types.stream().filter(type -> !"null".equals(type)).findFirst()
                    .orElse(types.isEmpty() ? null : "null");
        }
        return schema.getType();
    }

    private static boolean isNullOnly(Schema<?> schema) {
        return schema.getTypes() != null && schema.getTypes().equals(Set.of("null"));
    }

    @SuppressWarnings("rawtypes")
    static Schema resolve(String ref, Components components) {
        String name = ref.substring(ref.lastIndexOf('/') + 1);
        return components == null || components.getSchemas() == null ? null : components.getSchemas().get(name);
    }

    private static String singular(String name) {
        if (name == null) {
            return null;
        }
        return name.endsWith("_ids") ? name.substring(0, name.length() - 1) : name;
    }
}
