package com.storageplatform.kit.openapi;

import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.report.ReportOperation;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/**
 * Describes, once for every service, what all operations share: each operation's exact scope (from
 * {@link ScopeFamily}), the {@code Idempotency-Key} header on every mutation, {@code limit} and {@code cursor} and
 * the {@link FilteredBy} on every list, the error responses of its kind (plus its {@link ApiErrors}), the response
 * headers, deprecations, a stable operation id and tag, and an example of every request and response. A resource
 * declares only what is its own.
 */
public final class SharedParts implements OperationCustomizer, OpenApiCustomizer {

    private static final String X_FAMILY = "x-kit-scope-family";
    private static final String X_ERRORS = "x-kit-errors";
    private static final String X_FILTERS = "x-kit-filters";
    private static final String X_LIST = "x-kit-list";
    private static final String X_HANDLER = "x-kit-handler";
    private static final String X_ONLY_METHOD = "x-kit-only-method";
    private static final String X_REPORT = "x-kit-report";
    private static final Set<PathItem.HttpMethod> MUTATIONS = EnumSet.of(PathItem.HttpMethod.POST,
            PathItem.HttpMethod.PUT, PathItem.HttpMethod.PATCH, PathItem.HttpMethod.DELETE);

    /** Which part of the API a path is in: it decides the credential and the errors. */
    enum Kind {
        V1, ADMIN, OAUTH;

        static Kind of(String path) {
            if (path.startsWith("/admin/v1/") || path.equals("/admin/v1")) {
                return ADMIN;
            }
            return path.startsWith("/oauth/") ? OAUTH : V1;
        }
    }

    private final String service;

