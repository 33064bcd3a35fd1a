package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payments benchmark of bench/payments.sh, against a devstack of its own: {@code customers} customers (each with
 * a saved simulator card) with {@code invoices} open invoices each are set up untimed, then {@code clients} client
 * threads, each with an API key of its own (the test-key rate limit is per credential), take payments against them
 * through the gateway with {@code POST /v1/payments}. Each invoice follows one plan of a fixed rotation: paid in
 * three parts on both rails; part paid and then two threads racing for the remainder at once (offline against card);
 * an offline payment replayed under its {@code Idempotency-Key}, then the rest by card; two threads sending the same
 * offline payment under the same key at once; left part paid; a declined card, then paid offline.
 *
 * <p>It prints the throughput (payments answered per second, by rail), the latency of {@code POST /v1/payments} (p50,
 * p99, by rail), the answers by rail, status and error code, what the races and replays came to, and then reconciles
 * the ledger through the API alone: for every invoice, {@code amount_paid_minor} equals the sum of its succeeded
 * payments listed by {@code GET /v1/payments?invoice_id=}, {@code total - due - credited - written_off = paid}, nothing
 * over-collected or left in flight, and the payments listed are exactly those the clients were answered 201 (so a
 * replay is recorded once); and the sum of every succeeded payment the account lists equals the sum of the invoices'
 * reductions. Exits 1 on any mismatch or any 5xx.
 *
 * <p>Arguments: {@code <home> <base-port> <customers> <invoices-per-customer> <clients>}.
 */
public final class PaymentBenchmark {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> SCOPES = List.of("contacts:read", "contacts:write", "billing:read",
            "billing:write");
    private static final Duration KNOWN_WAIT = Duration.ofSeconds(60);

    /** The rotation of plans: invoice {@code g} follows {@code PLANS[g % PLANS.length]}. */
    private enum Plan { PARTS, RACE, REPLAY, PARTIAL, DECLINED, REPLAY_RACE }

    private static final Plan[] PLANS = {Plan.PARTS, Plan.RACE, Plan.REPLAY, Plan.PARTIAL, Plan.DECLINED, Plan.PARTS,
        Plan.RACE, Plan.REPLAY_RACE};

    private record Customer(String contactId, String cardId) {
    }

    private record Invoice(String id, Customer customer, long totalMinor, Plan plan, int index) {

        /** Alternates the rails of a plan from one round of the rotation to the next. */
        boolean cardFirst() {
            return (index / PLANS.length) % 2 == 0;
        }
    }

    /** What one {@code POST /v1/payments} was answered. */
    private record Answer(String rail, int status, String code, String issue, String paymentId, String paymentStatus,
            boolean replayed, long amountMinor) {

        boolean succeeded() {
            return status == 201 && "succeeded".equals(paymentStatus);
        }

        String label() {
            if (status == 201) {
                return rail + " 201 " + paymentStatus + (replayed ? " (replayed)" : "");
            }
            return rail + " " + status + " " + code + (issue.isEmpty() ? "" : " " + issue);
        }
    }

    private final DevStack stack;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, Latencies> latency = new ConcurrentHashMap<>();
    private final Latencies allLatency = new Latencies();
    private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
    private final LongAdder rateLimited = new LongAdder();
    private final LongAdder serverErrors = new LongAdder();
    /** Per invoice, the payments the clients were answered 201 for, by id. */
    private final Map<String, Map<String, Answer>> told = new ConcurrentHashMap<>();
    private final List<String> mismatches = new CopyOnWriteArrayList<>();
    private final List<List<Answer>> races = new CopyOnWriteArrayList<>();
    private final List<List<Answer>> replays = new CopyOnWriteArrayList<>();

