package com.storageplatform.kit.testsupport.openapi;

import com.storageplatform.kit.caller.Scopes;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a service's API description must hold (swagger-parser reads it): it parses as OpenAPI 3.1 without a
 * message, and every operation names its credential and exact scope, its error responses and an example of what
 * it takes and answers; and a field whose description says it may be null lets null through. Each problem is one line
 * naming the operation or the field.
 */
public final class DocumentChecks {

    /** "null when none", "or null": a description that says the field may be null ("never null" does not). */
    private static final java.util.regex.Pattern SAYS_NULL = java.util.regex.Pattern.compile(
            "(?<!never |not |non-)\\bnull\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

    private DocumentChecks() {
    }

    public static OpenAPI parse(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        if (result.getOpenAPI() == null || !messages.isEmpty()) {
            throw new AssertionError("The API description does not parse cleanly: " + messages);
        }
        if (!result.getOpenAPI().getOpenapi().startsWith("3.1")) {
            throw new AssertionError("The API description is OpenAPI " + result.getOpenAPI().getOpenapi() + ", not 3.1");
        }
        return result.getOpenAPI();
    }

    /** Every operation as {@code "GET /v1/coupons/{}"}. */
    public static Set<String> operations(OpenAPI api) {
        Set<String> operations = new TreeSet<>();
        if (api.getPaths() != null) {
            api.getPaths().forEach((path, item) -> item.readOperationsMap().keySet()
                    .forEach(method -> operations.add(method.name() + " " + ServiceRoutes.normalise(path))));
        }
        return operations;
    }

    public static List<String> problems(OpenAPI api) {
        List<String> problems = new ArrayList<>();
        if (api.getPaths() == null) {
            return problems;
        }
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String name = method + " " + path;
            security(path, method, operation).ifPresent(problem -> problems.add(name + ": " + problem));
            errors(operation, api.getComponents()).ifPresent(problem -> problems.add(name + ": " + problem));
            examples(operation, api.getComponents()).ifPresent(problem -> problems.add(name + ": " + problem));
        }));
        problems.addAll(nullability(api.getComponents()));
        return problems;
    }

    /**
     * Every field of a schema whose description speaks of null must allow it, or a client generated from the
     * document (and a schema-checking fuzzer) rejects the answers the service really sends. The fix is
     * {@code @Nullable} on the record component.
     */
    @SuppressWarnings("rawtypes")
    static List<String> nullability(Components components) {
        List<String> problems = new ArrayList<>();
        if (components == null || components.getSchemas() == null) {
            return problems;
        }
        components.getSchemas().forEach((name, schema) -> {
            Map<String, Schema> properties = schema.getProperties();
            if (properties == null) {
                return;
            }
            properties.forEach((field, property) -> {
                String description = property.getDescription();
                if (description != null && SAYS_NULL.matcher(description).find() && !allowsNull(property)) {
                    problems.add(name + "." + field + ": its description says it may be null, its schema does not "
                            + "allow null (mark the record component @Nullable)");
                }
            });
        });
        return problems;
    }

    @SuppressWarnings("rawtypes")
    private static boolean allowsNull(Schema schema) {
        if ("null".equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains("null"))) {
            return true;
        }
        List<Schema> choices = new ArrayList<>();
        if (schema.getAnyOf() != null) {
            choices.addAll(schema.getAnyOf());
        }
        if (schema.getOneOf() != null) {
            choices.addAll(schema.getOneOf());
        }
        return choices.stream().anyMatch(DocumentChecks::allowsNull);
    }

    /** The scope a {@code /v1} operation needs, from its security requirement; null when it names none. */
    public static String scopeOf(Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity();
        if (security == null || security.size() != 1) {
            return null;
        }
        List<String> scopes = security.get(0).get("bearer");
        return scopes == null || scopes.size() != 1 ? null : scopes.get(0);
    }

    private static java.util.Optional<String> security(String path, PathItem.HttpMethod method, Operation operation) {
        if (path.startsWith("/v1/")) {
            String scope = scopeOf(operation);
            if (scope == null) {
                return java.util.Optional.of("no exact scope: put @ScopeFamily on its resource");
            }
            String family = scope.contains(":") ? scope.substring(0, scope.indexOf(':')) : scope;
            String required = Scopes.required(family, method.name());
            if (!scope.equals(required)) {
                return java.util.Optional.of("scope " + scope + " is not "
                        + Scopes.required("<family>", method.name()));
            }
        } else if (path.startsWith("/admin/v1/")) {
            if (operation.getSecurity() == null || operation.getSecurity().isEmpty()
                    || !operation.getSecurity().get(0).containsKey("platform_admin")) {
                return java.util.Optional.of("the admin API must name the platform admin token");
            }
        } else if (operation.getSecurity() == null) {
            return java.util.Optional.of("no security requirement (an empty one for public operations)");
        }
        return java.util.Optional.empty();
    }

    private static java.util.Optional<String> errors(Operation operation, Components components) {
        if (operation.getResponses() == null) {
            return java.util.Optional.of("no responses");
        }
        boolean clientError = false;
        boolean serverError = false;
        for (Map.Entry<String, ApiResponse> entry : operation.getResponses().entrySet()) {
            ApiResponse response = resolve(entry.getValue(), components);
            if (entry.getKey().startsWith("4") || entry.getKey().startsWith("5")) {
                if (response == null || response.getContent() == null || response.getContent().isEmpty()) {
                    return java.util.Optional.of("error response " + entry.getKey() + " has no body");
                }
                clientError |= entry.getKey().startsWith("4");
                serverError |= entry.getKey().startsWith("5");
            }
        }
        return clientError && serverError ? java.util.Optional.empty()
                : java.util.Optional.of("no documented error responses (4xx and 5xx)");
    }

    private static java.util.Optional<String> examples(Operation operation, Components components) {
        if (operation.getRequestBody() != null && !hasExample(operation.getRequestBody().getContent())) {
            return java.util.Optional.of("the request body has no example");
        }
        boolean success = false;
        for (Map.Entry<String, ApiResponse> entry : operation.getResponses().entrySet()) {
            if (entry.getKey().startsWith("2")) {
                ApiResponse response = resolve(entry.getValue(), components);
                if (response == null || !hasExample(response.getContent())) {
                    return java.util.Optional.of("response " + entry.getKey() + " has no example");
                }
                success = true;
            }
        }
        for (Map.Entry<String, ApiResponse> entry : operation.getResponses().entrySet()) {
            ApiResponse response = resolve(entry.getValue(), components);
            if (!entry.getKey().startsWith("2") && response != null && !hasExample(response.getContent())) {
                return java.util.Optional.of("response " + entry.getKey() + " has no example");
            }
        }
        return success ? java.util.Optional.empty() : java.util.Optional.of("no success response");
    }

    private static boolean hasExample(Content content) {
        if (content == null || content.isEmpty()) {
            return false;
        }
        for (MediaType media : content.values()) {
            if (media.getExample() == null && (media.getExamples() == null || media.getExamples().isEmpty())) {
                return false;
            }
        }
        return true;
    }

    private static ApiResponse resolve(ApiResponse response, Components components) {
        if (response == null || response.get$ref() == null) {
            return response;
        }
        String name = response.get$ref().substring(response.get$ref().lastIndexOf('/') + 1);
        return components == null || components.getResponses() == null ? null : components.getResponses().get(name);
    }
}
