package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The journeys of issue 22 (bench/journeys.sh), through the gateway of a devstack of its own, at a given number of
 * operators, each set up with the same data (a test API key, a site, a unit type and its units, or its share of the
 * plans):
 * <ul>
 *   <li>{@code licence}: an enquiry to a signed licence: contact, reservation, agreement, sign, move-in;</li>
 *   <li>{@code order}: an online order to a completed agreement: contact, order, pay by the card simulator, and the
 *       {@code order.completed} webhook received by a local endpoint;</li>
 *   <li>{@code billing}: a month-end billing run of {@code bench.plans} plans spread over the operators, half paid
 *       by card and half by Direct Debit: the test clock moved to the first of the month, the billing-run job run
 *       through the admin API, every invoice issued and collected (the card charged, the Direct Debit requested
 *       and then confirmed as the bank would report it).</li>
 * </ul>
 * A few clients run the journeys at once ({@code bench.clients}); each prints per step its latency
 * ({@code step: <name> n=.. p50 .. ms p99 .. ms}), then the throughput and the load average. Exits 1 on any 5xx or
 * a journey that does not end as expected.
 *
 * <p>Arguments: {@code <home> <base-port> <journey> <operators>}; system properties {@code bench.journeys} (licence
 * and order journeys, default 200), {@code bench.units} (units per operator, default 10, more when the journeys
 * need them), {@code bench.warmup} (journeys walked untimed first, default 2500), {@code bench.clients} (default 4),
 * {@code bench.plans} (default 10000).
 */
public final class JourneyBenchmark {

