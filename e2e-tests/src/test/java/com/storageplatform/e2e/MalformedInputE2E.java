package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.e2e.MalformedCalls.Answer;
import com.storageplatform.e2e.MalformedCases.Case;
import com.storageplatform.e2e.OpenApiDocument.Operation;
import com.storageplatform.devstack.DevStack;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The malformed-input guard of the build (issue 21; docs/testing.md): every operation of the document the gateway
 * serves ({@code GET /openapi.json}) gets a seeded, deterministic set of malformed requests derived from its
 * parameters and request body schema ({@link MalformedCases}): {@code /v1} with a test key holding every scope the
 * document names, {@code /admin} with the platform admin token (but the test clock and the job controls, which
 * would move time under the other tests sharing the stack), {@code /oauth/token} with no credential. Every answer
 * must be no 5xx; any 4xx JSON in the error envelope with a code ({@code /oauth/token}'s in RFC 6749's shape); and
 * its status one the operation documents. The findings are collected and the test fails once with all of them.
 *
 * <p>{@code -De2e.malformed.seed=N} replays a run (every run prints its seed), {@code -De2e.malformed.operations=
 * REGEX} limits it to the operations whose {@code METHOD path} matches, {@code -De2e.malformed.threads=N} sends from
 * N threads (default 4), and {@code -De2e.malformed.gateway=URL} with {@code -De2e.malformed.admin-token=TOKEN}
 * runs it against a stack already up ({@code ./platform up}) instead of the suite's.
 */
class MalformedInputE2E {

    private static final Pattern NOT_FUZZED = Pattern.compile("^/admin/v1/(clock|jobs)(/.*)?$");
    /** Path parameters that are not the first {@code {id}}, and the collection whose object they name. */
    private static final Map<String, String> PATH_PARAMETERS = Map.of("increaseId", "price-increases",
            "operatorId", "admin:operators");
    /** Body fields and filters whose name does not say the collection ({@code subject_id} of a note). */
    private static final Map<String, String> ID_NAMES = Map.of("subject", "contacts", "credential",
            "access-credentials", "device", "hardware-devices", "increase", "price-increases", "sale_process",
            "sale-processes", "operator", "admin:operators");

    private final long seed = Long.getLong("e2e.malformed.seed", System.nanoTime() & 0xFFFFFFFFFFL);
    private final Pattern only = Pattern.compile(System.getProperty("e2e.malformed.operations", ".*"));
    private final int threads = Integer.getInteger("e2e.malformed.threads", 4);
    private String gateway;
    private String adminToken;
    /** Label (a collection: {@code sites}, {@code admin:api-keys}) → an existing object's id. */
    private final Map<String, String> objects = new LinkedHashMap<>();
    private final List<String> findings = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, AtomicInteger> categories = Collections.synchronizedMap(new TreeMap<>());
    private final Map<String, AtomicLong> categoryNanos = Collections.synchronizedMap(new TreeMap<>());
    /** Category → status → how many cases of it were answered so: whether the cases reach what they aim at. */
    private final Map<String, Map<Integer, AtomicInteger>> statuses = Collections.synchronizedMap(new TreeMap<>());

    @Test
    void noOperationAnswersMalformedInputWithA5xxOutsideTheEnvelopeOrWithAnUndocumentedStatus() throws Exception {
        connect();
        System.out.printf("[malformed] seed %d (replay with -De2e.malformed.seed=%d)%n", seed, seed);
        Http.Response served = Http.get(gateway + "/openapi.json");
        assertThat(served.status()).isEqualTo(200);
        OpenApiDocument document = new OpenApiDocument(served.body());
        List<Operation> operations = document.operations().stream()
                .filter(op -> !NOT_FUZZED.matcher(op.path()).matches())
                .filter(op -> only.matcher(op.name()).find())
                .toList();
        assertThat(operations).as("operations to fuzz").isNotEmpty();

        long setUpStarted = System.nanoTime();
        List<String> keys = setUp(document);
        double setUpSeconds = (System.nanoTime() - setUpStarted) / 1e9;

        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Integer>> sent = new ArrayList<>();
        for (int i = 0; i < operations.size(); i++) {
            Operation operation = operations.get(i);
            Map<String, String> credential = credential(operation, keys.get(i % keys.size()));
            List<Case> cases = MalformedCases.of(document, operation, ids(), seed, credential);
            sent.add(pool.submit(() -> run(document, operation, cases)));
        }
        int total = 0;
        for (Future<Integer> count : sent) {
            total += count.get();
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - started) / 1e9;

        findings.sort(null);
        findings.forEach(finding -> System.out.println("[malformed] FAIL " + finding));
        categories.forEach((category, count) -> System.out.printf("[malformed]   %-24s %4d cases, %3d s, answered %s%n",
                category, count.get(), Math.round(categoryNanos.get(category).get() / 1e9), statuses.get(category)));
        System.out.printf("[malformed] seed %d: %d cases over %d operations in %.1f s (set-up %.1f s, %d threads), "
                + "%d findings%n", seed, total, operations.size(), seconds, setUpSeconds, threads, findings.size());
        assertThat(findings).as("malformed input answered wrongly (seed %d; replay with -De2e.malformed.seed=%d)",
                seed, seed).isEmpty();
    }

