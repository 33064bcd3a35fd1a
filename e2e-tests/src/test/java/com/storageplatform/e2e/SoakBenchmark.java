package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The soak of bench/soak.sh, against a devstack of its own on loopback: {@code clients} clients send
 * {@code requests} mixed requests in all across {@code operators} operators (each with a live and a test key and a
 * site per environment): reads, lists, creates (some replayed with their Idempotency-Key), updates, invalid
 * bodies, unknown ids and routes, missing scopes, keys created and used at once, keys revoked and then refused,
 * unknown keys; meanwhile the platform clock moves forward every few seconds. It prints the count of each status,
 * the answers that were not the one expected, the client timeouts and connection failures, and the latency of the
 * credential check.
 *
 * <p>Arguments: {@code <home> <base-port> <requests> <clients> <operators>}. Exits 1 when any answer was a 5xx or
 * any request timed out.
 */
public final class SoakBenchmark {

    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final DevStack stack;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Tenant> tenants = new ArrayList<>();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> unexpected = new ConcurrentHashMap<>();
    private final LongAdder timeouts = new LongAdder();
    private final LongAdder connectionFailures = new LongAdder();
    private final LongAdder sent = new LongAdder();
    private final Latencies all = new Latencies();
    private final Latencies credentialCheck = new Latencies();
    private final Latencies firstUse = new Latencies();
    private final AtomicLong clockOffset = new AtomicLong();
    private final AtomicInteger clockMoves = new AtomicInteger();

    /** One operator's environment: its account's key and a site there. */
    private record Tenant(String operatorId, String environment, String key, String siteId) {
    }

