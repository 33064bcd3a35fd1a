package com.storageplatform.billing.subscription;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.time.PlatformClock;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The billing run over many plans (bench/billing-run.sh, docs/performance.md): for each size, billing's plan and
 * invoice tables are emptied and seeded with that many active monthly plans due today, spread evenly over the
 * accounts (each its own operator), every other plan with a repeating fee; then one run is timed while the heap and
 * the process's resident set are sampled, and a second run must issue nothing. Not a test (its name does not end in
 * Test, so surefire runs it only when asked: {@code -Dtest=BillingRunBenchmark}); it fails when a run does not
 * invoice every plan exactly once.
 *
 * <p>Sizes from {@code bench.sizes} (default 10000,50000,100000), accounts from {@code bench.accounts} (default
 * 1000), an untimed warm-up of {@code bench.warmup} plans (default 5000) first, so the smallest size does not pay
 * for the JIT. Plans are collected {@code offline} (left open, no provider), so the run measured is billing's own
 * work: the plan read and locked, its lines, the invoice, its events in the outbox.
 */
@PlatformTest
class BillingRunBenchmark {

    /** Today, pinned (noon UTC), so every run bills the same 31-day period, 10 March to 9 April. */
    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);
    static final Duration OUTBOX_WAIT = Duration.ofMinutes(10);

    @Autowired
    BillingRunJob job;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    record Result(int plans, double seconds, long peakHeap, long peakLiveHeap, long peakRss) {

        double microsPerPlan() {
            return seconds * 1e6 / plans;
        }
    }

    @Test
    void billingRun() {
        List<Integer> sizes = Arrays.stream(System.getProperty("bench.sizes", "10000,50000,100000").split(","))
                .map(String::trim).map(Integer::parseInt).toList();
        int accounts = Integer.getInteger("bench.accounts", 1000);
        int warmup = Integer.getInteger("bench.warmup", 5000);
        clock.setOffset(Duration.between(Instant.now(), TODAY.atTime(12, 0).toInstant(ZoneOffset.UTC)));
        print("setup: today %s, %d accounts, max heap %d MB, %d processors", TODAY, accounts,
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());

        if (warmup > 0) {
            measure("warmup", warmup, Math.min(accounts, warmup));
        }
        List<Result> results = new ArrayList<>();
        for (int size : sizes) {
            results.add(measure("result", size, accounts));
        }

        Result smallest = results.get(0);
        Result largest = results.get(results.size() - 1);
        StringBuilder perPlan = new StringBuilder();
        StringBuilder memory = new StringBuilder();
        for (Result r : results) {
            perPlan.append(String.format(Locale.ROOT, " %d: %.0f us/plan;", r.plans(), r.microsPerPlan()));
            memory.append(String.format(Locale.ROOT, " %d: heap %d MB (live after GC %d MB), RSS %d MB;",
                    r.plans(), mb(r.peakHeap()), mb(r.peakLiveHeap()), mb(r.peakRss())));
        }
        print("linear:%s largest/smallest time per plan %.2f (%d/%d plans: %.1fx the plans in %.1fx the time)",
                perPlan, largest.microsPerPlan() / smallest.microsPerPlan(), largest.plans(), smallest.plans(),
                (double) largest.plans() / smallest.plans(), largest.seconds() / smallest.seconds());
        print("memory:%s largest/smallest peak heap %.2f", memory,
                (double) largest.peakHeap() / smallest.peakHeap());
    }

    /**
     * Seeds {@code plans} due plans, times one run over them, checks it and a second run; prints the figures on a
     * line beginning {@code label:}, and the rest on a {@code detail:} line.
     */
    private Result measure(String label, int plans, int accountCount) {
        reset();
        seed(plans, accountCount);

        System.gc();
        long heapBefore = heapUsed();
        long commitsBefore = commits();
        long postmaster = postmaster();
        long jvmCpuBefore = jvmCpu();
        long pgCpuBefore = postgresCpu(postmaster);
        String loadBefore = loadAverage();
        Sampler sampler = new Sampler();
        sampler.start();
        long start = System.nanoTime();
        String summary = job.run().block();
        double seconds = (System.nanoTime() - start) / 1e9;
        sampler.stop();
        double jvmCpuMs = (jvmCpu() - jvmCpuBefore) / 1e6 / plans;
        double pgCpuMs = (postgresCpu(postmaster) - pgCpuBefore) / 1e6 / plans;
        String loadAfter = loadAverage();
        long commitsPerPlan = Math.round((double) (commits() - commitsBefore) / plans);

        long invoices = count("SELECT count(*) AS n FROM invoices WHERE source = 'billing_run'");
        long lines = count("SELECT count(*) AS n FROM invoice_lines");
        long expectedLines = plans + (plans + 1) / 2;
        if (invoices != plans || lines != expectedLines) {
            throw new AssertionError("A run over " + plans + " plans made " + invoices + " invoices with " + lines
                    + " lines, not " + plans + " with " + expectedLines + " (" + summary + ")");
        }
        long rerunStart = System.nanoTime();
        String again = job.run().block();
        double rerunSeconds = (System.nanoTime() - rerunStart) / 1e9;
        long afterRerun = count("SELECT count(*) AS n FROM invoices");
        if (afterRerun != plans) {
            throw new AssertionError("A second run issued " + (afterRerun - plans) + " more invoices (" + again + ")");
        }
        long outboxRows = count("SELECT count(*) AS n FROM outbox_events");
        long unsentAtEnd = unsent();
        double drained = drainOutbox();
        System.gc();
        long heapAfter = heapUsed();

        Result result = new Result(plans, seconds, sampler.peakHeap, sampler.peakLiveHeap, sampler.peakRss);
        print("%s: %d plans, %d accounts: %.2f s, %.0f invoices/s, %.0f us/plan, peak heap %d MB (live after GC"
                        + " %d MB), peak RSS %d MB, load %s at start, %s at end, CPU per plan %.2f ms JVM"
                        + " + %.2f ms PostgreSQL",
                label, plans, accountCount, seconds, plans / seconds, result.microsPerPlan(), mb(sampler.peakHeap),
                mb(sampler.peakLiveHeap), mb(sampler.peakRss), loadBefore, loadAfter, jvmCpuMs, pgCpuMs);
        print("detail: %d plans: %s; heap %d MB before (after GC), %d MB after; %d transactions per plan;"
                        + " second run %.2f s, %s; %d invoices, %d lines; outbox %d rows, %d unsent at the run's end,"
                        + " all sent %s",
                plans, summary, mb(heapBefore), mb(heapAfter), commitsPerPlan, rerunSeconds, again, invoices, lines,
                outboxRows, unsentAtEnd, drained < 0 ? "not within " + OUTBOX_WAIT.toMinutes() + " min"
                        : String.format(Locale.ROOT, "%.1f s after the second run", drained));
        return result;
    }

    /** Billing's plan and invoice tables emptied (this class's own schema), so each size starts from nothing. */
    private void reset() {
        db.sql("""
                TRUNCATE subscriptions, subscription_charges, subscription_waiting_charges, subscription_periods,
                         subscription_promotions, invoices, invoice_lines, credit_notes, deposits, payments,
                         outbox_events CASCADE
                """).then().block();
    }

    /**
     * {@code plans} active monthly plans due today, plan i of account i mod {@code accounts} (each account its own
     * operator), the licence fee from 50.00 to 150.00, and a repeating fee of 10.00 a month on every other plan. Set
     * based, then analysed as autovacuum would have.
     */
    private void seed(int plans, int accounts) {
        db.sql("""
                INSERT INTO subscriptions (account_id, id, operator_id, environment, contact_id, site_id, status,
                       billing_interval, interval_count, currency, amount_minor, has_licence_fee,
                       licence_fee_vat_treatment, licence_fee_description, start_date, next_billing_date,
                       anchor_day, default_rail, auto_collect, collection_waived, timezone, started_at, created_at,
                       updated_at)
                SELECT md5('account ' || (i % :accounts))::uuid, md5('plan ' || i)::uuid,
                       md5('operator ' || (i % :accounts))::uuid, 'test', md5('contact ' || i)::uuid,
                       md5('site ' || (i % :accounts))::uuid, 'active', 'month', 1, 'GBP', 5000 + (i * 37) % 10001,
                       true, 'standard_20', 'Licence fee', :today - 31, :today, :anchor, 'offline', true, false,
                       'Europe/London', :now, :now, :now
                  FROM generate_series(0, :plans - 1) AS i
                """)
                .bind("accounts", accounts).bind("plans", plans).bind("today", TODAY)
                .bind("anchor", TODAY.getDayOfMonth()).bind("now", clock.instant())
                .then().block();
        db.sql("""
                INSERT INTO subscription_charges (account_id, subscription_id, id, kind, description, quantity,
                       price_minor, price_interval, price_interval_count, amount_minor, vat_treatment, created_at,
                       updated_at)
                SELECT md5('account ' || (i % :accounts))::uuid, md5('plan ' || i)::uuid, md5('charge ' || i)::uuid,
                       'fee', 'Admin fee', 1, 1000, 'month', 1, 1000, 'standard_20', :now, :now
                  FROM generate_series(0, :plans - 1, 2) AS i
                """)
                .bind("accounts", accounts).bind("plans", plans).bind("now", clock.instant())
                .then().block();
        db.sql("ANALYZE subscriptions, subscription_charges").then().block();
    }

    /** Seconds until the relay had sent every outbox row, or -1 past {@link #OUTBOX_WAIT}. */
    private double drainOutbox() {
        long start = System.nanoTime();
        while (unsent() > 0) {
            if (System.nanoTime() - start > OUTBOX_WAIT.toNanos()) {
                return -1;
            }
            sleep(200);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private long unsent() {
        return count("SELECT count(*) AS n FROM outbox_events WHERE sent_at IS NULL");
    }

    /** Transactions committed in the database so far (the run commits one per plan, and the relay its batches). */
    private long commits() {
        return count("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()");
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get("n", Long.class)).one().block();
    }

    /** The heap and the resident set, sampled every 100 ms on a daemon thread; the highest of each kept. */
    static final class Sampler {

        private final Thread thread = new Thread(this::sample, "bench-memory-sampler");
        private volatile boolean running = true;
        volatile long peakHeap;
        /** The heap in use just after the latest collection (what survived it), the highest seen. */
        volatile long peakLiveHeap;
        volatile long peakRss;

        void start() {
            thread.setDaemon(true);
            thread.start();
        }

        void stop() {
            running = false;
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            once();
        }

        private void sample() {
            while (running) {
                once();
                sleep(100);
            }
        }

        private void once() {
            peakHeap = Math.max(peakHeap, heapUsed());
            long live = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                    live += pool.getCollectionUsage().getUsed();
                }
            }
            peakLiveHeap = Math.max(peakLiveHeap, live);
            peakRss = Math.max(peakRss, residentSet());
        }
    }

    static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** VmRSS of this process, in bytes. */
    static long residentSet() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
            return 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** CPU time of this JVM (the service, the embedded Kafka broker and the benchmark), in nanoseconds. */
    static long jvmCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The pid of the embedded PostgreSQL's postmaster: the parent of this connection's backend. */
    private long postmaster() {
        long backend = count("SELECT pg_backend_pid()::bigint AS n");
        return ProcessHandle.of(backend).flatMap(ProcessHandle::parent).map(ProcessHandle::pid).orElse(-1L);
    }

    /**
     * CPU time of the postmaster and its live children (the backends, which the pool keeps open through a run), in
     * nanoseconds, from /proc/[pid]/stat (utime and stime in clock ticks, 100 a second on Linux).
     */
    static long postgresCpu(long postmaster) {
        long ticks = 0;
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                if (!proc.getFileName().toString().matches("[0-9]+")) {
                    continue;
                }
                try {
                    String stat = Files.readString(proc.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long pid = Long.parseLong(proc.getFileName().toString());
                    if (pid == postmaster || Long.parseLong(f[1]) == postmaster) {
                        ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while it was read
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return ticks * 10_000_000L;
    }

    /** The 1-, 5- and 15-minute load averages. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + "/" + fields[1] + "/" + fields[2];
        } catch (IOException e) {
            return "?";
        }
    }

    static long mb(long bytes) {
        return bytes >> 20;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void print(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
}