    public SharedParts(String service) {
        this.service = service;
    }

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        ScopeFamily family = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), ScopeFamily.class);
        if (family == null) {
            family = AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), ScopeFamily.class);
        }
        if (family != null) {
            operation.addExtension(X_FAMILY, family.value());
        }
        ApiErrors errors = handler.getMethodAnnotation(ApiErrors.class);
        if (errors != null) {
            operation.addExtension(X_ERRORS, Arrays.stream(errors.value()).map(Enum::name).toList());
        }
        FilteredBy filters = handler.getMethodAnnotation(FilteredBy.class);
        if (filters != null) {
            operation.addExtension(X_FILTERS, List.of(filters.value()));
        }
        if (returns(handler.getMethod().getGenericReturnType(), Envelopes.ListOf.class)) {
            operation.addExtension(X_LIST, true);
        }
        if (handler.getMethodAnnotation(ReportOperation.class) != null) {
            operation.addExtension(X_REPORT, true);
        }
        if (handler.getMethodAnnotation(ApiDeprecation.class) != null) {
            ApiDeprecation deprecation = handler.getMethodAnnotation(ApiDeprecation.class);
            operation.setDeprecated(true);
            operation.setDescription(join(operation.getDescription(),
                    Deprecations.note(deprecation, "stop working", "see " + deprecation.link())));
        }
        operation.addExtension(X_HANDLER, handler.getMethod().getName());
        io.swagger.v3.oas.annotations.Operation declared =
                handler.getMethodAnnotation(io.swagger.v3.oas.annotations.Operation.class);
        if (declared != null && !declared.method().isBlank()) {
            // A mapping for every method (to refuse the others in its own shape) is described for the one it serves.
            operation.addExtension(X_ONLY_METHOD, declared.method().toUpperCase(Locale.ROOT));
        }
        dropQueryMaps(operation, handler);
        return operation;
    }

    /** A {@code @RequestParam MultiValueMap} is the whole query: its parameters are described one by one instead. */
    private static void dropQueryMaps(Operation operation, HandlerMethod handler) {
        if (operation.getParameters() == null) {
            return;
        }
        Set<String> maps = new java.util.HashSet<>();
        for (org.springframework.core.MethodParameter parameter : handler.getMethodParameters()) {
            if (org.springframework.util.MultiValueMap.class.isAssignableFrom(parameter.getParameterType())
                    || Map.class.isAssignableFrom(parameter.getParameterType())) {
                parameter.initParameterNameDiscovery(new org.springframework.core.DefaultParameterNameDiscoverer());
                maps.add(parameter.getParameterName());
            }
        }
        operation.getParameters().removeIf(parameter -> "query".equals(parameter.getIn())
                && maps.contains(parameter.getName()));
    }

    @Override
    public void customise(OpenAPI api) {
        api.setInfo(info(service));
        api.setServers(null);
        if (api.getComponents() == null) {
            api.setComponents(new Components());
        }
        Components components = api.getComponents();
        SharedComponents.addTo(components);
        Conventions.apply(components);
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> item.readOperationsMap().forEach((method, operation) -> {
                Object only = extension(operation, X_ONLY_METHOD);
                if (only != null && !only.equals(method.name())) {
                    item.operation(method, null);
                }
            }));
            api.getPaths().forEach((path, item) -> item.readOperationsMap()
                    .forEach((method, operation) -> describe(path, method, operation, components)));
        }
        EnvelopeSchemas.describe(components);
        // The tags are the operations' own (springdoc's are named after the resource classes).
        Set<String> tags = new TreeSet<>();
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> item.readOperationsMap().values()
                    .forEach(operation -> tags.addAll(operation.getTags())));
        }
        api.setTags(tags.isEmpty() ? null
                : tags.stream().map(name -> new io.swagger.v3.oas.models.tags.Tag().name(name)).toList());
        if (components.getSchemas() != null) {
            components.getSchemas().keySet().removeIf(name -> name.startsWith("MultiValueMap")
                    || name.equals("DataBuffer"));
        }
        if (api.getPaths() != null) {
            api.getPaths().forEach((path, item) -> item.readOperationsMap()
                    .forEach((method, operation) -> exemplify(operation, components)));
        }
    }

    /** The document's title and the conventions a reader needs before any operation. */
    static Info info(String service) {
        return new Info().title("Storage operator platform API" + (service == null ? "" : ": " + service))
                .version("v1")
                .description("""
                        The REST API of the storage operator platform. Every `/v1` request carries a Bearer credential \
                        that selects the operator and the environment (test or live); each operation needs exactly \
                        the scope it names.

                        - Every response is `{ data }` (a list: `{ data, meta: { limit, cursor: { next, has_more } } }`) \
                        or `{ error: { code, message, details? } }`; `ErrorBody.code` lists every code with its status.
                        - Every mutation accepts `Idempotency-Key` (at most 255 characters): a retry replays the \
                        stored response.
                        - Lists are newest first, paged with `limit` (1 to 100, default 20) and `cursor`; filters are \
                        exact-match query parameters named like the field.
                        - Identifiers are lowercase UUIDv7 strings; a malformed id, or one of another account, is 404.
                        - Money is an integer in minor units (`3300` is 33.00) with an ISO 4217 `currency`.
                        - Dates are `YYYY-MM-DD`; date-times are RFC 3339 in UTC with a `Z`.
                        - `/v1` changes only additively; a deprecated operation or field is marked here and answers \
                        with `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link: <...>; rel="deprecation"` headers.
                        """);
    }

    private void describe(String path, PathItem.HttpMethod method, Operation operation, Components components) {
        Kind kind = Kind.of(path);
        boolean mutation = MUTATIONS.contains(method);
        boolean list = Boolean.TRUE.equals(extension(operation, X_LIST));
        operation.setOperationId(OperationNames.id(method.name(), path));
        operation.setTags(List.of(OperationNames.tag(path)));
        // springdoc makes a handler's Javadoc the description and its first sentence the summary; the summary reads
        // better as the action ("List coupons"), unless @Operation gave one of its own.
        operation.setDescription(Javadocs.fromHtml(operation.getDescription()));
        String summary = Javadocs.fromHtml(operation.getSummary());
        if (summary == null || operation.getDescription() != null && operation.getDescription().startsWith(summary)) {
            summary = OperationNames.summary((String) extension(operation, X_HANDLER), path,
                    objectName(operation, components));
        }
        operation.setSummary(summary);
        security(kind, method, operation);
        if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
            MediaType body = operation.getRequestBody().getContent().get("application/json");
            Schema<?> resource = successSchema(operation, components);
            if (body != null && resource != null && resource.getProperties() != null) {
                Object data = resource.getProperties().get("data");
                Conventions.align(deref(body.getSchema(), components), deref((Schema<?>) data, components), components);
            }
        }
        csvBody(operation);
        parameters(kind, mutation, list, operation, components);
        responses(path, kind, mutation, list, operation, components);
        if (operation.getExtensions() != null) {
            operation.getExtensions().keySet().removeIf(key -> key.startsWith("x-kit-"));
            if (operation.getExtensions().isEmpty()) {
                operation.setExtensions(null);
            }
        }
    }

    /** A CSV upload (a {@code Flux<DataBuffer>} body) is text, not the buffers that carry it. */
    private static void csvBody(Operation operation) {
        if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
            return;
        }
        MediaType csv = operation.getRequestBody().getContent().get("text/csv");
        if (csv != null && (csv.getSchema() == null || csv.getSchema().getItems() != null)) {
            csv.setSchema(new JsonSchema().types(Set.of("string"))
                    .description("The file: CSV (RFC 4180), UTF-8, a header row first."));
            if (csv.getExamples() != null && csv.getExamples().values().stream()
                    .allMatch(example -> example.getValue() instanceof List<?>)) {
                csv.setExamples(null);
            }
        }
    }

    private static void security(Kind kind, PathItem.HttpMethod method, Operation operation) {
        switch (kind) {
            case ADMIN -> operation.setSecurity(List.of(new SecurityRequirement().addList(SharedComponents.PLATFORM_ADMIN)));
            case OAUTH -> operation.setSecurity(List.of(new SecurityRequirement().addList(SharedComponents.OAUTH_CLIENT),
                    new SecurityRequirement()));
            case V1 -> {
                Object family = extension(operation, X_FAMILY);
                if (family != null) {
                    String scope = Scopes.required(family.toString(), method.name());
                    operation.setSecurity(List.of(new SecurityRequirement().addList(SharedComponents.BEARER, scope)));
                    operation.setDescription(join(operation.getDescription(), "Scope: `" + scope + "`."));
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void parameters(Kind kind, boolean mutation, boolean list, Operation operation,
            Components components) {
        List<Parameter> parameters = operation.getParameters() == null ? new ArrayList<>()
                : new ArrayList<>(operation.getParameters());
        for (Parameter parameter : parameters) {
            if ("path".equals(parameter.getIn()) && parameter.getName().matches("id|.*Id")) {
                parameter.setSchema(new JsonSchema().types(Set.of("string")).format("uuid")
                        .example(Examples.id(parameter.getName())));
                parameter.setDescription(join(parameter.getDescription(),
                        "A UUIDv7 id; a malformed id, or one of another account or environment, is 404 `not_found`."));
            }
        }
        if (mutation && kind != Kind.OAUTH) {
            parameters.add(ref("#/components/parameters/" + SharedComponents.IDEMPOTENCY_KEY));
        }
        if (list) {
            parameters.add(ref("#/components/parameters/" + SharedComponents.LIMIT));
            parameters.add(ref("#/components/parameters/" + SharedComponents.CURSOR));
            if (Boolean.TRUE.equals(extension(operation, X_REPORT))) {
                parameters.addAll(ReportParameters.of(listItem(operation, components)));
            }
            Object filters = extension(operation, X_FILTERS);
            if (filters != null) {
                Schema<?> item = listItem(operation, components);
                for (String filter : (List<String>) filters) {
                    parameters.add(FilterParameters.parameter(filter, item, components));
                }
            }
        }
        operation.setParameters(parameters.isEmpty() ? null : parameters);
    }

    /** The {@code object} value of the resource an operation answers with, if it has one. */
    @SuppressWarnings("rawtypes")
    private static String objectName(Operation operation, Components components) {
        Schema envelope = successSchema(operation, components);
        if (envelope == null || envelope.getProperties() == null) {
            return null;
        }
        Schema data = deref((Schema) envelope.getProperties().get("data"), components);
        if (data != null && data.getItems() != null) {
            data = deref(data.getItems(), components);
        }
        if (data == null || data.getProperties() == null) {
            return null;
        }
        Schema object = (Schema) data.getProperties().get("object");
        return object == null || object.getEnum() == null || object.getEnum().isEmpty() ? null
                : object.getEnum().get(0).toString();
    }

    private static Parameter ref(String ref) {
        return new Parameter().$ref(ref);
    }

    /** The schema of a list operation's items: {@code data.items} of its list envelope. */
    @SuppressWarnings("rawtypes")
    private static Schema<?> listItem(Operation operation, Components components) {
        Schema envelope = successSchema(operation, components);
        if (envelope == null || envelope.getProperties() == null) {
            return null;
        }
        Schema data = (Schema) envelope.getProperties().get("data");
        return data == null || data.getItems() == null ? null : deref(data.getItems(), components);
    }

    @SuppressWarnings("rawtypes")
    private static Schema successSchema(Operation operation, Components components) {
        if (operation.getResponses() == null) {
            return null;
        }
        for (Map.Entry<String, ApiResponse> response : operation.getResponses().entrySet()) {
            if (response.getKey().startsWith("2") && response.getValue().getContent() != null) {
                MediaType json = response.getValue().getContent().get("application/json");
                return json == null ? null : deref(json.getSchema(), components);
            }
        }
        return null;
    }

    @SuppressWarnings("rawtypes")
    static Schema deref(Schema schema, Components components) {
        return schema != null && schema.get$ref() != null ? Examples.resolve(schema.get$ref(), components) : schema;
    }

    @SuppressWarnings("unchecked")
    private void responses(String path, Kind kind, boolean mutation, boolean list, Operation operation,
            Components components) {
        ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
        boolean deprecated = Boolean.TRUE.equals(operation.getDeprecated())
                || Conventions.carriesDeprecated(successSchema(operation, components), components);
        responses.forEach((status, response) -> {
            if (status.startsWith("2")) {
                successHeaders(kind, mutation, deprecated, response);
                if (Boolean.TRUE.equals(extension(operation, X_REPORT))) {
                    ReportParameters.csv(response, listItem(operation, components), components);
                }
            }
        });
        if (kind == Kind.OAUTH) {
            ErrorResponses.oauth(responses, components);
            operation.setResponses(responses);
            return;
        }
        Map<Integer, TreeSet<ErrorCode>> errors = new TreeMap<>();
        if (kind == Kind.V1) {
            add(errors, ErrorCode.UNAUTHORIZED, ErrorCode.INSUFFICIENT_SCOPE, ErrorCode.RATE_LIMITED);
        } else {
            add(errors, ErrorCode.UNAUTHORIZED);
        }
        add(errors, ErrorCode.INTERNAL_ERROR, ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.GATEWAY_TIMEOUT);
        malformedRequest(errors);
        if (path.contains("{")) {
            add(errors, ErrorCode.NOT_FOUND);
        }
        if (list) {
            errors.computeIfAbsent(400, status -> new TreeSet<>()).add(ErrorCode.VALIDATION_ERROR);
        }
        if (mutation) {
            add(errors, ErrorCode.IDEMPOTENCY_CONFLICT, ErrorCode.IDEMPOTENCY_IN_PROGRESS, ErrorCode.VALIDATION_ERROR);
            if (operation.getRequestBody() != null) {
                add(errors, ErrorCode.INVALID_REQUEST, ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
            }
        }
        Object extra = extension(operation, X_ERRORS);
        if (extra != null) {
            ((List<String>) extra).forEach(name -> add(errors, ErrorCode.valueOf(name)));
        }
        errors.forEach((status, codes) -> responses.addApiResponse(Integer.toString(status),
                ErrorResponses.reference(status, codes, components, kind != Kind.ADMIN)));
        operation.setResponses(responses);
    }

    /**
     * What any operation may be refused before its route is chosen (the request firewall, Netty's decoder in the
     * kit's {@code DecodingFailures}): 400 for a request that is not well-formed or whose path or parameter names
     * hold characters the API refuses, 414 for a request line and 431 for headers over their limits; all
     * {@code invalid_request}.
     */
    private static void malformedRequest(Map<Integer, TreeSet<ErrorCode>> errors) {
        for (int status : new int[] {400, 414, 431}) {
            errors.computeIfAbsent(status, s -> new TreeSet<>()).add(ErrorCode.INVALID_REQUEST);
        }
    }

    private static void add(Map<Integer, TreeSet<ErrorCode>> errors, ErrorCode... codes) {
        for (ErrorCode code : codes) {
            errors.computeIfAbsent(code.status().value(), status -> new TreeSet<>()).add(code);
        }
    }

    private static void successHeaders(Kind kind, boolean mutation, boolean deprecated, ApiResponse response) {
        Map<String, Header> headers = response.getHeaders() == null ? new LinkedHashMap<>() : response.getHeaders();
        List<String> names = new ArrayList<>(List.of(SharedComponents.REQUEST_ID));
        if (kind != Kind.ADMIN) {
            names.addAll(List.of(SharedComponents.RATE_LIMIT_LIMIT, SharedComponents.RATE_LIMIT_REMAINING,
                    SharedComponents.RATE_LIMIT_RESET));
        }
        if (mutation && kind != Kind.OAUTH) {
            names.add(SharedComponents.REPLAYED);
        }
        if (deprecated) {
            names.addAll(List.of(SharedComponents.DEPRECATION, SharedComponents.SUNSET, SharedComponents.LINK));
        }
        names.forEach(name -> headers.put(name, new Header().$ref("#/components/headers/" + name)));
        response.setHeaders(headers);
        if (response.getDescription() == null || response.getDescription().isBlank()
                || response.getDescription().equals("OK") || response.getDescription().equals("Created")) {
            response.setDescription(response.getDescription() == null ? "Success." : response.getDescription() + ".");
        }
    }

    /** An example for the request body and each success response that has none. */
    private static void exemplify(Operation operation, Components components) {
        if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
            exemplify(operation.getRequestBody().getContent(), components);
        }
        if (operation.getResponses() != null) {
            operation.getResponses().forEach((status, response) -> {
                if (status.startsWith("2") && response.getContent() != null) {
                    exemplify(response.getContent(), components);
                }
            });
        }
    }

    private static void exemplify(Content content, Components components) {
        content.forEach((type, media) -> {
            if (media.getExample() == null && (media.getExamples() == null || media.getExamples().isEmpty())
                    && media.getSchema() != null) {
                Object example = Examples.of(media.getSchema(), components);
                // A body with no fields (an action that takes none) is shown as {}.
                media.setExamples(Map.of("example", new Example().value(example == null ? Map.of() : example)));
            }
        });
    }

    private static Object extension(Operation operation, String name) {
        return operation.getExtensions() == null ? null : operation.getExtensions().get(name);
    }

    static String join(String first, String second) {
        return first == null || first.isBlank() ? second : first + "\n\n" + second;
    }

    private static boolean returns(Type type, Class<?> wanted) {
        if (type == wanted) {
            return true;
        }
        if (type instanceof ParameterizedType parameterized) {
            if (parameterized.getRawType() == wanted) {
                return true;
            }
            for (Type argument : parameterized.getActualTypeArguments()) {
                if (returns(argument, wanted)) {
                    return true;
                }
            }
        }
        return false;
    }

    static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
