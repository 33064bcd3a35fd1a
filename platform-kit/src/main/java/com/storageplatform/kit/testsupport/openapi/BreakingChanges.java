package com.storageplatform.kit.testsupport.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whether a new API description breaks clients of the old one (spec, Versioning 1: {@code /v1} changes only
 * additively), compared over swagger-parser's model: a removed path, operation or success response; a removed
 * request or response field; a new required request field or parameter; a changed type; a removed enum value; a
 * changed scope. New paths, operations, optional fields, response fields and enum values are additive.
 * (openapi-diff resolves here too, but on OpenAPI 3.1 it misses type changes and removed response fields and
 * calls a new response enum value breaking: ADR 0018.)
 */
public final class BreakingChanges {

    /** @param report each breaking change on its own line */
    public record Result(boolean breaking, boolean changed, String report) {
    }

    private enum Direction { REQUEST, RESPONSE }

    private final Components oldComponents;
    private final Components newComponents;
    private final List<String> problems = new ArrayList<>();
    private final Set<String> compared = new HashSet<>();

    private BreakingChanges(Components oldComponents, Components newComponents) {
        this.oldComponents = oldComponents;
        this.newComponents = newComponents;
    }

    public static Result between(String baseline, String current) {
        OpenAPI before = DocumentChecks.parse(baseline);
        OpenAPI after = DocumentChecks.parse(current);
        BreakingChanges changes = new BreakingChanges(before.getComponents(), after.getComponents());
        changes.compare(before, after);
        boolean changed = !Baselines.canonical(baseline).equals(Baselines.canonical(current));
        return new Result(!changes.problems.isEmpty(), changed, String.join("\n", changes.problems));
    }

    private void compare(OpenAPI before, OpenAPI after) {
        Map<String, PathItem> newPaths = after.getPaths() == null ? Map.of() : after.getPaths();
        if (before.getPaths() == null) {
            return;
        }
        before.getPaths().forEach((path, oldItem) -> {
            PathItem newItem = newPaths.get(path);
            if (newItem == null) {
                problems.add("removed path " + path);
                return;
            }
            Map<PathItem.HttpMethod, Operation> newOperations = newItem.readOperationsMap();
            oldItem.readOperationsMap().forEach((method, oldOperation) -> {
                Operation newOperation = newOperations.get(method);
                String name = method + " " + path;
                if (newOperation == null) {
                    problems.add("removed operation " + name);
                } else {
                    compare(name, oldOperation, newOperation);
                }
            });
        });
    }

    private void compare(String name, Operation before, Operation after) {
        if (!Objects.equals(before.getSecurity(), after.getSecurity())) {
            problems.add(name + ": its security (credential or scope) changed from " + before.getSecurity() + " to "
                    + after.getSecurity());
        }
        parameters(name, before.getParameters(), after.getParameters());
        requestBody(name, before.getRequestBody(), after.getRequestBody());
        if (before.getResponses() != null) {
            before.getResponses().forEach((status, oldResponse) -> {
                if (!status.startsWith("2")) {
                    return;
                }
                ApiResponse newResponse = after.getResponses() == null ? null : after.getResponses().get(status);
                if (newResponse == null) {
                    problems.add(name + ": removed response " + status);
                    return;
                }
                schema(name + " response " + status, json(oldResponse.getContent()), json(newResponse.getContent()),
                        Direction.RESPONSE);
            });
        }
    }

    private void parameters(String name, List<Parameter> before, List<Parameter> after) {
        Map<String, Parameter> old = new java.util.HashMap<>();
        if (before != null) {
            before.forEach(parameter -> old.put(key(parameter), parameter));
        }
        if (after == null) {
            return;
        }
        for (Parameter parameter : after) {
            Parameter previous = old.get(key(parameter));
            boolean required = Boolean.TRUE.equals(parameter.getRequired());
            if (required && (previous == null || !Boolean.TRUE.equals(previous.getRequired()))) {
                problems.add(name + ": parameter " + key(parameter) + " is newly required");
            }
            if (previous != null) {
                schema(name + " parameter " + key(parameter), previous.getSchema(), parameter.getSchema(),
                        Direction.REQUEST);
            }
        }
    }

    private static String key(Parameter parameter) {
        return parameter.get$ref() != null ? parameter.get$ref() : parameter.getIn() + ":" + parameter.getName();
    }