    private SoakBenchmark(DevStack stack) {
        this.stack = stack;
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        int requests = Integer.parseInt(args[2]);
        int clients = Integer.parseInt(args[3]);
        int operators = Integer.parseInt(args[4]);
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { }).build();
        stack.up();
        boolean clean;
        try {
            clean = new SoakBenchmark(stack).run(requests, clients, operators);
        } finally {
            stack.down();
        }
        System.exit(clean ? 0 : 1);
    }

    private boolean run(int requests, int clients, int operators) throws Exception {
        long setUpStarted = System.nanoTime();
        for (int i = 0; i < operators; i++) {
            JsonNode operator = admin("POST", "/admin/v1/operators", Map.of("name", "Soak Storage " + i), 201)
                    .path("data");
            String operatorId = operator.path("id").asString();
            for (String environment : List.of("live", "test")) {
                String key = newKey(operatorId, environment).path("key").asString();
                String site = call("POST", "/v1/sites", key, Map.of("name", "Site " + i, "timezone", "Europe/London"),
                        null, 201).path("data").path("id").asString();
                tenants.add(new Tenant(operatorId, environment, key, site));
            }
        }
        System.out.printf("setup: %d operators, %d keys, %d sites in %.1f s%n", operators, tenants.size(),
                tenants.size(), (System.nanoTime() - setUpStarted) / 1e9);
        statuses.clear();
        unexpected.clear();
        timeouts.reset();
        connectionFailures.reset();
        sent.reset();
        all.clear();

        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        clock.scheduleWithFixedDelay(this::moveClock, 3, 3, TimeUnit.SECONDS);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        AtomicInteger remaining = new AtomicInteger(requests);
        long started = System.nanoTime();
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            long seed = c;
            running.add(pool.submit(() -> client(new Random(seed), remaining)));
        }
        for (Future<?> client : running) {
            client.get();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        clock.shutdownNow();
        pool.shutdown();
        admin("POST", "/admin/v1/clock", Map.of("offset_seconds", 0), 200);
        return report(clients, operators, seconds);
    }

    /** Picks actions until the shared budget of requests is spent. */
    private void client(Random random, AtomicInteger remaining) {
        while (remaining.get() > 0) {
            Tenant tenant = tenants.get(random.nextInt(tenants.size()));
            int roll = random.nextInt(100);
            try {
                if (roll < 30) {
                    spend(remaining, 1);
                    call("GET", "/v1/sites/" + tenant.siteId(), tenant.key(), null, null, 200);
                } else if (roll < 45) {
                    spend(remaining, 1);
                    call("GET", "/v1/sites?limit=5", tenant.key(), null, null, 200);
                } else if (roll < 55) {
                    String idempotencyKey = UUID.randomUUID().toString();
                    Map<String, Object> site = Map.of("name", "Soak " + random.nextInt(1000), "timezone", "Europe/London");
                    spend(remaining, 2);
                    call("POST", "/v1/sites", tenant.key(), site, idempotencyKey, 201);
                    call("POST", "/v1/sites", tenant.key(), site, idempotencyKey, 201);
                } else if (roll < 62) {
                    spend(remaining, 1);
                    call("PATCH", "/v1/sites/" + tenant.siteId(), tenant.key(),
                            Map.of("description", "Soak " + random.nextInt(1000)), null, 200);
                } else if (roll < 67) {
                    spend(remaining, 1);
                    call("POST", "/v1/unit-types", tenant.key(), Map.of("site_id", tenant.siteId(), "name", "Small",
                            "price_minor", 3300, "currency", "GBP"), null, 201);
                } else if (roll < 72) {
                    spend(remaining, 3);
                    call("POST", "/v1/sites", tenant.key(), Map.of(), null, 422);
                    call("GET", "/v1/sites/not-an-id", tenant.key(), null, null, 404);
                    call("GET", "/v1/spaceships", tenant.key(), null, null, 404);
                } else if (roll < 77) {
                    spend(remaining, 1);
                    call("GET", "/v1/payments", tenant.key(), null, null, 403);
                } else if (roll < 86) {
                    spend(remaining, 2);
                    String key = newKey(tenant.operatorId(), tenant.environment()).path("key").asString();
                    long at = System.nanoTime();
                    call("GET", "/v1/sites?limit=1", key, null, null, 200);
                    firstUse.add(System.nanoTime() - at);
                } else if (roll < 93) {
                    spend(remaining, 4);
                    JsonNode created = newKey(tenant.operatorId(), tenant.environment());
                    String key = created.path("key").asString();
                    call("GET", "/v1/sites?limit=1", key, null, null, 200);
                    admin("POST", "/admin/v1/api-keys/" + created.path("id").asString() + "/revoke", Map.of(), 200);
                    long at = System.nanoTime();
                    call("GET", "/v1/sites?limit=1", key, null, null, 401);
                    credentialCheck.add(System.nanoTime() - at);
                } else {
                    spend(remaining, 1);
                    String unknown = "svc_" + tenant.environment() + "_" + UUID.randomUUID().toString().replace("-", "");
                    long at = System.nanoTime();
                    call("GET", "/v1/sites", unknown, null, null, 401);
                    credentialCheck.add(System.nanoTime() - at);
                }
            } catch (SetUpFailed failed) {
                // already counted as an unexpected answer
            }
        }
    }

    private static void spend(AtomicInteger remaining, int requests) {
        remaining.addAndGet(-requests);
    }

    /** Moves the business clock forward ten minutes (the gateway then judges every credential afresh). */
    private void moveClock() {
        try {
            admin("POST", "/admin/v1/clock", Map.of("offset_seconds", clockOffset.addAndGet(600)), 200);
            clockMoves.incrementAndGet();
        } catch (RuntimeException ignored) {
            // counted by call()
        }
    }

    private JsonNode newKey(String operatorId, String environment) {
        return admin("POST", "/admin/v1/operators/" + operatorId + "/api-keys", Map.of("environment", environment,
                "name", "soak " + UUID.randomUUID(), "scopes", List.of("sites:read", "sites:write", "units:write")), 201)
                .path("data");
    }

    private JsonNode admin(String method, String path, Object body, int expected) {
        return call(method, path, stack.adminToken(), body, null, expected);
    }

    /**
     * One request: its status is counted, an answer other than {@code expected} is recorded, and a client
     * timeout or a failure to connect is counted apart. Throws {@link SetUpFailed} when the answer cannot serve the
     * next step.
     */
    private JsonNode call(String method, String path, String bearer, Object body, String idempotencyKey, int expected) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stack.gatewayUrl() + path))
                .timeout(CLIENT_TIMEOUT)
                .header("Authorization", "Bearer " + bearer);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        sent.increment();
        long at = System.nanoTime();
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException timeout) {
            timeouts.increment();
            unexpected.computeIfAbsent(method + " " + template(path) + " -> client timeout", k -> new LongAdder()).increment();
            throw new SetUpFailed();
        } catch (Exception failed) {
            connectionFailures.increment();
            unexpected.computeIfAbsent(method + " " + template(path) + " -> " + failed, k -> new LongAdder()).increment();
            throw new SetUpFailed();
        }
        all.add(System.nanoTime() - at);
        statuses.computeIfAbsent(response.statusCode(), k -> new LongAdder()).increment();
        if (response.statusCode() != expected) {
            unexpected.computeIfAbsent(method + " " + template(path) + " -> " + response.statusCode() + " "
                            + errorCode(response.body()),
                    k -> new LongAdder()).increment();
            throw new SetUpFailed();
        }
        return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
    }

    /** The {@code error.code} of an error body; empty when it has none or is not JSON (a proxy's HTML page). */
    private static String errorCode(String body) {
        if (!body.contains("\"code\"")) {
            return "";
        }
        try {
            return JSON.readTree(body).path("error").path("code").asString();
        } catch (JacksonException notJson) {
            return "";
        }
    }

    private static String template(String path) {
        return path.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "{id}")
                .replaceAll("\\?.*", "");
    }

    private boolean report(int clients, int operators, double seconds) {
        long serverErrors = statuses.entrySet().stream().filter(e -> e.getKey() >= 500)
                .mapToLong(e -> e.getValue().sum()).sum();
        // Every request sent: answered, timed out, or failed to connect.
        System.out.printf("soak: %d requests from %d clients across %d operators in %.1f s (%.0f/s), clock moved %d times%n",
                sent.sum(), clients, operators, seconds, sent.sum() / seconds, clockMoves.get());
        StringBuilder counts = new StringBuilder();
        new TreeMap<>(statuses).forEach((status, count) -> counts.append(status).append('=').append(count.sum()).append(' '));
        System.out.println("statuses: " + counts.toString().trim());
        System.out.printf("5xx: %d   client timeouts: %d   connection failures: %d   unexpected answers: %d%n",
                serverErrors, timeouts.sum(), connectionFailures.sum(),
                unexpected.values().stream().mapToLong(LongAdder::sum).sum());
        unexpected.forEach((what, count) -> System.out.println("unexpected: " + count.sum() + " x " + what));
        System.out.println("latency: every request " + all);
        System.out.println("latency: credential check (401 for an unknown or just-revoked key) " + credentialCheck);
        System.out.println("latency: first request with a key created a moment before " + firstUse);
        return serverErrors == 0 && timeouts.sum() == 0;
    }

    /** An answer that the rest of an action needed did not come; the action stops there. */
    private static final class SetUpFailed extends RuntimeException {
        SetUpFailed() {
            super(null, null, false, false);
        }
    }
}
