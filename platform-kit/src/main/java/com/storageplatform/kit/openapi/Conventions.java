package com.storageplatform.kit.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The spec's conventions, applied to every field by its name so no resource repeats them: an {@code id}, a
 * {@code *_id} and the items of a {@code *_ids} are UUIDv7 strings; a {@code *_minor} is an integer amount in
 * minor units; {@code currency} is an ISO 4217 code.
 */
final class Conventions {

    static final String ID = "A UUIDv7 identifier (lowercase).";
    /** Names that end in {@code _id} but are not the platform's ids (an OAuth client id has its own form). */
    static final Set<String> NOT_IDS = Set.of("client_id");
    static final String MINOR = "An integer amount in minor units of the currency (3300 is 33.00).";
    static final String CURRENCY = "An ISO 4217 currency code, upper case.";

    private Conventions() {
    }

    @SuppressWarnings("rawtypes")
    static void apply(Components components) {
        if (components.getSchemas() == null) {
            return;
        }
        Set<Schema> seen = new HashSet<>();
        components.getSchemas().values().forEach(schema -> walk(schema, seen));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void walk(Schema schema, Set<Schema> seen) {
        if (schema == null || !seen.add(schema)) {
            return;
        }
        Map<String, Schema> properties = schema.getProperties();
        if (properties != null) {
            properties.forEach((name, property) -> {
                apply(name, property);
                walk(property, seen);
            });
        }
        walk(schema.getItems(), seen);
        for (List<Schema> alternatives : List.of(listOrEmpty(schema.getAnyOf()), listOrEmpty(schema.getOneOf()),
                listOrEmpty(schema.getAllOf()))) {
            alternatives.forEach(alternative -> walk(alternative, seen));
        }
    }

    @SuppressWarnings("rawtypes")
    private static List<Schema> listOrEmpty(List<Schema> list) {
        return list == null ? List.of() : list;
    }

    @SuppressWarnings("rawtypes")
    private static void apply(String name, Schema property) {
        Schema target = property.getAnyOf() != null && !property.getAnyOf().isEmpty()
                ? (Schema) property.getAnyOf().get(0) : property;
        if (target.get$ref() != null) {
            return;
        }
        String type = Examples.typeOf(target);
        if ((name.equals("id") || name.endsWith("_id")) && !NOT_IDS.contains(name) && "string".equals(type)) {
            target.setFormat("uuid");
            describe(property, ID);
        } else if (name.endsWith("_ids") && "array".equals(type) && target.getItems() != null
                && "string".equals(Examples.typeOf(target.getItems())) && target.getItems().get$ref() == null) {
            target.getItems().setFormat("uuid");
            describe(property, "UUIDv7 identifiers.");
        } else if (name.endsWith("_minor") && "integer".equals(type)) {
            describe(property, MINOR);
        } else if (name.equals("currency") && "string".equals(type)) {
            describe(property, CURRENCY);
        } else if ((name.endsWith("_date") || name.endsWith("_on")) && "string".equals(type)
                && target.getFormat() == null) {
            target.setFormat("date");
        } else if (name.endsWith("_at") && "string".equals(type) && target.getFormat() == null) {
            target.setFormat("date-time");
        }
    }

    @SuppressWarnings("rawtypes")
    private static void describe(Schema property, String description) {
        if (property.getDescription() == null || property.getDescription().isBlank()) {
            property.setDescription(description);
        }
    }

    /**
     * A request body says what its resource says about the same fields: their allowed values, format and
     * description (a create body's {@code valid_from} text is the resource's date), unless it says otherwise.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void align(Schema request, Schema resource, Components components) {
        if (request == null || resource == null || request.getProperties() == null
                || resource.getProperties() == null) {
            return;
        }
        Map<String, Schema> fields = resource.getProperties();
        ((Map<String, Schema>) request.getProperties()).forEach((name, property) -> {
            Schema source = fields.get(name);
            if (source == null || source.get$ref() != null) {
                return;
            }
            Schema target = property.getAnyOf() != null && !property.getAnyOf().isEmpty()
                    ? (Schema) property.getAnyOf().get(0) : property;
            if (target.get$ref() != null) {
                return;
            }
            Schema sourceValue = source.getItems() != null ? source.getItems() : source;
            Schema targetValue = target.getItems() != null ? target.getItems() : target;
            if (targetValue.getEnum() == null && sourceValue.getEnum() != null
                    && "string".equals(Examples.typeOf(targetValue))) {
                targetValue.setEnum(sourceValue.getEnum());
            }
            if (targetValue.getFormat() == null && sourceValue.getFormat() != null
                    && java.util.Objects.equals(Examples.typeOf(targetValue), Examples.typeOf(sourceValue))) {
                targetValue.setFormat(sourceValue.getFormat());
            }
            if ((property.getDescription() == null || property.getDescription().isBlank())
                    && source.getDescription() != null) {
                property.setDescription(source.getDescription());
            }
        });
    }

    /** Whether a response schema carries a deprecated field anywhere. */
    @SuppressWarnings("rawtypes")
    static boolean carriesDeprecated(Schema schema, Components components) {
        return carriesDeprecated(schema, components, new HashSet<>(), 0);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static boolean carriesDeprecated(Schema schema, Components components, Set<Schema> seen, int depth) {
        Schema resolved = SharedParts.deref(schema, components);
        if (resolved == null || depth > 8 || !seen.add(resolved)) {
            return false;
        }
        if (Boolean.TRUE.equals(resolved.getDeprecated()) && depth > 0) {
            return true;
        }
        Map<String, Schema> properties = resolved.getProperties();
        if (properties != null) {
            for (Schema property : properties.values()) {
                if (carriesDeprecated(property, components, seen, depth + 1)) {
                    return true;
                }
            }
        }
        if (resolved.getAnyOf() != null) {
            for (Object alternative : resolved.getAnyOf()) {
                if (carriesDeprecated((Schema) alternative, components, seen, depth + 1)) {
                    return true;
                }
            }
        }
        return carriesDeprecated(resolved.getItems(), components, seen, depth + 1);
    }
}
