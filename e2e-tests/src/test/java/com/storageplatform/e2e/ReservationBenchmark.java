package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The reservation race of bench/reservations.sh, against a devstack of its own: {@code customers} customers, each
 * its own client thread, race for {@code units} units of one site through the gateway. Each customer tries units
 * in a random order of its own until one is held for it or every unit has refused it (409 {@code unit_reserved}).
 * It prints the throughput (reservation requests answered per second, holds made per second), the latency of every
 * {@code POST /v1/reservations} (p50, p99), the answers by status and error code, and then the proof: the active
 * reservations listed by the API, counted per unit. Exits 1 when a unit is held twice, a unit is left unheld while a
 * customer went without, or any answer was a 5xx.
 *
 * <p>Arguments: {@code <home> <base-port> <customers> <units>}.
 */
public final class ReservationBenchmark {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final DevStack stack;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Latencies reserve = new Latencies();
    private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
    private final LongAdder held = new LongAdder();
    private final java.util.concurrent.atomic.AtomicLong lastHoldAt = new java.util.concurrent.atomic.AtomicLong();
    private long startedAt;
    private String key;

    private ReservationBenchmark(DevStack stack) {
        this.stack = stack;
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        int customers = Integer.parseInt(args[2]);
        int units = Integer.parseInt(args[3]);
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { }).build();
        int status = 2;
        try {
            stack.up();
            status = new ReservationBenchmark(stack).run(customers, units) ? 0 : 1;
        } catch (Exception e) {
            // bench/reservations.sh shows only the lines it knows: say what failed in one of them.
            System.out.println("error: " + e);
            e.printStackTrace();
        } finally {
            try {
                stack.down();
            } finally {
                System.exit(status);    // also when a customer's thread is still alive after a failure
            }
        }
    }

    private boolean run(int customers, int unitCount) throws Exception {
        long setUpStarted = System.nanoTime();
        JsonNode operator = call("POST", "/admin/v1/operators", stack.adminToken(), Map.of("name", "Race Storage"))
                .path("data");
        String operatorId = operator.path("id").asString();
        key = call("POST", "/admin/v1/operators/" + operatorId + "/api-keys", stack.adminToken(),
                Map.of("environment", "test", "name", "race", "scopes", List.of("sites:write", "units:read",
                        "units:write", "contacts:write", "reservations:read", "reservations:write")))
                .path("data").path("key").asString();
        String site = id(call("POST", "/v1/sites", key, Map.of("name", "Race Park", "timezone", "Europe/London")));
        String type = id(call("POST", "/v1/unit-types", key, Map.of("site_id", site, "name", "50 sq ft",
                "price_minor", 5500, "currency", "GBP")));
        List<String> units = new ArrayList<>();
        for (int i = 0; i < unitCount; i++) {
            units.add(id(call("POST", "/v1/units", key, Map.of("site_id", site, "unit_type_id", type,
                    "name", "R" + i))));
        }
        List<String> contacts = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            contacts.add(id(call("POST", "/v1/contacts", key, Map.of("first_name", "Customer", "last_name",
                    String.valueOf(i), "email", "customer" + i + "@race.example"))));
        }
        awaitCommerceKnows(units.get(units.size() - 1), contacts.get(0));
        System.out.printf("setup: %d units, %d customers in %.1f s%n", unitCount, customers,
                (System.nanoTime() - setUpStarted) / 1e9);

        ExecutorService pool = Executors.newFixedThreadPool(customers);
        long started = System.nanoTime();
        startedAt = started;
        try {
            List<Future<?>> racing = new ArrayList<>();
            for (int c = 0; c < customers; c++) {
                String contact = contacts.get(c);
                Random random = new Random(c);
                racing.add(pool.submit(() -> race(contact, units, random)));
            }
            for (Future<?> customer : racing) {
                customer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return report(customers, unitCount, seconds, units);
    }

    /** Tries this customer's own random order of units until one is held or all have refused. */
    private void race(String contact, List<String> units, Random random) {
        List<String> order = new ArrayList<>(units);
        Collections.shuffle(order, random);
        for (String unit : order) {
            long at = System.nanoTime();
            HttpResponse<String> answer = send("POST", "/v1/reservations", key,
                    Map.of("contact_id", contact, "unit_id", unit, "source", "storefront"));
            reserve.add(System.nanoTime() - at);
            String code = answer.statusCode() >= 400 ? JSON.readTree(answer.body()).path("error").path("code")
                    .asString() : "";
            answers.computeIfAbsent(answer.statusCode() + " " + code, k -> new LongAdder()).increment();
            if (answer.statusCode() == 201) {
                held.increment();
                lastHoldAt.accumulateAndGet(System.nanoTime(), Math::max);
                return;
            }
        }
    }

    /**
     * Commerce learns of units from the catalogue's events: a hold is tried, and cancelled, until the last unit
     * created is known to it.
     */
    private void awaitCommerceKnows(String unit, String contact) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> probe = send("POST", "/v1/reservations", key,
                    Map.of("contact_id", contact, "unit_id", unit, "source", "api"));
            if (probe.statusCode() == 201) {
                String reservation = JSON.readTree(probe.body()).path("data").path("id").asString();
                call("POST", "/v1/reservations/" + reservation + "/cancel", key, Map.of());
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("commerce never learnt of unit " + unit);
    }

    private boolean report(int customers, int unitCount, double seconds, List<String> units) {
        long requests = reserve.count();
        System.out.printf("throughput: %d reservation requests answered in %.2f s = %.0f requests/s (%d customers "
                + "racing for %d units, each trying units until one is held or all refused)%n", requests, seconds,
                requests / seconds, customers, unitCount);
        System.out.printf("holds: %d units held, the last %.2f s after the race began%n", held.sum(),
                (lastHoldAt.get() - startedAt) / 1e9);
        System.out.printf("latency: POST /v1/reservations p50 %.1f ms, p99 %.1f ms (%s)%n", reserve.quantileMs(0.50),
                reserve.quantileMs(0.99), reserve);
        StringBuilder counts = new StringBuilder();
        new TreeMap<>(answers).forEach((answer, count) -> counts.append(answer.trim()).append(" x")
                .append(count.sum()).append("; "));
        System.out.println("answers: " + counts);

        Map<String, Integer> activePerUnit = new HashMap<>();
        String cursor = null;
        do {
            JsonNode page = call("GET", "/v1/reservations?status=active&limit=100"
                    + (cursor == null ? "" : "&cursor=" + cursor), key, null);
            page.path("data").forEach(r -> activePerUnit.merge(r.path("unit_id").asString(), 1, Integer::sum));
            JsonNode next = page.path("meta").path("cursor").path("next");
            cursor = next.isNull() || next.isMissingNode() ? null : next.asString();
        } while (cursor != null);
        long doubleHeld = activePerUnit.values().stream().filter(n -> n > 1).count();
        long unheld = units.stream().filter(u -> !activePerUnit.containsKey(u)).count();
        long serverErrors = answers.entrySet().stream().filter(e -> e.getKey().startsWith("5"))
                .mapToLong(e -> e.getValue().sum()).sum();
        System.out.printf("proof: %d active reservations listed over %d units; units held twice: %d; units left "
                + "unheld: %d; 5xx: %d%n", activePerUnit.values().stream().mapToInt(Integer::intValue).sum(),
                activePerUnit.size(), doubleHeld, unheld, serverErrors);
        boolean everyUnitTaken = customers < unitCount || unheld == 0;
        return doubleHeld == 0 && everyUnitTaken && serverErrors == 0 && held.sum() == Math.min(customers, unitCount);
    }

    private JsonNode call(String method, String path, String bearer, Object body) {
        HttpResponse<String> response = send(method, path, bearer, body);
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + " "
                    + response.body());
        }
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> send(String method, String path, String bearer, Object body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stack.gatewayUrl() + path))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + bearer);
        request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                : request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        }
    }

    private static String id(JsonNode created) {
        return created.path("data").path("id").asString();
    }
}