    private void connect() {
        String url = System.getProperty("e2e.malformed.gateway", "");
        if (url.isBlank()) {
            DevStack stack = Stack.get();
            gateway = stack.gatewayUrl();
            adminToken = stack.adminToken();
        } else {
            gateway = url;
            adminToken = System.getProperty("e2e.malformed.admin-token");
            assertThat(adminToken).as("-De2e.malformed.admin-token with -De2e.malformed.gateway").isNotBlank();
        }
    }

    /**
     * A new operator whose test account holds an object of every collection (the tenancy matrix's fixtures), the
     * keys that send (one per thread: a test key's rate limit is per key), and the admin API's own objects, made
     * apart from those keys so that revoking or rotating them takes nothing from the run.
     */
    private List<String> setUp(OpenApiDocument document) {
        JsonNode operator = admin("/admin/v1/operators", "{\"name\": \"Malformed Input Ltd\"}");
        String operatorId = operator.path("id").asString();
        Http.Response settings = Http.patch(gateway + "/admin/v1/operators/" + operatorId + "/settings", adminToken,
                "{\"online_id_checks_enabled\": true}");
        assertThat(settings.status()).as(settings.body().toString()).isEqualTo(200);
        objects.put("admin:operators", operatorId);

        String scopes = Http.JSON.writeValueAsString(scopes(document));
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < Math.max(1, threads); i++) {
            keys.add(admin("/admin/v1/operators/" + operatorId + "/api-keys", "{\"environment\": \"test\", "
                    + "\"name\": \"malformed " + i + "\", \"scopes\": " + scopes + "}").path("key").asString());
        }
        for (String kind : List.of("api-keys", "static-tokens", "staff-tokens", "oauth-clients")) {
            String body = kind.equals("oauth-clients")
                    ? "{\"environment\": \"test\", \"name\": \"malformed\", \"grant_types\": [\"client_credentials\"],"
                    + " \"redirect_uris\": [], \"scopes\": [\"sites:read\"]}"
                    : "{\"environment\": \"test\", \"name\": \"malformed\", \"scopes\": [\"sites:read\"]}";
            objects.put("admin:" + kind, admin("/admin/v1/operators/" + operatorId + "/" + kind, body)
                    .path("id").asString());
        }