    private PaymentBenchmark(DevStack stack) {
        this.stack = stack;
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        int customers = Integer.parseInt(args[2]);
        int invoices = Integer.parseInt(args[3]);
        int clients = Integer.parseInt(args[4]);
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { })
                // Two cores are often shared with other builds: give eleven processes time to start.
                .startupTimeout(Duration.ofMinutes(6)).build();
        int status = 2;
        try {
            stack.up();
            status = new PaymentBenchmark(stack).run(customers, invoices, Math.max(2, clients)) ? 0 : 1;
        } catch (Exception e) {
            // bench/payments.sh shows only the lines it knows: say what failed in one of them.
            System.out.println("error: " + e);
            e.printStackTrace();
        } finally {
            try {
                stack.down();
            } finally {
                System.exit(status);    // also when a client's thread is still alive after a failure
            }
        }
    }

    private boolean run(int customerCount, int invoicesEach, int clientCount) throws Exception {
        long setUpStarted = System.nanoTime();
        String operatorId = admin("/admin/v1/operators", Map.of("name", "Payments Storage")).path("data").path("id")
                .asString();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < clientCount; i++) {
            keys.add(admin("/admin/v1/operators/" + operatorId + "/api-keys", Map.of("environment", "test", "name",
                    "payments client " + i, "scopes", SCOPES)).path("data").path("key").asString());
        }
        List<Invoice> invoices = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        BenchmarkWork.inParallel(keys, keys.size(), key -> {
            for (int c = next.getAndIncrement(); c < customerCount; c = next.getAndIncrement()) {
                invoices.addAll(customer(key, c, invoicesEach));
            }
        });
        invoices.sort((a, b) -> a.id().compareTo(b.id()));
        System.out.printf("setup: %d customers with a saved card each, %d open invoices (%d each), %d clients with a "
                + "key each, in %.1f s%n", customerCount, invoices.size(), invoicesEach, clientCount,
                (System.nanoTime() - setUpStarted) / 1e9);

        List<Consumer<String>> tasks = tasks(invoices);
        BlockingQueue<Consumer<String>> queue = new LinkedBlockingQueue<>(tasks);
        long started = System.nanoTime();
        BenchmarkWork.inParallel(keys, keys.size(), key -> {
            for (Consumer<String> task = queue.poll(); task != null; task = queue.poll()) {
                task.accept(key);
            }
        });
        double seconds = (System.nanoTime() - started) / 1e9;
        report(seconds, clientCount);
        reconcile(keys, invoices);
        long fiveHundreds = serverErrors.sum();
        System.out.printf("verdict: %s (%d mismatches, %d answers of 5xx)%n",
                mismatches.isEmpty() && fiveHundreds == 0 ? "reconciled" : "FAILED", mismatches.size(), fiveHundreds);
        return mismatches.isEmpty() && fiveHundreds == 0;
    }

    /** A customer made through commerce, its open invoices (the first waits until billing knows it) and its card. */
    private List<Invoice> customer(String key, int index, int invoicesEach) {
        String contact = id(call("POST", "/v1/contacts", key, Map.of("first_name", "Payer", "last_name",
                String.valueOf(index), "email", "payer" + index + "@payments.example")));
        List<String> drafts = new ArrayList<>();
        for (int i = 0; i < invoicesEach; i++) {
            int g = index * invoicesEach + i;
            Map<String, Object> body = Map.of("contact_id", contact, "currency", "GBP",
                    "collection_method", g % 2 == 0 ? "offline" : "card",
                    "lines", List.of(Map.of("description", "Unit P" + g + ", December",
                            "amount_minor", 4000 + 150L * (g % 61), "quantity", 1)));
            drafts.add(i == 0 ? id(untilKnown(key, "/v1/invoices", body)) : id(call("POST", "/v1/invoices",
                    key, body)));
        }
        String card = id(call("POST", "/v1/payment-methods", key, Map.of("contact_id", contact, "type", "card",
                "card_token", "test_card_visa")));
        Customer customer = new Customer(contact, card);
        List<Invoice> made = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            JsonNode open = call("POST", "/v1/invoices/" + drafts.get(i) + "/finalize", key, Map.of())
                    .path("data");
            int g = index * invoicesEach + i;
            made.add(new Invoice(open.path("id").asString(), customer, open.path("total_minor").asLong(),
                    PLANS[g % PLANS.length], g));
        }
        return made;
    }

    /** Billing learns of a contact from commerce's contact.created: until then the contact is 422 not_found. */
    private JsonNode untilKnown(String key, String path, Object body) {
        long deadline = System.nanoTime() + KNOWN_WAIT.toNanos();
        while (true) {
            HttpResponse<String> answer = send("POST", path, key, body, null);
            if (answer.statusCode() == 201) {
                return JSON.readTree(answer.body());
            }
            boolean again = answer.statusCode() == 429 || answer.statusCode() == 422;
            if (!again || System.nanoTime() > deadline) {
                throw new IllegalStateException("POST " + path + " -> " + answer.statusCode() + " " + answer.body());
            }
            sleep(200);
        }
    }

    /**
     * One task per invoice, except a race's two halves: two tasks queued one after the other, which meet at a
     * barrier so that two threads send at once. Whichever thread takes the first half, the next poll of the queue
     * hands out the second, so a half never waits for a thread that is itself waiting.
     */
    private List<Consumer<String>> tasks(List<Invoice> invoices) {
        List<List<Consumer<String>>> units = new ArrayList<>();
        for (Invoice invoice : invoices) {
            told.put(invoice.id(), new ConcurrentHashMap<>());
            long total = invoice.totalMinor();
            units.add(switch (invoice.plan()) {
                case PARTS -> List.of(key -> {
                    boolean cardFirst = invoice.cardFirst();
                    pay(key, invoice, cardFirst ? "card" : "offline", total / 4, null);
                    pay(key, invoice, cardFirst ? "offline" : "card", total / 3, null);
                    pay(key, invoice, "offline", total - total / 4 - total / 3, null);
                });
                case PARTIAL -> List.of(key -> pay(key, invoice, invoice.cardFirst() ? "card" : "offline", total / 2,
                        null));
                case DECLINED -> List.of(key -> {
                    pay(key, invoice, "card", total, "test_card_declined");
                    pay(key, invoice, "offline", total, null);
                });
                case REPLAY -> List.of(key -> {
                    Map<String, Object> body = offline(invoice, total / 2);
                    String idempotencyKey = UUID.randomUUID().toString();
                    replays.add(List.of(post(key, "offline", body, idempotencyKey, invoice),
                            post(key, "offline", body, idempotencyKey, invoice)));
                    pay(key, invoice, "card", total - total / 2, null);
                });
                case RACE -> racing(
                        key -> pay(key, invoice, "offline", total / 3, null),
                        key -> post(key, "offline", offline(invoice, total - total / 3), UUID.randomUUID().toString(),
                                invoice),
                        key -> post(key, "card", card(invoice, total - total / 3, null), UUID.randomUUID().toString(),
                                invoice),
                        races);
                case REPLAY_RACE -> {
                    Map<String, Object> body = offline(invoice, total);
                    String idempotencyKey = UUID.randomUUID().toString();
                    yield racing(key -> { }, key -> post(key, "offline", body, idempotencyKey, invoice),
                            key -> post(key, "offline", body, idempotencyKey, invoice), replays);
                }
            });
        }
        Collections.shuffle(units, new Random(42));
        List<Consumer<String>> tasks = new ArrayList<>();
        units.forEach(tasks::addAll);
        return tasks;
    }

    /** Two halves that send at once: the first runs {@code before} on its own, then both meet and send. */
    private List<Consumer<String>> racing(Consumer<String> before, Function<String, Answer> first,
            Function<String, Answer> second, List<List<Answer>> outcomes) {
        CyclicBarrier together = new CyclicBarrier(2);
        List<Answer> both = new CopyOnWriteArrayList<>();
        outcomes.add(both);
        return List.of(key -> {
            before.accept(key);
            await(together);
            both.add(first.apply(key));
        }, key -> {
            await(together);
            both.add(second.apply(key));
        });
    }

    private void pay(String key, Invoice invoice, String rail, long amountMinor, String cardToken) {
        post(key, rail, rail.equals("offline") ? offline(invoice, amountMinor) : card(invoice, amountMinor, cardToken),
                UUID.randomUUID().toString(), invoice);
    }

    private static Map<String, Object> offline(Invoice invoice, long amountMinor) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("rail", "offline");
        body.put("offline_method", "card_terminal");
        body.put("invoice_id", invoice.id());
        body.put("amount_minor", amountMinor);
        body.put("currency", "GBP");
        return body;
    }

    private static Map<String, Object> card(Invoice invoice, long amountMinor, String cardToken) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("rail", "card");
        body.put("invoice_id", invoice.id());
        if (cardToken == null) {
            body.put("payment_method_id", invoice.customer().cardId());
        } else {
            body.put("card_token", cardToken);
        }
        body.put("amount_minor", amountMinor);
        body.put("currency", "GBP");
        return body;
    }

    /**
     * One {@code POST /v1/payments}, timed and counted. Every payment is sent with an {@code Idempotency-Key}, as a
     * client should, so a 429 (answered by the gateway; nothing reached billing) is retried under the same key.
     */
    private Answer post(String key, String rail, Map<String, Object> body, String idempotencyKey, Invoice invoice) {
        while (true) {
            long at = System.nanoTime();
            HttpResponse<String> response = send("POST", "/v1/payments", key, body, idempotencyKey);
            long took = System.nanoTime() - at;
            if (response.statusCode() == 429) {
                rateLimited.increment();
                sleep(1000L * Long.parseLong(response.headers().firstValue("Retry-After").orElse("1")));
                continue;
            }
            latency.computeIfAbsent(rail, r -> new Latencies()).add(took);
            allLatency.add(took);
            JsonNode json = response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
            JsonNode error = json.path("error");
            Answer answer = new Answer(rail, response.statusCode(), error.path("code").asString(""),
                    error.path("details").path(0).path("issue").asString(""), json.path("data").path("id").asString(""),
                    json.path("data").path("status").asString(""),
                    "true".equals(response.headers().firstValue("Idempotent-Replayed").orElse(null)),
                    ((Number) body.get("amount_minor")).longValue());
            answers.computeIfAbsent(answer.label(), l -> new LongAdder()).increment();
            if (answer.status() >= 500) {
                serverErrors.increment();
            }
            if (answer.status() == 201) {
                told.get(invoice.id()).putIfAbsent(answer.paymentId(), answer);
            }
            return answer;
        }
    }

    private void report(double seconds, int clients) {
        long total = latency.values().stream().mapToLong(Latencies::count).sum();
        StringBuilder byRail = new StringBuilder();
        new TreeMap<>(latency).forEach((rail, l) -> byRail.append(String.format("; %s %d = %.0f/s", rail, l.count(),
                l.count() / seconds)));
        System.out.printf("throughput: %d payments answered in %.2f s = %.0f/s%s (%d clients, one key each)%n", total,
                seconds, total / seconds, byRail, clients);
        new TreeMap<>(latency).forEach((rail, l) -> System.out.printf(
                "latency: POST /v1/payments %s p50 %.1f ms, p99 %.1f ms (%s)%n", rail, l.quantileMs(0.50),
                l.quantileMs(0.99), l));
        System.out.printf("latency: POST /v1/payments all p50 %.1f ms, p99 %.1f ms (%s)%n",
                allLatency.quantileMs(0.50), allLatency.quantileMs(0.99), allLatency);
        StringBuilder counts = new StringBuilder();
        new TreeMap<>(answers).forEach((label, count) -> counts.append(label).append(" x").append(count.sum())
                .append("; "));
        System.out.println("answers: " + counts + "429 rate_limited (retried) x" + rateLimited.sum());

        Map<String, Integer> raceOutcomes = new TreeMap<>();
        for (List<Answer> race : races) {
            long won = race.stream().filter(Answer::succeeded).count();
            raceOutcomes.merge(race.stream().map(Answer::label).sorted().toList().toString(), 1, Integer::sum);
            if (won != 1 || race.size() != 2) {
                mismatches.add("a race for an invoice's remainder took " + won + " payments: " + race);
            }
        }
        System.out.printf("races: %d races for an invoice's remainder (offline against card), each won once: %s%n",
                races.size(), raceOutcomes);
        Map<String, Integer> replayOutcomes = new TreeMap<>();
        for (List<Answer> replay : replays) {
            Set<String> ids = new HashSet<>();
            replay.stream().filter(a -> a.status() == 201).forEach(a -> ids.add(a.paymentId()));
            long fresh = replay.stream().filter(a -> a.status() == 201 && !a.replayed()).count();
            replayOutcomes.merge(replay.stream().map(Answer::label).sorted().toList().toString(), 1, Integer::sum);
            if (ids.size() != 1 || fresh != 1) {
                mismatches.add("a payment sent twice under one Idempotency-Key was answered " + replay);
            }
        }
        System.out.printf("replays: %d offline payments sent twice under one key (one after the other, or at once): "
                + "%s%n", replays.size(), replayOutcomes);
    }

    /** The ledger, read back through the API alone. */
    private void reconcile(List<String> keys, List<Invoice> invoices) throws Exception {
        Map<String, JsonNode> listedInvoices = new HashMap<>();
        list(keys.get(0), "/v1/invoices?limit=100", invoice -> listedInvoices.put(invoice.path("id").asString(),
                invoice));
        Map<String, List<JsonNode>> paymentsOf = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        BenchmarkWork.inParallel(keys, keys.size(), key -> {
            for (int i = next.getAndIncrement(); i < invoices.size(); i = next.getAndIncrement()) {
                String id = invoices.get(i).id();
                List<JsonNode> listed = new ArrayList<>();
                list(key, "/v1/payments?limit=100&invoice_id=" + URLEncoder.encode(id, StandardCharsets.UTF_8),
                        listed::add);
                paymentsOf.put(id, listed);
            }
        });
        long reductions = 0;
        long paidListed = 0;
        int paidInvoices = 0;
        int partlyPaid = 0;
        for (Invoice invoice : invoices) {
            JsonNode in = listedInvoices.get(invoice.id());
            if (in == null) {
                mismatches.add("invoice " + invoice.id() + " is not listed by GET /v1/invoices");
                continue;
            }
            long total = in.path("total_minor").asLong();
            long paid = in.path("amount_paid_minor").asLong();
            long due = in.path("amount_due_minor").asLong();
            long reduction = total - due - in.path("amount_credited_minor").asLong()
                    - in.path("amount_written_off_minor").asLong();
            reductions += reduction;
            String where = "invoice " + invoice.id() + " (" + invoice.plan() + ", total " + total + ", paid " + paid
                    + ", due " + due + ", " + in.path("status").asString() + "): ";
            if (reduction != paid) {
                mismatches.add(where + "total - due - credited - written off = " + reduction + ", not the amount paid");
            }
            if (due < 0 || paid > total) {
                mismatches.add(where + "over-collected");
            }
            if (in.path("amount_in_flight_minor").asLong() != 0) {
                mismatches.add(where + "still has money in flight");
            }
            String expectedStatus = due == 0 ? "paid" : paid > 0 ? "partially_paid" : "open";
            if (!in.path("status").asString().equals(expectedStatus)) {
                mismatches.add(where + "status is not " + expectedStatus);
            }
            paidInvoices += due == 0 ? 1 : 0;
            partlyPaid += due > 0 && paid > 0 ? 1 : 0;

            List<JsonNode> listed = paymentsOf.get(invoice.id());
            long succeeded = 0;
            Map<String, String> statusOf = new HashMap<>();
            for (JsonNode payment : listed) {
                if (statusOf.put(payment.path("id").asString(), payment.path("status").asString()) != null) {
                    mismatches.add(where + "payment " + payment.path("id").asString() + " listed twice");
                }
                if (payment.path("status").asString().equals("succeeded")
                        && payment.path("direction").asString().equals("payment")) {
                    succeeded += payment.path("amount_minor").asLong();
                }
            }
            paidListed += succeeded;
            if (succeeded != paid) {
                mismatches.add(where + "its succeeded payments sum to " + succeeded);
            }
            Map<String, String> toldStatus = new HashMap<>();
            told.get(invoice.id()).forEach((id, answer) -> toldStatus.put(id, answer.paymentStatus()));
            if (!toldStatus.equals(statusOf)) {
                mismatches.add(where + "the payments listed " + statusOf + " are not those answered 201 " + toldStatus);
            }
        }
        System.out.printf("reconciled: %d invoices (%d paid, %d part paid, %d open); every invoice's amount_paid_minor "
                + "against the sum of its succeeded payments listed, total - due - credited - written off against "
                + "amount paid, due >= 0, nothing in flight, the payments listed against those answered 201%n",
                invoices.size(), paidInvoices, partlyPaid, invoices.size() - paidInvoices - partlyPaid);

        long[] all = new long[3];
        list(keys.get(0), "/v1/payments?limit=100", payment -> {
            all[0]++;
            if (payment.path("status").asString().equals("succeeded")
                    && payment.path("direction").asString().equals("payment")) {
                all[1]++;
                all[2] += payment.path("amount_minor").asLong();
            }
        });
        long toldCount = told.values().stream().mapToLong(Map::size).sum();
        System.out.printf("ledger: %d payments listed (%d answered 201 with a distinct id), %d succeeded; sum of "
                + "succeeded payments %d %s sum of invoice reductions %d (per invoice: %d)%n", all[0], toldCount,
                all[1], all[2], all[2] == reductions ? "=" : "!=", reductions, paidListed);
        if (all[2] != reductions || paidListed != reductions) {
            mismatches.add("the succeeded payments sum to " + all[2] + " (per invoice " + paidListed
                    + ") against invoice reductions of " + reductions);
        }
        if (all[0] != toldCount) {
            mismatches.add(all[0] + " payments listed, but " + toldCount + " distinct payments answered 201");
        }
        mismatches.stream().limit(20).forEach(m -> System.out.println("mismatch: " + m));
    }

    /** Every item of a list, page by page ({@code meta.cursor.next}). */
    private void list(String key, String path, Consumer<JsonNode> each) {
        String cursor = null;
        do {
            JsonNode page = call("GET", path + (cursor == null ? ""
                    : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), key, null);
            page.path("data").forEach(each);
            JsonNode next = page.path("meta").path("cursor").path("next");
            cursor = next.isNull() || next.isMissingNode() ? null : next.asString();
        } while (cursor != null);
    }

    /**
     * An admin call of the setup. Keycloak can still be warming up when the devstack reports itself up on a busy
     * machine: its 503 or 504 is waited out for up to two minutes.
     */
    private JsonNode admin(String path, Object body) {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            HttpResponse<String> response = send("POST", path, stack.adminToken(), body, null);
            if (response.statusCode() == 201) {
                return JSON.readTree(response.body());
            }
            boolean warmingUp = response.statusCode() == 503 || response.statusCode() == 504;
            if (!warmingUp || System.nanoTime() > deadline) {
                throw new IllegalStateException("POST " + path + " -> " + response.statusCode() + " "
                        + response.body());
            }
            sleep(2000);
        }
    }

    /** A call that must succeed; a 429 is waited out and sent again. */
    private JsonNode call(String method, String path, String bearer, Object body) {
        while (true) {
            HttpResponse<String> response = send(method, path, bearer, body, null);
            if (response.statusCode() == 429) {
                sleep(1000L * Long.parseLong(response.headers().firstValue("Retry-After").orElse("1")));
                continue;
            }
            if (response.statusCode() >= 300) {
                throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + " "
                        + response.body());
            }
            return JSON.readTree(response.body());
        }
    }

    private HttpResponse<String> send(String method, String path, String bearer, Object body, String idempotencyKey) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stack.gatewayUrl() + path))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + bearer);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                : request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("a race's other half never came", e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String id(JsonNode created) {
        return created.path("data").path("id").asString();
    }
}
