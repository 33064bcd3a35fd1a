package com.storageplatform.e2e;

import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The public API as the tenancy matrix enumerates it: the collections of the gateway's route table (its
 * {@code RouteTable.ENTRIES}, read from the gateway module's compiled classes, so a collection added there is in the
 * matrix at once) and every {@code /v1} operation of the OpenAPI document the gateway serves, each with its scope.
 */
final class ApiRoutes {

    static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");

    private ApiRoutes() {
    }

    /** A route table entry: {@code /v1/<path>}, its service and scope family; read-only ones allow GET only. */
    record Collection(String path, String service, String scopeFamily, boolean readOnly) {

        String url() {
            return "/v1/" + path;
        }

        /** The collection whose objects the routes address: a test helper acts on the object it is named after. */
        String objects() {
            return path.startsWith("test-helpers/") ? path.substring("test-helpers/".length()) : path;
        }
    }

    /**
     * What an operation is to the matrix: a collection's list, create or other collection-level action
     * ({@code POST /v1/invoices/shop-sales}), an account's single settings object ({@code /v1/dunning-ladder}), an
     * object addressed by id (read, update, delete, each action), or a setting addressed by a fixed name
     * ({@code /v1/message-templates/{name}}).
     */
    enum Kind { LIST, CREATE, COLLECTION_ACTION, SINGLETON, ITEM, NAMED }

    /** @param bodyFields the top-level properties of its JSON request body (none without one) */
    record Operation(String method, String path, String scope, Collection collection, Kind kind,
                     List<String> queryParameters, List<String> pathParameters, List<String> bodyFields) {

        String name() {
            return method + " " + path;
        }

        boolean reads() {
            return method.equals("GET");
        }
    }

    /** The gateway's route table, loaded from its compiled classes in this checkout. */
    static List<Collection> routeTable(Path repoRoot) {
        Path classes = repoRoot.resolve("gateway/target/classes");
        if (!Files.isDirectory(classes)) {
            throw new IllegalStateException(classes + " is missing: build the gateway module first");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ApiRoutes.class.getClassLoader())) {
            Class<?> table = loader.loadClass("com.storageplatform.gateway.route.RouteTable");
            List<?> entries = (List<?>) table.getField("ENTRIES").get(null);
            List<Collection> collections = new ArrayList<>();
            for (Object entry : entries) {
                collections.add(new Collection((String) accessor(entry, "path"), (String) accessor(entry, "service"),
                        (String) accessor(entry, "scopeFamily"), (Boolean) accessor(entry, "readOnly")));
            }
            return collections;
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (ReflectiveOperationException | java.io.IOException e) {
            throw new IllegalStateException("cannot read the gateway's RouteTable: " + e, e);
        }
    }

    private static Object accessor(Object record, String name) throws ReflectiveOperationException {
        Method method = record.getClass().getMethod(name);
        method.setAccessible(true);
        return method.invoke(record);
    }

    /** The route table entry a path is in, the longest match first ({@code test-helpers/payments}). */
    static Optional<Collection> collectionOf(String path, List<Collection> table) {
        return table.stream()
                .filter(c -> path.equals(c.url()) || path.startsWith(c.url() + "/"))
                .max(Comparator.comparingInt(c -> c.path().length()));
    }

    /**
     * Every {@code /v1} operation of the document; {@code unrouted} collects the paths no route table entry
     * serves (the coverage guard fails on them).
     */
    static List<Operation> operations(JsonNode openApi, List<Collection> table, List<String> unrouted) {
        List<Operation> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : openApi.path("paths").properties()) {
            if (!path.getKey().startsWith("/v1/")) {
                continue;
            }
            Optional<Collection> collection = collectionOf(path.getKey(), table);
            for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                if (!METHODS.contains(operation.getKey())) {
                    continue;
                }
                String method = operation.getKey().toUpperCase(java.util.Locale.ROOT);
                if (collection.isEmpty()) {
                    unrouted.add(method + " " + path.getKey());
                    continue;
                }
                operations.add(operation(method, path.getKey(), operation.getValue(), collection.get(), openApi));
            }
        }
        operations.sort(Comparator.comparing(Operation::path).thenComparing(Operation::method));
        return operations;
    }

    private static Operation operation(String method, String path, JsonNode operation, Collection collection,
                                       JsonNode openApi) {
        String scope = operation.path("security").path(0).path("bearer").path(0).asString(null);
        List<String> query = new ArrayList<>();
        for (JsonNode parameter : operation.path("parameters")) {
            JsonNode resolved = resolve(parameter, openApi);
            if (resolved.path("in").asString().equals("query")) {
                query.add(resolved.path("name").asString());
            }
        }
        List<String> pathParameters = new ArrayList<>();
        Matcher matcher = PARAMETER.matcher(path);
        while (matcher.find()) {
            pathParameters.add(matcher.group(1));
        }
        JsonNode body = resolve(operation.path("requestBody").path("content").path("application/json")
                .path("schema"), openApi);
        List<String> bodyFields = new ArrayList<>();
        body.path("properties").propertyNames().forEach(bodyFields::add);
        return new Operation(method, path, scope, collection, kind(method, path, operation, collection, openApi),
                List.copyOf(query), List.copyOf(pathParameters), List.copyOf(bodyFields));
    }

    private static Kind kind(String method, String path, JsonNode operation, Collection collection,
                             JsonNode openApi) {
        String rest = path.substring(collection.url().length());
        if (rest.startsWith("/{")) {
            return rest.startsWith("/{id}") ? Kind.ITEM : Kind.NAMED;
        }
        if (!rest.isEmpty()) {
            return Kind.COLLECTION_ACTION;
        }
        if (method.equals("POST")) {
            return Kind.CREATE;
        }
        // A GET of the collection answers a page (data is an array) or the account's one settings object.
        JsonNode schema = resolve(operation.path("responses").path("200").path("content")
                .path("application/json").path("schema"), openApi);
        boolean list = resolve(schema.path("properties").path("data"), openApi).path("type").asString()
                .equals("array");
        return method.equals("GET") && list ? Kind.LIST : Kind.SINGLETON;
    }

    private static JsonNode resolve(JsonNode node, JsonNode openApi) {
        JsonNode resolved = node;
        while (resolved.has("$ref")) {
            String[] parts = resolved.path("$ref").asString().substring(2).split("/");
            JsonNode target = openApi;
            for (String part : parts) {
                target = target.path(part);
            }
            resolved = target;
        }
        return resolved;
    }
}