        Path root = Path.of(System.getProperty("e2e.repo-root", "..")).toAbsolutePath().normalize();
        objects.putAll(TenancyFixtures.make(gateway, keys.get(0), root));
        // Objects the platform makes itself (pipelines, widgets, accounting syncs...) are found in the lists.
        for (Operation operation : document.operations()) {
            String collection = collectionOf(operation.path());
            if (collection != null && !collection.startsWith("admin:") && !objects.containsKey(collection)
                    && operation.path().contains("{id}")) {
                Http.Response list = MatrixCalls.send("GET", gateway + "/v1/" + collection + "?limit=1", keys.get(0),
                        null);
                String id = list.status() == 200 ? list.data().path(0).path("id").asString("") : "";
                if (!id.isEmpty()) {
                    objects.put(collection, id);
                }
            }
        }
        if (objects.containsKey("pipelines")) {
            Http.Response pipeline = MatrixCalls.send("GET", gateway + "/v1/pipelines/" + objects.get("pipelines"),
                    keys.get(0), null);
            String stage = pipeline.data().path("stages").path(0).path("id").asString("");
            if (!stage.isEmpty()) {
                objects.put("stages", stage);
            }
        }
        System.out.println("[malformed] objects: " + objects.keySet());
        return keys;
    }

    /** Every scope the document's {@code /v1} operations name, as bench/fuzz-api.sh gives its key. */
    private static Set<String> scopes(OpenApiDocument document) {
        Set<String> scopes = new TreeSet<>();
        for (Operation operation : document.operations()) {
            if (operation.path().startsWith("/v1/")) {
                for (JsonNode requirement : operation.node().path("security")) {
                    requirement.properties().forEach(names -> names.getValue()
                            .forEach(scope -> scopes.add(scope.asString())));
                }
            }
        }
        return scopes;
    }

    private JsonNode admin(String path, String body) {
        Http.Response made = Http.post(gateway + path, adminToken, body);
        assertThat(made.status()).as(path + " " + made.body()).isEqualTo(201);
        return made.data();
    }

    private Map<String, String> credential(Operation operation, String key) {
        if (operation.path().startsWith("/admin/")) {
            return Map.of("Authorization", "Bearer " + adminToken);
        }
        return operation.node().path("security").isEmpty() || operation.path().startsWith("/oauth/") ? Map.of()
                : Map.of("Authorization", "Bearer " + key);
    }

    /**
     * The collection an operation's {@code {id}} names: {@code /v1/units/{id}} and
     * {@code /v1/test-helpers/payments/{id}/confirm} name {@code units} and {@code payments}; the admin API's are
     * prefixed ({@code admin:api-keys}).
     */
    static String collectionOf(String path) {
        String[] segments = path.split("/");
        if (path.startsWith("/admin/v1/") && segments.length > 3) {
            return "admin:" + segments[3];
        }
        if (!path.startsWith("/v1/") || segments.length < 3) {
            return null;
        }
        return segments[2].equals("test-helpers") && segments.length > 3 ? segments[3] : segments[2];
    }

    private MalformedCases.Ids ids() {
        Map<String, String> known = new HashMap<>(objects);
        return new MalformedCases.Ids() {
            @Override
            public String pathId(Operation operation, String parameter) {
                String collection = PATH_PARAMETERS.getOrDefault(parameter,
                        parameter.equals("id") ? collectionOf(operation.path()) : null);
                return collection == null ? null : known.get(collection);
            }

            @Override
            public String byName(String name) {
                String stem = name.replaceAll("_ids?$", "");
                String collection = ID_NAMES.getOrDefault(stem, stem.replace('_', '-') + "s");
                return known.get(collection);
            }
        };
    }

    /** Sends an operation's cases in order and checks each answer; answers how many were sent. */
    private int run(OpenApiDocument document, Operation operation, List<Case> cases) {
        Set<Integer> documented = document.statuses(operation);
        boolean oauth = operation.path().startsWith("/oauth/");
        for (Case call : cases) {
            categories.computeIfAbsent(call.category(), c -> new AtomicInteger()).incrementAndGet();
            long sent = System.nanoTime();
            Answer answer = MalformedCalls.send(gateway, call);
            categoryNanos.computeIfAbsent(call.category(), c -> new AtomicLong()).addAndGet(System.nanoTime() - sent);
            statuses.computeIfAbsent(call.category(), c -> Collections.synchronizedMap(new TreeMap<>()))
                    .computeIfAbsent(answer.status(), s -> new AtomicInteger()).incrementAndGet();
            for (String problem : problems(answer, documented, oauth)) {
                findings.add(operation.name() + " | " + call.category() + " | " + call.what() + " | " + problem);
            }
            if (answer.status() / 100 == 2 && answer.contentType().startsWith("application/json")) {
                Secrets.collect(parse(answer.body()));
            }
        }
        return cases.size();
    }

    /** What is wrong with an answer: a 5xx, an error outside the envelope, an undocumented status. */
    static List<String> problems(Answer answer, Set<Integer> documented, boolean oauth) {
        List<String> problems = new ArrayList<>();
        if (answer.failure() != null) {
            problems.add("no answer: " + answer.failure());
            return problems;
        }
        String seen = answer.status() + " " + MalformedCases.abbreviate(answer.text().replaceAll("\\s+", " "));
        if (answer.status() >= 500) {
            problems.add("a server error: " + seen);
        }
        if (!OpenApiDocument.documents(documented, answer.status())) {
            problems.add("status " + answer.status() + " is not documented (documented: " + documented + "): " + seen);
        }
        if (answer.status() >= 400) {
            String envelope = oauth ? oauthEnvelope(answer) : envelope(answer);
            if (envelope != null) {
                problems.add(envelope + ": " + seen);
            }
        }
        return problems;
    }

    /** Null when the answer is {@code {"error": {"code", "message", "details"?}}} in JSON, else what is wrong. */
    private static String envelope(Answer answer) {
        if (!answer.contentType().toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return "an error answered as " + (answer.contentType().isEmpty() ? "no content type"
                    : answer.contentType()) + ", not JSON";
        }
        JsonNode body = parse(answer.body());
        if (body == null || !body.isObject()) {
            return "an error whose body is not a JSON object";
        }
        JsonNode error = body.get("error");
        if (body.size() != 1 || error == null || !error.isObject()) {
            return "an error outside the envelope";
        }
        if (!error.path("code").isString() || error.path("code").asString().isEmpty()
                || !error.path("message").isString()) {
            return "an error without a string code and message";
        }
        Set<String> fields = new TreeSet<>(error.propertyNames());
        fields.removeAll(Set.of("code", "message", "details"));
        return fields.isEmpty() ? null : "an error with fields outside the envelope " + fields;
    }

    /** RFC 6749 (5.2): {@code {"error", "error_description"?}} in JSON. */
    private static String oauthEnvelope(Answer answer) {
        JsonNode body = answer.contentType().startsWith("application/json") ? parse(answer.body()) : null;
        if (body == null || !body.path("error").isString()) {
            return "a token endpoint error outside RFC 6749's {\"error\", \"error_description\"}";
        }
        return null;
    }

    private static JsonNode parse(byte[] body) {
        try {
            return body.length == 0 ? null : Http.JSON.readTree(body);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