    private static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "contacts:write", "reservations:read", "reservations:write", "agreements:read",
            "agreements:write", "billing:read", "billing:write", "webhooks:read", "webhooks:write");
    /** How long a call waits for what it names to reach its service through events (422 until then). */
    private static final Duration KNOWN_WAIT = Duration.ofSeconds(60);
    /** Longer than the admin API's 30 s bound on a job run, so the harness hears the gateway's answer. */
    private static final Duration JOB_RUN_WAIT = Duration.ofSeconds(60);
    private static final int SETUP_CLIENTS = 8;

    private final DevStack stack;
    private final int clients = Integer.getInteger("bench.clients", 4);
    private final int journeyCount = Integer.getInteger("bench.journeys", 200);
    private final int unitsPerOperator = Integer.getInteger("bench.units", 10);
    /**
     * Journeys walked, untimed, before the measured ones: the JIT and the pools warm, alike at every size. Eight JVMs
     * on two cores compile for minutes: 100 journeys left them measuring half their warm throughput, and on a machine
     * slower to compile 500 did too (docs/performance.md, 2026-11-29).
     */
    private final int warmUp = Integer.getInteger("bench.warmup", 2500);
    private final Map<String, Latencies> steps = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, LongAdder> waits = new ConcurrentHashMap<>();
    private final LongAdder serverErrors = new LongAdder();
    private final LongAdder requests = new LongAdder();

    /** An operator's test account: its key, and what its journeys use. */
    private record Operator(String id, String key, String site, List<String> units) {
    }

    private JourneyBenchmark(DevStack stack) {
        this.stack = stack;
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { })
                // A shared machine under load starts eight services slower than the default allows.
                .startupTimeout(Duration.ofSeconds(Integer.getInteger("bench.startup-seconds", 600))).build();
        int status = 2;
        try {
            long up = System.nanoTime();
            stack.up();
            System.out.printf("stack: up in %.0f s, load %s%n", (System.nanoTime() - up) / 1e9,
                    BenchmarkWork.loadAverage());
            JourneyBenchmark bench = new JourneyBenchmark(stack);
            int operators = Integer.parseInt(args[3]);
            boolean ok = switch (args[2]) {
                case "licence" -> bench.licence(operators);
                case "order" -> bench.order(operators);
                case "billing" -> bench.billing(operators);
                default -> throw new IllegalArgumentException("no journey " + args[2]);
            };
            status = ok ? 0 : 1;
        } catch (Throwable e) {
            // bench/journeys.sh shows only the lines it knows: say what failed in one of them.
            System.out.println("error: " + e);
            e.printStackTrace();
            status = 1;
        } finally {
            try {
                stack.down();
            } finally {
                System.exit(status);
            }
        }
    }

    // --- licence: contact, reservation, agreement, sign, move-in ---------------------------------------------

    private boolean licence(int operatorCount) throws Exception {
        List<Operator> operators = setUp(operatorCount, unitsWithWarmUp(operatorCount), null);
        return journeys(operators, "licence", List.of("contact", "reservation", "agreement", "sign", "move-in"),
                (operator, unit) -> {
                    String contact = contact(operator);
                    String reservation = step("reservation", 201, () -> onceKnown("reservation", () ->
                            post(operator, "/v1/reservations", Map.of("contact_id", contact, "unit_id", unit,
                                    "source", "storefront")))).path("id").asString();
                    JsonNode agreement = step("agreement", 201, () -> post(operator, "/v1/agreements",
                            Map.of("contact_id", contact, "unit_id", unit)));
                    expect(agreement.path("reservation_id").asString().equals(reservation),
                            "the agreement took up the reservation", agreement);
                    String id = agreement.path("id").asString();
                    JsonNode signed = step("sign", 200, () -> post(operator, "/v1/agreements/" + id + "/sign",
                            Map.of()));
                    expect(signed.path("access_status").asString().equals("signed"), "the agreement is signed",
                            signed);
                    JsonNode active = step("move-in", 200, () -> post(operator, "/v1/agreements/" + id
                            + "/move-in", Map.of()));
                    expect(active.path("status").asString().equals("active"), "the agreement is active", active);
                });
    }

    // --- order: contact, order, pay by card, the order.completed webhook ---------------------------------------

    private boolean order(int operatorCount) throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            List<Operator> operators = setUp(operatorCount, unitsWithWarmUp(operatorCount), receiver.url());
            return journeys(operators, "order", List.of("contact", "order", "pay", "webhook"), (operator, unit) -> {
                String contact = contact(operator);
                JsonNode order = step("order", 201, () -> onceKnown("order", () -> post(operator, "/v1/orders",
                        Map.of("contact_id", contact, "unit_id", unit, "source", "storefront"))));
                expect(order.path("status").asString().equals("awaiting_payment"), "the order awaits payment",
                        order);
                String id = order.path("id").asString();
                JsonNode paid = step("pay", 200, () -> onceKnown("pay", () -> post(operator, "/v1/orders/" + id
                        + "/pay", Map.of("rail", "card", "card_token", "test_card_visa"))));
                expect(paid.path("payment").path("status").asString().equals("succeeded"), "the card was charged",
                        paid);
                long paidAt = System.nanoTime();
                // The endpoint takes order.completed alone: a delivery naming the order is its completion.
                Predicate<WebhookReceiver.Received> completed = delivery -> delivery.bodyText().contains(id);
                List<WebhookReceiver.Received> received = receiver.await(completed, 1, KNOWN_WAIT);
                expect(!received.isEmpty(), "order.completed was delivered for order " + id, paid);
                JsonNode event = Http.JSON.readTree(received.get(0).body());
                expect(event.path("type").asString().equals("order.completed")
                        && event.path("data").path("id").asString().equals(id)
                        && !event.path("data").path("agreement_id").asString().isEmpty(),
                        "order.completed for order " + id + " with its agreement", event);
                steps.get("webhook").add(received.get(0).atNanos() - paidAt);
            });
        }
    }

    // --- billing: the month end of N plans, by card and Direct Debit -------------------------------------------

    private boolean billing(int operatorCount) throws Exception {
        int plans = Integer.getInteger("bench.plans", 10_000);
        List<Operator> operators = setUp(operatorCount, 0, null);
        // The plans start on the first of next month by the platform's clock; the month end moves the clock there.
        LocalDate today = LocalDate.ofInstant(platformNow(), ZoneOffset.UTC);
        LocalDate first = today.withDayOfMonth(1).plusMonths(1);
        long setUpStarted = System.nanoTime();
        AtomicInteger made = new AtomicInteger();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < plans; i++) {
            indexes.add(i);
        }
        Map<String, String> railByPlan = new ConcurrentHashMap<>();
        BenchmarkWork.inParallel(indexes, SETUP_CLIENTS, i -> {
            Operator operator = operators.get(i % operators.size());
            boolean card = i % 2 == 0;
            String contact = contact(operator);
            Map<String, Object> plan = new LinkedHashMap<>(Map.of("contact_id", contact, "site_id", operator.site(),
                    "billing_interval", "month", "interval_count", 1, "currency", "GBP",
                    "start_date", first.toString(), "items", List.of(Map.of("item_type", "fee",
                            "description", "Storage", "amount_minor", 5000))));
            if (card) {
                plan.put("payment_method_id", created(onceKnown("payment-method", () -> post(operator,
                        "/v1/payment-methods", Map.of("contact_id", contact, "type", "card",
                                "card_token", "test_card_visa")))));
                plan.put("default_rail", "card");
            } else {
                String bank = created(onceKnown("payment-method", () -> post(operator, "/v1/payment-methods",
                        Map.of("contact_id", contact, "type", "bacs_debit", "bank_account", Map.of(
                                "account_holder_name", "Customer " + i, "sort_code", "20-00-00",
                                "account_number", "55779911")))));
                String mandate = created(post(operator, "/v1/mandates", Map.of("contact_id", contact,
                        "payment_method_id", bank)));
                ok(post(operator, "/v1/test-helpers/mandates/" + mandate + "/activate", Map.of()));
                plan.put("mandate_id", mandate);
                plan.put("default_rail", "bacs_dd");
            }
            railByPlan.put(created(onceKnown("plan", () -> post(operator, "/v1/subscriptions", plan))),
                    card ? "card" : "bacs_dd");
            int done = made.incrementAndGet();
            if (done % 1000 == 0) {
                System.out.printf("setup: %d plans in %.0f s%n", done, (System.nanoTime() - setUpStarted) / 1e9);
            }
        });
        System.out.printf("setup: %d plans (%d by card, %d by Direct Debit) over %d operators in %.1f s, %d "
                + "API requests, load %s%n", plans, (plans + 1) / 2, plans / 2, operatorCount,
                (System.nanoTime() - setUpStarted) / 1e9, requests.sum(), BenchmarkWork.loadAverage());
        requests.reset();
        steps.clear();
        waits.clear();

        String loadBefore = BenchmarkWork.loadAverage();
        DatabaseWork databaseBefore = DatabaseWork.of(stack.database());
        Map<String, Double> cpuBefore = ProcessCpu.snapshot();
        long started = System.nanoTime();
        long offset = first.atTime(6, 0).toEpochSecond(ZoneOffset.UTC) - Instant.now().getEpochSecond();
        step("clock", 200, () -> admin("/admin/v1/clock", Map.of("offset_seconds", offset)));
        // One run bills every plan due. The admin API bounds a run at 30 s and answers 504 when it is cut short,
        // which leaves the rest, each period billed exactly once, for the next call: called again until one run
        // issues nothing.
        String result = "";
        int runs = 0;
        int cutShort = 0;
        do {
            long at = System.nanoTime();
            Http.Response answer = Http.post(stack.gatewayUrl() + "/admin/v1/jobs/billing-run/run",
                    stack.adminToken(), Map.of(), JOB_RUN_WAIT);
            requests.increment();
            steps.computeIfAbsent("billing-run", name -> new Latencies()).add(System.nanoTime() - at);
            runs++;
            if (answer.status() == 504) {
                cutShort++;
                System.out.println("run: cut short at the admin API's bound (504), called again");
                continue;
            }
            result = expectStatus(answer, 200).path("result").asString();
            System.out.println("run: " + result);
        } while (!result.contains("issued 0 invoices") && runs < 100);
        double runSeconds = (System.nanoTime() - started) / 1e9;
        DatabaseWork runDatabase = DatabaseWork.of(stack.database()).since(databaseBefore);
        Map<String, Double> cpuAfter = ProcessCpu.snapshot();

        // Every plan's invoice, listed per operator: card ones paid, Direct Debit ones with the debit requested.
        long listed = System.nanoTime();
        Map<String, JsonNode> invoiceByPlan = new ConcurrentHashMap<>();
        BenchmarkWork.inParallel(operators, clients, operator -> list(operator, "/v1/invoices?limit=100",
                invoice -> invoiceByPlan.put(invoice.path("subscription_id").asString(), invoice)));
        Map<String, String> debitByInvoice = new ConcurrentHashMap<>();
        Map<String, Operator> ownerOfDebit = new ConcurrentHashMap<>();
        BenchmarkWork.inParallel(operators, clients, operator -> list(operator, "/v1/payments?limit=100",
                payment -> {
                    if (payment.path("rail").asString().equals("bacs_dd")) {
                        debitByInvoice.put(payment.path("invoice_id").asString(), payment.path("id").asString());
                        ownerOfDebit.put(payment.path("id").asString(), operator);
                    }
                }));
        double listSeconds = (System.nanoTime() - listed) / 1e9;
        long issuedMissing = railByPlan.keySet().stream().filter(plan -> !invoiceByPlan.containsKey(plan)).count();
        long cardUnpaid = railByPlan.entrySet().stream().filter(e -> e.getValue().equals("card"))
                .filter(e -> invoiceByPlan.containsKey(e.getKey()))
                .filter(e -> !invoiceByPlan.get(e.getKey()).path("status").asString().equals("paid")).count();
        List<String> debits = railByPlan.entrySet().stream().filter(e -> e.getValue().equals("bacs_dd"))
                .filter(e -> invoiceByPlan.containsKey(e.getKey()))
                .map(e -> debitByInvoice.get(invoiceByPlan.get(e.getKey()).path("id").asString())).toList();
        long notRequested = debits.stream().filter(d -> d == null).count();
        List<String> requested = debits.stream().filter(d -> d != null).toList();

        // The bank's reports: each Direct Debit confirmed, as the provider's notification would.
        long confirming = System.nanoTime();
        AtomicInteger unconfirmed = new AtomicInteger();
        BenchmarkWork.inParallel(requested, clients, debit -> {
            JsonNode confirmed = step("dd-confirm", 200, () -> post(ownerOfDebit.get(debit),
                    "/v1/test-helpers/payments/" + debit + "/confirm", Map.of()));
            if (!confirmed.path("status").asString().equals("succeeded")) {
                unconfirmed.incrementAndGet();
            }
        });
        double confirmSeconds = (System.nanoTime() - confirming) / 1e9;
        String loadAfter = BenchmarkWork.loadAverage();

        printSteps();
        System.out.printf("throughput: %d plans invoiced and collected by the run in %.1f s = %.0f plans/s "
                + "(%d admin run calls, %d cut short); listing them %.1f s; %d Direct Debits confirmed in %.1f s = "
                + "%.0f/s%n", invoiceByPlan.size(), runSeconds, invoiceByPlan.size() / runSeconds, runs, cutShort,
                listSeconds, requested.size(), confirmSeconds, requested.size() / Math.max(confirmSeconds, 1e-9));
        // The run bills each plan in a transaction of its own, and collects each invoice in another: about two
        // commits a plan, besides what every service's relays and workers commit meanwhile.
        System.out.println(runDatabase.per(plans, "plan during the run"));
        System.out.println(ProcessCpu.per(cpuBefore, cpuAfter, runSeconds, plans, "plan during the run"));
        System.out.printf("cost: %.2f ms per plan (the run's %.1f s / %d plans)%n",
                runSeconds * 1000 / Math.max(1, invoiceByPlan.size()), runSeconds, invoiceByPlan.size());
        System.out.printf("operators: %d; load %s before, %s after%n", operatorCount, loadBefore, loadAfter);
        boolean collected = issuedMissing == 0 && cardUnpaid == 0 && notRequested == 0 && unconfirmed.get() == 0;
        System.out.printf("proof: %d plans, %d invoices; not invoiced %d; card invoices not paid %d; Direct Debits "
                + "not requested %d, not confirmed %d; 5xx %d%n", plans, invoiceByPlan.size(), issuedMissing,
                cardUnpaid, notRequested, unconfirmed.get(), serverErrors.sum());
        return collected && serverErrors.sum() == 0;
    }

    // --- the harness ---------------------------------------------------------------------------------------------

    /** A journey on one unit of one operator; throws when it does not end as expected. */
    private interface Journey {
        void walk(Operator operator, String unit);
    }

    /** Each operator's units: those of the measured journeys, and its share of the warm-up's. */
    private int unitsWithWarmUp(int operatorCount) {
        return measuredUnits(operatorCount) + (warmUp + operatorCount - 1) / operatorCount;
    }

    /**
     * Each operator's units for the measured journeys: {@code bench.units}, or more when the journeys need them (the
     * warm-up's units come after these, so a measured journey never takes a unit the warm-up booked).
     */
    private int measuredUnits(int operatorCount) {
        return Math.max(unitsPerOperator, (journeyCount + operatorCount - 1) / operatorCount);
    }

    private boolean journeys(List<Operator> operators, String name, List<String> stepNames, Journey journey)
            throws Exception {
        LongAdder failed = new LongAdder();
        if (warmUp > 0) {
            stepNames.forEach(step -> steps.put(step, new Latencies()));
            long started = System.nanoTime();
            BenchmarkWork.inParallel(work(operators, measuredUnits(operators.size()), warmUp), clients, each ->
                    walk(journey, name + " warm-up", operators, each, failed));
            System.out.printf("warm-up: %d %s journeys, untimed, in %.1f s%n", warmUp, name,
                    (System.nanoTime() - started) / 1e9);
        }
        int count = journeyCount;
        List<String[]> work = work(operators, 0, count);
        stepNames.forEach(step -> steps.put(step, new Latencies()));
        waits.clear();
        requests.reset();
        long failedInWarmUp = failed.sum();
        String loadBefore = BenchmarkWork.loadAverage();
        if (StatementStats.on()) {
            StatementStats.reset(stack.database());
        }
        DatabaseWork databaseBefore = DatabaseWork.of(stack.database());
        Map<String, Double> cpuBefore = ProcessCpu.snapshot();
        long started = System.nanoTime();
        BenchmarkWork.inParallel(work, clients, each -> walk(journey, name, operators, each, failed));
        failed.add(-failedInWarmUp);
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Double> cpuAfter = ProcessCpu.snapshot();
        DatabaseWork database = DatabaseWork.of(stack.database()).since(databaseBefore);
        String loadAfter = BenchmarkWork.loadAverage();
        printSteps();
        System.out.printf("throughput: %d %s journeys in %.1f s = %.2f journeys/s, %.1f requests/s (%d clients)%n",
                count - failed.sum(), name, seconds, (count - failed.sum()) / seconds, requests.sum() / seconds,
                clients);
        System.out.printf("cost: %.1f ms per request (%d clients x %.1f s / %d requests)%n",
                clients * seconds * 1000 / Math.max(1, requests.sum()), clients, seconds, requests.sum());
        System.out.println(ProcessCpu.per(cpuBefore, cpuAfter, seconds, requests.sum(), "request"));
        System.out.println(database.per(requests.sum(), "request"));
        if (StatementStats.on()) {
            StatementStats.perRequest(stack.database(), requests.sum()).forEach(System.out::println);
        }
        System.out.printf("operators: %d; load %s before, %s after%n", operators.size(), loadBefore, loadAfter);
        System.out.printf("proof: %d journeys ended as expected, %d did not; 5xx %d%n", count - failed.sum(),
                failed.sum(), serverErrors.sum());
        return failed.sum() == 0 && failedInWarmUp == 0 && serverErrors.sum() == 0;
    }

    /**
     * {@code count} journeys, round robin over the operators, one unit each from the operator's unit
     * {@code firstUnit} on: every operator's data is touched alike.
     */
    private static List<String[]> work(List<Operator> operators, int firstUnit, int count) {
        List<String[]> work = new ArrayList<>();
        for (int u = firstUnit; work.size() < count && u < operators.get(0).units().size(); u++) {
            for (int o = 0; o < operators.size() && work.size() < count; o++) {
                work.add(new String[] {String.valueOf(o), operators.get(o).units().get(u)});
            }
        }
        if (work.size() < count) {
            throw new IllegalArgumentException(count + " journeys need " + count + " units: raise bench.units");
        }
        return work;
    }

    private static void walk(Journey journey, String name, List<Operator> operators, String[] each, LongAdder failed) {
        try {
            journey.walk(operators.get(Integer.parseInt(each[0])), each[1]);
        } catch (RuntimeException | AssertionError e) {
            failed.increment();
            System.out.println("failed: " + name + " journey: " + e.getMessage());
        }
    }

    private void printSteps() {
        steps.forEach((step, latencies) -> System.out.printf("step: %s n=%d p50 %.1f ms p99 %.1f ms%s%n", step,
                latencies.count(), latencies.quantileMs(0.50), latencies.quantileMs(0.99),
                waits.containsKey(step) ? " (" + waits.get(step).sum() + " retries while the service learnt of "
                        + "what the call names)" : ""));
    }

    /**
     * {@code operators} operators, each with a test key, a site and (when {@code units} > 0) a unit type and its
     * units, known to commerce before the journeys start; and a webhook endpoint for order.completed when
     * {@code webhookUrl} is given.
     */
    private List<Operator> setUp(int count, int units, String webhookUrl) throws Exception {
        long started = System.nanoTime();
        Admin admin = new Admin(stack);
        awaitAdmin();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            indexes.add(i);
        }
        Operator[] made = new Operator[count];
        BenchmarkWork.inParallel(indexes, SETUP_CLIENTS, i -> {
            Admin.Operator created = untilAvailable(() -> admin.newOperator("Journey Storage " + i));
            String key = untilAvailable(() -> admin.apiKey(created, "test", SCOPES, null)).path("key").asString();
            Operator bare = new Operator(created.id(), key, null, List.of());
            String site = created(post(bare, "/v1/sites", Map.of("name", "Site " + i, "timezone",
                    "Europe/London")));
            List<String> unitIds = new ArrayList<>();
            if (units > 0) {
                String type = created(post(bare, "/v1/unit-types", Map.of("site_id", site, "name", "50 sq ft",
                        "price_minor", 6000, "currency", "GBP")));
                for (int u = 0; u < units; u++) {
                    unitIds.add(created(post(bare, "/v1/units", Map.of("site_id", site, "unit_type_id", type,
                            "name", "U" + u))));
                }
            }
            if (webhookUrl != null) {
                // A card payment returns the customer to a page of the operator's: its portal, set through the
                // admin API (commerce learns it from auth's operator.settings_updated well before the journeys).
                Http.Response portal = untilAvailable(() -> Http.patch(stack.gatewayUrl() + "/admin/v1/operators/"
                        + created.id() + "/settings", stack.adminToken(),
                        Map.of("customer_portal_url", "https://portal.journeys.example/account")));
                expect(portal.status() == 200, "the operator's portal is set", portal.body());
                created(post(bare, "/v1/webhooks", Map.of("url", webhookUrl,
                        "enabled_events", List.of("order.completed"))));
            }
            made[i] = new Operator(created.id(), key, site, unitIds);
        });
        List<Operator> operators = List.of(made);
        if (units > 0) {
            // Catalogue events reach commerce in order per account: once the last unit is known, all are.
            BenchmarkWork.inParallel(operators, SETUP_CLIENTS, operator -> {
                String probe = contact(operator);
                String unit = operator.units().get(operator.units().size() - 1);
                String held = created(onceKnown("setup", () -> post(operator, "/v1/reservations",
                        Map.of("contact_id", probe, "unit_id", unit, "source", "api"))));
                ok(post(operator, "/v1/reservations/" + held + "/cancel", Map.of()));
            });
        }
        steps.remove("contact");
        waits.clear();
        System.out.printf("setup: %d operators, each a key, a site%s in %.1f s, %d API requests, load %s%n", count,
                units > 0 ? ", a unit type and " + units + " units" : "", (System.nanoTime() - started) / 1e9,
                requests.sum(), BenchmarkWork.loadAverage());
        return operators;
    }

    /** The admin API answers once Keycloak is warm: a busy machine can report the stack up a little before. */
    private void awaitAdmin() {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (Http.get(stack.gatewayUrl() + "/admin/v1/clock", stack.adminToken()).status() != 200) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the admin API never answered");
            }
            Webhooks.sleep(1000);
        }
    }

    /**
     * An admin call of the setup, sent again while Keycloak answers 503: on a busy machine it can still be warming
     * up, or stalled for a moment, after the stack reports itself up.
     */
    private static <T> T untilAvailable(Supplier<T> call) {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            try {
                return call.get();
            } catch (AssertionError e) {
                if (!String.valueOf(e.getMessage()).contains("service_unavailable") || System.nanoTime() > deadline) {
                    throw e;
                }
                Webhooks.sleep(2000);
            }
        }
    }

    private Instant platformNow() {
        JsonNode clock = Http.get(stack.gatewayUrl() + "/admin/v1/clock", stack.adminToken()).data();
        return Instant.parse(clock.path("now").asString());
    }

    private String contact(Operator operator) {
        return step("contact", 201, () -> post(operator, "/v1/contacts", Map.of("first_name", "Ada",
                "last_name", "Customer", "email", "ada@journey.example"))).path("id").asString();
    }

    /** Times {@code call} as {@code step} and answers its data; any other status than {@code expected} throws. */
    private JsonNode step(String step, int expected, Supplier<Http.Response> call) {
        long at = System.nanoTime();
        Http.Response response = call.get();
        steps.computeIfAbsent(step, name -> new Latencies()).add(System.nanoTime() - at);
        return expectStatus(response, expected);
    }

    /** Sends {@code call} again while it is 422 because its service has not yet learnt of what it names. */
    private Http.Response onceKnown(String step, Supplier<Http.Response> call) {
        long deadline = System.nanoTime() + KNOWN_WAIT.toNanos();
        Http.Response response = call.get();
        while (response.status() == 422 && System.nanoTime() < deadline) {
            waits.computeIfAbsent(step, name -> new LongAdder()).increment();
            Webhooks.sleep(20);
            response = call.get();
        }
        return response;
    }

    private Http.Response post(Operator operator, String path, Object body) {
        Http.Response response = Http.post(stack.gatewayUrl() + path, operator.key(), body);
        count(response);
        return response;
    }

    private Http.Response admin(String path, Object body) {
        Http.Response response = Http.post(stack.gatewayUrl() + path, stack.adminToken(), body);
        count(response);
        return response;
    }

    private void count(Http.Response response) {
        requests.increment();
        if (response.status() >= 500) {
            serverErrors.increment();
        }
    }

    private JsonNode expectStatus(Http.Response response, int expected) {
        if (response.status() != expected) {
            throw new IllegalStateException(response.raw().request().method() + " " + response.raw().uri()
                    + " -> " + response.status() + " " + response.body());
        }
        return response.data();
    }

    private String created(Http.Response response) {
        return expectStatus(response, 201).path("id").asString();
    }

    private JsonNode ok(Http.Response response) {
        return expectStatus(response, 200);
    }

    private static void expect(boolean condition, String what, JsonNode seen) {
        if (!condition) {
            throw new IllegalStateException("expected " + what + ": " + seen);
        }
    }

    /** Every item of a list, page by page. */
    private void list(Operator operator, String path, java.util.function.Consumer<JsonNode> each) {
        String cursor = null;
        do {
            Http.Response page = Http.get(stack.gatewayUrl() + path + (cursor == null ? "" : "&cursor=" + cursor),
                    operator.key());
            count(page);
            JsonNode body = page.body();
            expectStatus(page, 200).forEach(each);
            JsonNode next = body.path("meta").path("cursor").path("next");
            cursor = next.isNull() || next.isMissingNode() ? null : next.asString();
        } while (cursor != null);
    }
}
