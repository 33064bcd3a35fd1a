package com.storageplatform.e2e;

import com.storageplatform.e2e.OpenApiDocument.Body;
import com.storageplatform.e2e.OpenApiDocument.Operation;
import com.storageplatform.e2e.OpenApiDocument.Parameter;
import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The malformed requests of one operation, derived from its parameters and request body schema in the OpenAPI
 * document and drawn from a seed, so that a seed always makes the same cases (the seed of a run and the operation's
 * name make its own random source: one operation's cases do not depend on which others run).
 *
 * <p>Every case starts from a valid request: the path's ids name existing objects, required query parameters have
 * valid values, and the body is the document's example with its ids replaced by existing objects' ids, so that the
 * malformed part is what the service judges; each mutation has its own {@code Idempotency-Key}. Then exactly one
 * thing is broken:
 * <ul>
 * <li>a body field (two levels deep, the first item standing for an array's): for five fields a wrong type, for
 * three strings 100,000 characters, for two NUL, for one a value nested 200 deep (the seed picks which); for every
 * number {@code 1e400} or {@code 2^70} (past a double, past a long), every amount of money ({@code *_minor},
 * amounts, prices) {@code -1} or the smallest long, every date {@code 0000-00-00} and {@code 2026-02-30} (a
 * date-time likewise); an unknown field at the top and in one nested object;</li>
 * <li>the whole body: not JSON, invalid UTF-8, nested 200 deep, an array instead of an object, and one of nested
 * 10,000 deep, a scalar, or empty (a CSV file or a form: invalid UTF-8, NUL, 100,000 more characters, JSON, empty);
 * </li>
 * <li>a query parameter: a wrong type, impossible dates and huge numbers for every typed one; 6,000 characters and
 * NUL or control characters for two of them, bytes that are not UTF-8 for one; an unknown parameter and a control
 * character in a parameter's name (reads and operations with a query);</li>
 * <li>a path parameter: a malformed id, percent-encoded control or non-UTF-8 bytes, 10,000 characters;</li>
 * <li>a header: an {@code Idempotency-Key} of 256 and 10,000 characters and one with non-UTF-8 (Latin-1) bytes
 * (mutations); a wrong {@code Content-Type}, and one with a charset that is unknown, malformed or missing
 * (operations with a body).</li>
 * </ul>
 */
final class MalformedCases {

    static final int OVERSIZED = 100_000;
    /** Inside the gateway's 8 KiB request line, so that it reaches the service (Netty's default there was 4 KiB). */
    static final int QUERY_OVERSIZED = 6_000;
    static final int PATH_LONG = 10_000;
    /** Past a double's range, and past a long's. */
    static final String HUGE_FLOAT = "1e400";
    static final String HUGE_INTEGER = "1180591620717411303424";
    static final String UNKNOWN_FIELD = "unknown_field_x";
    /** How many fields of an operation's body get a wrong type, and how many strings 100,000 characters. */
    static final int WRONG_TYPE_FIELDS = 5;
    static final int OVERSIZED_FIELDS = 3;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String RAW = "@@raw-json@@";
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");

    /** One request: {@code target} is the path and query, already percent-encoded; a null body sends none. */
    record Case(String category, String what, String method, String target, Map<String, String> headers,
                byte[] body) {
    }

    /** Where the ids of existing objects come from. */
    interface Ids {
        /** An existing object's id for a path parameter of the operation, or null. */
        String pathId(Operation operation, String parameter);

        /** An existing object's id for a body field or query parameter named {@code *_id} or {@code *_ids}. */
        String byName(String name);
    }

    /** A body field: its dotted path for people, where it sits in the body, and its schema. */
    private record Field(String path, List<Object> location, JsonNode schema, String type) {

        String name() {
            Object last = location.get(location.size() - 1);
            return last instanceof String s ? s : "";
        }
    }

    private final OpenApiDocument document;
    private final Operation operation;
    private final Ids ids;
    private final SplittableRandom random;
    private final Map<String, String> baseHeaders = new LinkedHashMap<>();
    private final List<Case> cases = new ArrayList<>();
    private final Body body;
    private String basePath;
    private final Map<String, String> baseQuery = new LinkedHashMap<>();
    private JsonNode baseBody;

    private MalformedCases(OpenApiDocument document, Operation operation, Ids ids, long seed,
                           Map<String, String> headers) {
        this.document = document;
        this.operation = operation;
        this.ids = ids;
        this.random = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * operation.name().hashCode()));
        this.body = document.body(operation);
        this.baseHeaders.putAll(headers);
    }

    /** The cases of one operation; {@code headers} are the credential's (Authorization), or none. */
    static List<Case> of(OpenApiDocument document, Operation operation, Ids ids, long seed,
                         Map<String, String> headers) {
        MalformedCases generator = new MalformedCases(document, operation, ids, seed, headers);
        generator.base();
        if (generator.body != null) {
            if (generator.body.mediaType().equals("application/json")) {
                generator.bodyFields();
                generator.wholeJsonBody();
            } else {
                generator.wholeOtherBody();
            }
        }
        generator.query();
        generator.path();
        generator.headers();
        return generator.cases;
    }

    // ---- the valid request every case starts from ----

    private void base() {
        List<Parameter> parameters = document.parameters(operation);
        Matcher matcher = PATH_PARAMETER.matcher(operation.path());
        StringBuilder path = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String id = ids.pathId(operation, name);
            if (id == null) {
                id = namedValue(name);
            }
            matcher.appendReplacement(path, Matcher.quoteReplacement(encode(id == null ? uuid() : id)));
        }
        matcher.appendTail(path);
        basePath = path.toString();
        for (Parameter parameter : parameters) {
            if (parameter.in().equals("query") && parameter.required()) {
                baseQuery.put(parameter.name(), validValue(parameter.name(), parameter.schema(), parameter.example()));
            }
        }
        if (operation.mutates()) {
            baseHeaders.put("Idempotency-Key", ""); // each case's own (caseHeaders): a shared one would be replayed
        }
        if (body != null) {
            baseHeaders.put("Content-Type", body.mediaType());
            JsonNode example = body.example() != null ? body.example().deepCopy() : synthesize(body.schema(), 0);
            baseBody = withIds(example);
        }
    }

    /** A path parameter that is not an id ({@code {name}}): the value the success example shows. */
    private String namedValue(String parameter) {
        for (Map.Entry<String, JsonNode> response : operation.node().path("responses").properties()) {
            if (response.getKey().startsWith("2")) {
                JsonNode media = document.resolve(response.getValue()).path("content").path("application/json");
                JsonNode example = media.path("examples").isEmpty() ? media.path("example")
                        : document.resolve(media.path("examples").iterator().next()).path("value");
                String value = example.path("data").path(parameter).asString("");
                if (!value.isEmpty()) {
                    return value;
                }
            }
        }
        return null;
    }

    private String validValue(String name, JsonNode schema, JsonNode example) {
        if (name.endsWith("_id") && ids.byName(name) != null) {
            return ids.byName(name);
        }
        if (example != null && !example.isNull()) {
            return example.asString();
        }
        if (schema.path("enum").size() > 0) {
            return schema.path("enum").get(0).asString();
        }
        return switch (document.type(schema)) {
            case "integer", "number" -> "1";
            case "boolean" -> "true";
            default -> schema.path("format").asString("").equals("date") ? "2030-01-01" : "x";
        };
    }

    /** A value of the schema when the document has no example: required properties only. */
    private JsonNode synthesize(JsonNode schema, int depth) {
        JsonNode resolved = document.resolve(schema);
        if (resolved.has("example")) {
            return resolved.get("example").deepCopy();
        }
        if (resolved.path("enum").size() > 0) {
            return resolved.path("enum").get(0).deepCopy();
        }
        return switch (document.type(resolved)) {
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                if (depth < 4) {
                    Map<String, JsonNode> properties = document.properties(resolved);
                    for (JsonNode required : resolved.path("required")) {
                        JsonNode property = properties.get(required.asString());
                        if (property != null) {
                            object.set(required.asString(), synthesize(property, depth + 1));
                        }
                    }
                }
                yield object;
            }
            case "array" -> NODES.arrayNode();
            case "integer", "number" -> NODES.numberNode(1);
            case "boolean" -> NODES.booleanNode(false);
            default -> switch (resolved.path("format").asString("")) {
                case "uuid" -> NODES.stringNode(uuid());
                case "date" -> NODES.stringNode("2030-01-01");
                case "date-time" -> NODES.stringNode("2030-01-01T10:00:00Z");
                default -> NODES.stringNode("x");
            };
        };
    }

    /** The example with every {@code *_id} and {@code *_ids} value naming an existing object where there is one. */
    private JsonNode withIds(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String name : new ArrayList<>(object.propertyNames())) {
                JsonNode value = object.get(name);
                String id = name.endsWith("_id") || name.endsWith("_ids") ? ids.byName(name) : null;
                if (id != null && value.isString()) {
                    object.put(name, id);
                } else if (id != null && value.isArray()) {
                    object.set(name, NODES.arrayNode().add(id));
                } else {
                    withIds(value);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(this::withIds);
        }
        return node;
    }

    // ---- body fields ----

    private void bodyFields() {
        List<Field> fields = new ArrayList<>();
        fields(body.schema(), List.of(), "", 0, fields);
        List<Field> strings = fields.stream().filter(f -> f.type().equals("string")).toList();
        // The two costliest kinds take a sample of the fields, the seed's (so that a run keeps within its time;
        // other seeds take other fields); the kinds after them take every field they apply to.
        for (Field field : sample(fields, WRONG_TYPE_FIELDS)) {
            JsonNode wrong = pick(wrongTypes(field.type()));
            add("wrong_type", field.path() + " = " + abbreviate(wrong.toString()), withValue(field, wrong));
        }
        for (Field field : sample(strings, OVERSIZED_FIELDS)) {
            add("oversized_string", field.path() + " = " + OVERSIZED + " characters",
                    withValue(field, NODES.stringNode("x".repeat(OVERSIZED))));
        }
        int offset = random.nextInt(2);
        int numbers = 0;
        int money = 0;
        for (Field field : fields) {
            if (field.type().equals("integer") || field.type().equals("number")) {
                boolean past = (numbers++ + offset) % 2 == 0;
                add("huge_number", field.path() + (past ? " = 1e400" : " = 2^70"),
                        withRaw(field, past ? HUGE_FLOAT : HUGE_INTEGER));
            }
            if (isMoney(field)) {
                String negative = (money++ + offset) % 2 == 0 ? "-1" : Long.toString(Long.MIN_VALUE);
                add("negative_money", field.path() + " = " + negative, withRaw(field, negative));
            }
            for (String date : badDates(field)) {
                add("bad_date", field.path() + " = " + date, withValue(field, NODES.stringNode(date)));
            }
        }
        for (Field field : sample(strings, 2)) {
            add("nul", field.path() + " holds NUL", withValue(field, NODES.stringNode("a\u0000b")));
        }
        for (Field field : sample(fields, 1)) {
            add("deep_field", field.path() + " nested 200 deep", withRaw(field, nested(200)));
        }
        if (baseBody instanceof ObjectNode object) {
            ObjectNode unknown = object.deepCopy();
            unknown.put(UNKNOWN_FIELD, "surprise");
            add("unknown_field", UNKNOWN_FIELD, json(unknown));
            List<Field> objects = fields.stream().filter(f -> f.type().equals("object")
                    && !document.properties(f.schema()).isEmpty()).toList();
            for (Field field : sample(objects, 1)) {
                Field inside = new Field(field.path() + "." + UNKNOWN_FIELD,
                        append(field.location(), UNKNOWN_FIELD), NODES.objectNode(), "string");
                add("unknown_field", inside.path(), withValue(inside, NODES.stringNode("surprise")));
            }
        }
    }

    /** The fields of an object schema, two levels deep, the first item of an array standing for every item. */
    private void fields(JsonNode schema, List<Object> location, String path, int depth, List<Field> out) {
        for (Map.Entry<String, JsonNode> property : document.properties(schema).entrySet()) {
            List<Object> at = append(location, property.getKey());
            String dotted = path.isEmpty() ? property.getKey() : path + "." + property.getKey();
            String type = document.type(property.getValue());
            out.add(new Field(dotted, at, property.getValue(), type));
            if (depth >= 2) {
                continue;
            }
            if (type.equals("object")) {
                fields(property.getValue(), at, dotted, depth + 1, out);
            } else if (type.equals("array")) {
                JsonNode items = document.resolve(property.getValue().path("items"));
                String itemType = document.type(items);
                if (itemType.equals("object")) {
                    fields(items, append(at, 0), dotted + "[0]", depth + 1, out);
                } else if (!itemType.isEmpty()) {
                    out.add(new Field(dotted + "[0]", append(at, 0), items, itemType));
                }
            }
        }
    }

    private static List<JsonNode> wrongTypes(String type) {
        ObjectNode object = NODES.objectNode().put("a", 1);
        return switch (type) {
            case "string" -> List.of(NODES.numberNode(12345), NODES.booleanNode(true), object,
                    NODES.arrayNode().add("x"));
            case "integer" -> List.of(NODES.stringNode("12"), NODES.numberNode(1.5), NODES.booleanNode(true), object,
                    NODES.arrayNode());
            case "number" -> List.of(NODES.stringNode("12.5"), NODES.booleanNode(true), object, NODES.arrayNode());
            case "boolean" -> List.of(NODES.stringNode("true"), NODES.numberNode(1), object, NODES.arrayNode());
            case "array" -> List.of(NODES.stringNode("x"), object, NODES.numberNode(5),
                    NODES.arrayNode().add(object).add(NODES.arrayNode()));
            case "object" -> List.of(NODES.stringNode("x"), NODES.arrayNode().add(1), NODES.numberNode(5),
                    NODES.booleanNode(false));
            default -> List.of(NODES.arrayNode().add(NODES.nullNode()), NODES.objectNode().putNull(""));
        };
    }

    private static boolean isMoney(Field field) {
        String name = field.name();
        return (field.type().equals("integer") || field.type().equals("number"))
                && (name.endsWith("_minor") || name.contains("amount") || name.contains("price"));
    }

    private static List<String> badDates(Field field) {
        String format = field.schema().path("format").asString("");
        String name = field.name();
        if (format.equals("date") || (field.type().equals("string") && (name.endsWith("_date")
                || name.endsWith("_on") || name.equals("from") || name.equals("to")))) {
            return List.of("0000-00-00", "2026-02-30");
        }
        if (format.equals("date-time")) {
            return List.of("0000-00-00T00:00:00Z", "2026-02-30T10:00:00Z");
        }
        return List.of();
    }

    // ---- whole bodies ----

    private void wholeJsonBody() {
        add("not_json", "a body that is not JSON", pick(List.of("\u0000\u0001 not json", "{\"a\":",
                "{'name': 'single quotes'}", "{\"a\": 1}}", "{\"a\": 1e99999}")).getBytes(StandardCharsets.UTF_8));
        add("invalid_utf8", "a string holding the bytes FF FE C3 28", invalidUtf8());
        add("deep_body", "an object nested 200 deep", nested(200).getBytes(StandardCharsets.UTF_8));
        add("array_body", "the body inside an array", ("[" + Http.JSON.writeValueAsString(baseBody) + "]")
                .getBytes(StandardCharsets.UTF_8));
        // One more of these per operation: each is judged by the kit alike, whichever service it reaches.
        switch (random.nextInt(3)) {
            case 0 -> add("deep_body", "an object nested 10,000 deep", nested(10_000).getBytes(StandardCharsets.UTF_8));
            case 1 -> {
                String scalar = pick(List.of("null", "42", "\"text\"", "true"));
                add("scalar_body", "the body " + scalar, scalar.getBytes(StandardCharsets.UTF_8));
            }
            default -> add("empty_body", "no body", new byte[0]);
        }
    }

    /** A CSV file or a form: its text broken, since its fields are not JSON's. */
    private void wholeOtherBody() {
        byte[] valid = text(baseBody).getBytes(StandardCharsets.UTF_8);
        add("invalid_utf8", "the bytes FF FE C3 28 appended", concat(valid, new byte[] {(byte) 0xFF, (byte) 0xFE,
                (byte) 0xC3, 0x28}));
        add("nul", "NUL bytes appended", concat(valid, new byte[] {0, 0, '\n'}));
        add("oversized_string", OVERSIZED + " characters appended", concat(valid,
                "x".repeat(OVERSIZED).getBytes(StandardCharsets.UTF_8)));
        add("not_json", "a JSON object instead", "{\"a\": 1}".getBytes(StandardCharsets.UTF_8));
        add("empty_body", "no body", new byte[0]);
    }

    private byte[] invalidUtf8() {
        List<Field> strings = new ArrayList<>();
        fields(body.schema(), List.of(), "", 0, strings);
        strings.removeIf(field -> !field.type().equals("string") || field.location().contains(0));
        if (strings.isEmpty() || !(baseBody instanceof ObjectNode)) {
            return new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xFF, (byte) 0xFE, '"', '}'};
        }
        byte[] text = withRaw(strings.get(random.nextInt(strings.size())), RAW + "!");
        byte[] marker = (RAW + "!").getBytes(StandardCharsets.UTF_8);
        return replace(text, marker, new byte[] {'"', (byte) 0xFF, (byte) 0xFE, (byte) 0xC3, 0x28, '"'});
    }

    // ---- query, path and headers ----

    private void query() {
        List<Parameter> parameters = document.parameters(operation).stream()
                .filter(p -> p.in().equals("query")).toList();
        for (Parameter parameter : parameters) {
            String type = document.type(parameter.schema());
            String format = parameter.schema().path("format").asString("");
            String wrong = parameter.schema().path("enum").size() > 0 ? "not_a_value"
                    : format.equals("uuid") ? "not-a-uuid"
                    : type.equals("integer") || type.equals("number") ? "abc"
                    : type.equals("boolean") ? "maybe" : null;
            if (wrong != null) {
                addQuery("query_wrong_type", parameter.name(), encode(wrong));
            }
            if (format.equals("date")) {
                addQuery("bad_date", parameter.name(), "0000-00-00");
                addQuery("bad_date", parameter.name(), "2026-02-30");
            }
            if (type.equals("integer") || type.equals("number")) {
                addQuery("huge_number", parameter.name(), pick(List.of(HUGE_FLOAT, HUGE_INTEGER, "-1")));
            }
        }
        for (Parameter parameter : sample(parameters, 2)) {
            addQuery("query_oversized", parameter.name(), "x".repeat(QUERY_OVERSIZED));
        }
        for (Parameter parameter : sample(parameters, 2)) {
            addQuery("query_control", parameter.name(), encode(pick(List.of("a\u0000b", "a\u0008b", "\u001b[31m",
                    "a\r\nb"))));
        }
        if (!parameters.isEmpty()) {
            Parameter parameter = parameters.get(random.nextInt(parameters.size()));
            addQuery("query_non_utf8", parameter.name(), "%FF%FE%C3%28");
        }
        if (!parameters.isEmpty() || !operation.mutates()) {
            addQueryName("query_unknown", "unknown_param_x");
            addQueryName("query_control_name", pick(List.of("a%08b", "a%00b", "%FF%FE", "a%0D%0Ab", "%1B")));
        }
    }

    private void path() {
        List<String> names = new ArrayList<>();
        PATH_PARAMETER.matcher(operation.path()).results().forEach(m -> names.add(m.group(1)));
        if (names.isEmpty()) {
            return;
        }
        String name = names.get(random.nextInt(names.size()));
        String malformed = pick(List.of("not-a-uuid", uuid().toUpperCase(Locale.ROOT),
                "00000000-0000-0000-0000-000000000000", "1e400", "-1", "0193d5c4-8e2a-7b80-8bb7-7402883da1b"));
        addPath("path_malformed", name, encode(malformed));
        addPath("path_encoded", name, pick(List.of("%00", "a%0Ab", "%FF%FE", "..%2F..%2Fadmin", "%25")));
        addPath("path_long", name, "a".repeat(PATH_LONG));
    }

    private void headers() {
        if (operation.mutates()) {
            header("idempotency_key_256", "Idempotency-Key of 256 characters", "Idempotency-Key", "k".repeat(256));
            header("idempotency_key_10000", "Idempotency-Key of 10,000 characters", "Idempotency-Key",
                    "k".repeat(10_000));
        }
        if (body != null) {
            String wrong = pick(List.of("text/plain", "application/xml", "application/x-www-form-urlencoded",
                    "multipart/form-data; boundary=x", "application/json-patch+json"));
            if (wrong.startsWith(body.mediaType())) {
                wrong = "text/plain";
            }
            header("content_type", "Content-Type: " + wrong, "Content-Type", wrong);
            String charset = pick(List.of("x-no-such-charset", "utf-16", "\"\u00ff\"", "utf-8; charset=latin1", ""));
            if (charset.isEmpty()) {
                header("content_type", "no Content-Type", "Content-Type", null);
            } else {
                header("content_type", "Content-Type: " + body.mediaType() + "; charset=" + charset, "Content-Type",
                        body.mediaType() + "; charset=" + charset);
            }
        }
        if (operation.mutates()) {
            // Last: with a valid body this one may really act (an Idempotency-Key in Latin-1 is still a key).
            header("idempotency_key_non_utf8", "Idempotency-Key with the Latin-1 bytes E9 FF", "Idempotency-Key",
                    "caf\u00e9\u00ff-" + uuid());
        }
    }

    // ---- building requests ----

    private void add(String category, String what, byte[] bodyBytes) {
        if (bodyBytes == null) {
            return; // the body is not an object: the field has nowhere to go
        }
        cases.add(new Case(category, what, operation.method(), basePath + queryString(baseQuery), caseHeaders(),
                bodyBytes));
    }

    private void addQuery(String category, String parameter, String encodedValue) {
        Map<String, String> query = new LinkedHashMap<>(baseQuery);
        query.put(parameter, encodedValue);
        cases.add(new Case(category, parameter + "=" + abbreviate(encodedValue), operation.method(),
                basePath + queryString(query), caseHeaders(), baseBytes()));
    }

    private void addQueryName(String category, String encodedName) {
        String query = queryString(baseQuery);
        cases.add(new Case(category, encodedName + "=1", operation.method(),
                basePath + (query.isEmpty() ? "?" : query + "&") + encodedName + "=1", caseHeaders(), baseBytes()));
    }

    private void addPath(String category, String parameter, String encodedValue) {
        String path = operation.path();
        Matcher matcher = PATH_PARAMETER.matcher(path);
        StringBuilder filled = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value = name.equals(parameter) ? encodedValue : segment(name);
            matcher.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(filled);
        cases.add(new Case(category, "{" + parameter + "} = " + abbreviate(encodedValue), operation.method(),
                filled + queryString(baseQuery), caseHeaders(), baseBytes()));
    }

    /** The base path's value of a path parameter. */
    private String segment(String name) {
        String[] template = operation.path().split("/");
        String[] filled = basePath.split("/");
        for (int i = 0; i < template.length && i < filled.length; i++) {
            if (template[i].equals("{" + name + "}")) {
                return filled[i];
            }
        }
        return uuid();
    }

    private void header(String category, String what, String name, String value) {
        Map<String, String> headers = caseHeaders();
        if (value == null) {
            headers.remove(name);
        } else {
            headers.put(name, value);
        }
        cases.add(new Case(category, what, operation.method(), basePath + queryString(baseQuery), headers,
                baseBytes()));
    }

    /** The base headers with a fresh Idempotency-Key for a mutation: one key per case, as a client retries none. */
    private Map<String, String> caseHeaders() {
        Map<String, String> headers = new LinkedHashMap<>(baseHeaders);
        headers.computeIfPresent("Idempotency-Key", (name, key) -> uuid());
        return headers;
    }

    private byte[] baseBytes() {
        if (body == null) {
            return null;
        }
        return (body.mediaType().equals("application/json") ? Http.JSON.writeValueAsString(baseBody)
                : text(baseBody)).getBytes(StandardCharsets.UTF_8);
    }

    private byte[] withValue(Field field, JsonNode value) {
        JsonNode copy = baseBody.deepCopy();
        return set(copy, field.location(), value) ? json(copy) : null;
    }

    /** The body with the field's value written as raw JSON text (numbers no Java type holds, deep nesting). */
    private byte[] withRaw(Field field, String raw) {
        JsonNode copy = baseBody.deepCopy();
        if (!set(copy, field.location(), NODES.stringNode(RAW))) {
            return null;
        }
        return Http.JSON.writeValueAsString(copy).replace("\"" + RAW + "\"", raw).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] json(JsonNode node) {
        return Http.JSON.writeValueAsString(node).getBytes(StandardCharsets.UTF_8);
    }

    /** Sets the value at the location, making the objects and arrays on the way; false when the body is no object. */
    private static boolean set(JsonNode root, List<Object> location, JsonNode value) {
        JsonNode node = root;
        for (int i = 0; i < location.size() - 1; i++) {
            Object step = location.get(i);
            boolean nextIsIndex = location.get(i + 1) instanceof Integer;
            JsonNode child = step instanceof String name ? node.get(name) : node.get((Integer) step);
            if (child == null || !(nextIsIndex ? child.isArray() : child.isObject())) {
                child = nextIsIndex ? NODES.arrayNode() : NODES.objectNode();
                if (step instanceof String name && node instanceof ObjectNode object) {
                    object.set(name, child);
                } else if (node instanceof ArrayNode array) {
                    if (array.isEmpty()) {
                        array.add(child);
                    } else {
                        array.set(0, child);
                    }
                } else {
                    return false;
                }
            }
            node = child;
        }
        Object last = location.get(location.size() - 1);
        if (last instanceof String name && node instanceof ObjectNode object) {
            object.set(name, value);
            return true;
        }
        if (node instanceof ArrayNode array) {
            if (array.isEmpty()) {
                array.add(value);
            } else {
                array.set(0, value);
            }
            return true;
        }
        return false;
    }

    /** A non-JSON body's text: a CSV example as it is, a form's fields form-encoded. */
    private static String text(JsonNode body) {
        if (body == null) {
            return "";
        }
        if (!body.isObject()) {
            return body.asString();
        }
        StringBuilder form = new StringBuilder();
        body.properties().forEach(field -> form.append(form.isEmpty() ? "" : "&").append(encode(field.getKey()))
                .append('=').append(encode(field.getValue().isString() ? field.getValue().asString()
                        : field.getValue().toString())));
        return form.toString();
    }

    private static String queryString(Map<String, String> query) {
        StringBuilder text = new StringBuilder();
        query.forEach((name, value) -> text.append(text.isEmpty() ? "?" : "&").append(name).append('=')
                .append(value));
        return text.toString();
    }

    static String nested(int levels) {
        return "{\"a\":".repeat(levels) + "1" + "}".repeat(levels);
    }

    private String uuid() {
        // A UUIDv7 shape from the seeded source: a well-formed id that names nothing.
        long high = (random.nextLong() & 0xFFFFFFFFFFFF0FFFL) | 0x7000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private <T> List<T> sample(List<T> values, int count) {
        List<T> left = new ArrayList<>(values);
        List<T> picked = new ArrayList<>();
        while (picked.size() < count && !left.isEmpty()) {
            picked.add(left.remove(random.nextInt(left.size())));
        }
        return picked;
    }

    private static List<Object> append(List<Object> location, Object step) {
        List<Object> longer = new ArrayList<>(location);
        longer.add(step);
        return List.copyOf(longer);
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String abbreviate(String text) {
        return text.length() > 60 ? text.substring(0, 40) + "...(" + text.length() + " characters)" : text;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    private static byte[] replace(byte[] text, byte[] marker, byte[] replacement) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < text.length; i++) {
            if (i <= text.length - marker.length && Arrays.equals(text, i, i + marker.length, marker, 0,
                    marker.length)) {
                out.writeBytes(replacement);
                i += marker.length - 1;
            } else {
                out.write(text[i]);
            }
        }
        return out.toByteArray();
    }
}
