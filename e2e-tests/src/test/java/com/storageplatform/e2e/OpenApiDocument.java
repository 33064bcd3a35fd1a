package com.storageplatform.e2e;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * What the malformed-input run needs of the OpenAPI document the gateway serves ({@code GET /openapi.json}): every
 * operation with its parameters, request body (schema and example) and documented statuses, {@code $ref}s
 * resolved. Read-only and without a schema validator: the run checks statuses and the error envelope, not bodies.
 */
final class OpenApiDocument {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");

    private final JsonNode document;

    OpenApiDocument(JsonNode document) {
        this.document = document;
    }

    record Operation(String method, String path, JsonNode node) {

        String name() {
            return method + " " + path;
        }

        boolean mutates() {
            return !method.equals("GET");
        }
    }

    /** A parameter, resolved: {@code in} is path, query or header. */
    record Parameter(String name, String in, boolean required, JsonNode schema, JsonNode example) {
    }

    /** A request body: its media type, schema and an example of it (null when the document gives none). */
    record Body(String mediaType, JsonNode schema, JsonNode example, boolean required) {
    }

    /** Every operation, by path then method. */
    List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                if (METHODS.contains(operation.getKey())) {
                    operations.add(new Operation(operation.getKey().toUpperCase(Locale.ROOT), path.getKey(),
                            operation.getValue()));
                }
            }
        }
        operations.sort(Comparator.comparing(Operation::path).thenComparing(Operation::method));
        return operations;
    }

    /** The path item's parameters and the operation's own (the latter win), resolved. */
    List<Parameter> parameters(Operation operation) {
        List<Parameter> parameters = new ArrayList<>();
        for (JsonNode source : List.of(operation.node().path("parameters"),
                document.path("paths").path(operation.path()).path("parameters"))) {
            for (JsonNode node : source) {
                JsonNode parameter = resolve(node);
                String name = parameter.path("name").asString();
                String in = parameter.path("in").asString();
                if (parameters.stream().noneMatch(p -> p.name().equals(name) && p.in().equals(in))) {
                    JsonNode schema = resolve(parameter.path("schema"));
                    JsonNode example = parameter.has("example") ? parameter.get("example") : schema.get("example");
                    parameters.add(new Parameter(name, in, parameter.path("required").asBoolean(false), schema,
                            example));
                }
            }
        }
        return parameters;
    }

    /** The request body, JSON preferred, or null when the operation takes none. */
    Body body(Operation operation) {
        JsonNode requestBody = resolve(operation.node().path("requestBody"));
        JsonNode content = requestBody.path("content");
        if (content.isMissingNode() || content.isEmpty()) {
            return null;
        }
        String mediaType = content.has("application/json") ? "application/json"
                : content.propertyNames().iterator().next();
        JsonNode media = content.path(mediaType);
        JsonNode example = media.get("example");
        if (example == null && media.path("examples").isObject() && !media.path("examples").isEmpty()) {
            example = resolve(media.path("examples").iterator().next()).get("value");
        }
        return new Body(mediaType, resolve(media.path("schema")), example, requestBody.path("required").asBoolean());
    }

    /** The statuses the operation documents ({@code 4XX} ranges as their first digit, {@code default} as 0). */
    Set<Integer> statuses(Operation operation) {
        Set<Integer> statuses = new TreeSet<>();
        for (String code : operation.node().path("responses").propertyNames()) {
            if (code.equals("default")) {
                statuses.add(0);
            } else if (code.toUpperCase(Locale.ROOT).endsWith("XX")) {
                statuses.add(Integer.parseInt(code.substring(0, 1)));
            } else {
                statuses.add(Integer.parseInt(code));
            }
        }
        return statuses;
    }

    static boolean documents(Set<Integer> statuses, int status) {
        return statuses.contains(0) || statuses.contains(status) || statuses.contains(status / 100);
    }

    /** The node a {@code $ref} points at (followed until it is not one), or the node itself. */
    JsonNode resolve(JsonNode node) {
        JsonNode resolved = node;
        for (int hops = 0; resolved != null && resolved.has("$ref") && hops < 20; hops++) {
            JsonNode target = document;
            for (String part : resolved.path("$ref").asString().substring(2).split("/")) {
                target = target.path(part.replace("~1", "/").replace("~0", "~"));
            }
            resolved = target;
        }
        return resolved;
    }

    /**
     * The schema's type, the first non-null one of a type list, or that of its first {@code oneOf}/{@code anyOf}/
     * {@code allOf} member; {@code object} for a schema with properties and no type.
     */
    String type(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        JsonNode type = resolved.path("type");
        if (type.isString()) {
            return type.asString();
        }
        for (JsonNode t : type) {
            if (!t.asString().equals("null")) {
                return t.asString();
            }
        }
        for (String combinator : List.of("oneOf", "anyOf", "allOf")) {
            for (JsonNode member : resolved.path(combinator)) {
                String memberType = type(member);
                if (!memberType.isEmpty() && !memberType.equals("null")) {
                    return memberType;
                }
            }
        }
        return resolved.has("properties") ? "object" : "";
    }

    /** The properties of an object schema, {@code allOf} members merged. */
    Map<String, JsonNode> properties(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        Map<String, JsonNode> properties = new java.util.LinkedHashMap<>();
        for (JsonNode member : resolved.path("allOf")) {
            properties.putAll(properties(member));
        }
        for (Map.Entry<String, JsonNode> property : resolved.path("properties").properties()) {
            properties.put(property.getKey(), resolve(property.getValue()));
        }
        return properties;
    }
}