    private void requestBody(String name, RequestBody before, RequestBody after) {
        if (after == null) {
            return;
        }
        if (before == null) {
            if (Boolean.TRUE.equals(after.getRequired())) {
                problems.add(name + ": a request body is newly required");
            }
            return;
        }
        if (Boolean.TRUE.equals(after.getRequired()) && !Boolean.TRUE.equals(before.getRequired())) {
            problems.add(name + ": the request body is newly required");
        }
        schema(name + " request", json(before.getContent()), json(after.getContent()), Direction.REQUEST);
    }

    @SuppressWarnings("rawtypes")
    private static Schema json(Map<String, MediaType> content) {
        if (content == null) {
            return null;
        }
        MediaType json = content.get("application/json");
        return json == null ? null : json.getSchema();
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void schema(String where, Schema before, Schema after, Direction direction) {
        if (before == null || after == null) {
            return;
        }
        String pair = direction + ":" + before.get$ref() + "->" + after.get$ref();
        if (before.get$ref() != null && after.get$ref() != null && !compared.add(pair)) {
            return;
        }
        Schema old = resolve(before, oldComponents);
        Schema current = resolve(after, newComponents);
        if (old == null || current == null) {
            return;
        }
        Set<String> oldTypes = types(old);
        Set<String> newTypes = types(current);
        if (!oldTypes.isEmpty() && !newTypes.isEmpty() && !withoutNull(oldTypes).equals(withoutNull(newTypes))) {
            problems.add(where + ": type changed from " + oldTypes + " to " + newTypes);
            return;
        }
        if (direction == Direction.RESPONSE && !oldTypes.contains("null") && newTypes.contains("null")) {
            problems.add(where + ": may now be null");
        }
        if (direction == Direction.REQUEST && oldTypes.contains("null") && !newTypes.isEmpty()
                && !newTypes.contains("null")) {
            problems.add(where + ": no longer accepts null");
        }
        if (old.getEnum() != null) {
            Set<Object> remaining = current.getEnum() == null ? null : new HashSet<>(current.getEnum());
            for (Object value : old.getEnum()) {
                if (remaining != null && !remaining.contains(value)) {
                    problems.add(where + ": enum value " + value + " removed");
                }
            }
        }
        Map<String, Schema> oldProperties = old.getProperties() == null ? Map.of() : old.getProperties();
        Map<String, Schema> newProperties = current.getProperties() == null ? Map.of() : current.getProperties();
        oldProperties.forEach((property, schema) -> {
            if (!newProperties.containsKey(property)) {
                problems.add(where + ": field " + property + " removed");
            } else {
                schema(where + "." + property, schema, newProperties.get(property), direction);
            }
        });
        if (direction == Direction.REQUEST) {
            Set<String> wasRequired = old.getRequired() == null ? Set.of() : new HashSet<>(old.getRequired());
            if (current.getRequired() != null) {
                for (Object field : current.getRequired()) {
                    if (!wasRequired.contains(field)) {
                        problems.add(where + ": field " + field + " is newly required");
                    }
                }
            }
        }
        schema(where + "[]", old.getItems(), current.getItems(), direction);
        alternatives(where, old.getAnyOf(), current.getAnyOf(), direction);
        alternatives(where, old.getOneOf(), current.getOneOf(), direction);
    }

    @SuppressWarnings("rawtypes")
    private void alternatives(String where, List<Schema> before, List<Schema> after, Direction direction) {
        if (before == null || after == null) {
            return;
        }
        for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
            schema(where, before.get(i), after.get(i), direction);
        }
    }

    @SuppressWarnings("rawtypes")
    private static Schema resolve(Schema schema, Components components) {
        if (schema.get$ref() == null) {
            return schema;
        }
        String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
        return components == null || components.getSchemas() == null ? null : components.getSchemas().get(name);
    }

    @SuppressWarnings("rawtypes")
    private static Set<String> types(Schema schema) {
        Set<String> types = new LinkedHashSet<>();
        if (schema.getTypes() != null) {
            types.addAll(schema.getTypes());
        } else if (schema.getType() != null) {
            types.add(schema.getType());
        }
        return types;
    }

    private static Set<String> withoutNull(Set<String> types) {
        Set<String> plain = new HashSet<>(types);
        plain.remove("null");
        return plain;
    }
}
