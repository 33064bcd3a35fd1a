package com.storageplatform.billing.collections;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The delinquency report over a large operator (bench/delinquency-report.sh, docs/performance.md): one account with
 * 200 sites and 50,000 customers, each renting one unit at a site and invoiced monthly for three years (1.8 million
 * invoices) as {@code delinquency_debts} holds them, seeded set based: 93% paid within 25 days of issue, 6% paid 30
 * to 120 days late, 1% never paid, every hundredth customer invoiced in EUR; then each form of the report is asked
 * {@code bench.runs} times through the HTTP stack and its latency printed (p50/p95/p99), and for the CSV the heap
 * before and after. Not a test (its name does not end in Test, so surefire runs it only when asked:
 * {@code -Dtest=DelinquencyReportsBenchmark}). The invoices table itself is not seeded: the report never reads it.
 */
@PlatformTest
class DelinquencyReportsBenchmark {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    final Caller caller = TestCallers.apiCaller("reports:read");
    /** The operator's 200 sites, with ids as the catalogue makes them. */
    final UUID[] sites = IntStream.range(0, 200).mapToObj(n -> Ids.newId()).toArray(UUID[]::new);

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void delinquencyReports() {
        int runs = Integer.getInteger("bench.runs", 200);
        clock.setOffset(Duration.between(Instant.now(), TODAY.atTime(12, 0).toInstant(ZoneOffset.UTC)));
        long started = System.nanoTime();
        seed();
        long rows = db.sql("SELECT count(*) AS n FROM delinquency_debts WHERE account_id = :account")
                .bind("account", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
        print("setup: %d debt rows seeded in %.1f s; today %s; %d runs each", rows,
                (System.nanoTime() - started) / 1e9, TODAY, runs);

        String report = "/v1/reports/delinquency";
        time("json total (today)", report, runs);
        time("json site (today)", report + "?group_by=site", runs);
        time("json total (a year ago)", report + "?from=2026-03-01&to=2026-03-10", runs);
        time("json site (a year ago)", report + "?group_by=site&from=2026-03-01&to=2026-03-10", runs);
        time("json site_id (today)", report + "?group_by=site&site_id=" + sites[7], runs);
        long before = heapAfterGc();
        time("csv site (today)", report + "?format=csv&group_by=site", runs);
        print("memory: csv heap %d MB before, %d MB after (after GC)", before >> 20, heapAfterGc() >> 20);
    }

    private void time(String name, String uri, int runs) {
        for (int i = 0; i < 20; i++) {
            fetch(uri);
        }
        long[] nanos = new long[runs];
        int bytes = 0;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            bytes = fetch(uri);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        print("result: %-26s p50 %6.1f ms, p95 %6.1f ms, p99 %6.1f ms, max %6.1f ms (%d bytes)", name,
                ms(nanos, 0.50), ms(nanos, 0.95), ms(nanos, 0.99), nanos[runs - 1] / 1e6, bytes);
    }

    private int fetch(String uri) {
        byte[] body = client.get().uri(uri).header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isOk().expectBody().returnResult().getResponseBody();
        return body == null ? 0 : body.length;
    }

    /** The operator, its 200 sites, and three years of its customers' monthly invoices as the report's table. */
    private void seed() {
        db.sql("""
                INSERT INTO account_settings (account_id, operator_id, environment, timezone, default_currency,
                       settings, event_time)
                VALUES (:account, :operator, 'test', 'Europe/London', 'GBP', '{}', now())
                """).bind("account", caller.accountId()).bind("operator", caller.operatorId()).then().block();
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                SELECT :account, id, 'site',
                       jsonb_build_object('id', id, 'object', 'site', 'name', 'Site ' || lpad(n::text, 3, '0'),
                               'timezone', 'Europe/London'),
                       false, now()
                  FROM unnest(CAST(:sites AS uuid[])) WITH ORDINALITY AS s (id, n)
                """).bind("account", caller.accountId()).bind("sites", sites).then().block();
        // Invoice m of customer c is issued on the first of month m, due 14 days later; r decides when it is paid.
        db.sql("""
                INSERT INTO delinquency_debts (account_id, invoice_id, owed_from, owed_until, contact_id, site_id,
                       currency, due_date, outstanding_minor)
                SELECT CAST(:account AS uuid), md5(:account || ' invoice ' || c || ' ' || m)::uuid, issued,
                       CASE WHEN paid > :today THEN NULL ELSE paid END,
                       md5(:account || ' customer ' || c)::uuid, (CAST(:sites AS uuid[]))[1 + c % 200],
                       CASE WHEN c % 100 = 0 THEN 'EUR' ELSE 'GBP' END, issued + 14, 5000 + (c % 50) * 100
                  FROM generate_series(0, 49999) AS c, generate_series(0, 36) AS m,
                       LATERAL (SELECT CAST(date '2024-03-01' + make_interval(months => m) AS date) AS issued,
                                       abs(hashtext(c || ' ' || m)) % 100 AS r) AS x,
                       LATERAL (SELECT CASE WHEN r < 93 THEN issued + 1 + (c + m) % 25
                                            WHEN r < 99 THEN issued + 44 + (c * m) % 90
                                            ELSE date '9999-12-31' END AS paid) AS y
                """).bind("account", caller.accountId().toString()).bind("today", TODAY).bind("sites", sites)
                .then().block();
        db.sql("ANALYZE delinquency_debts").then().block();
        db.sql("ANALYZE records").then().block();
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double ms(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }

    private static void print(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
}
