package com.storageplatform.billing.report;

import com.storageplatform.billing.subscription.PlansInForce;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The occupancy and revenue reports over one large operator (bench/occupancy-revenue-reports.sh,
 * docs/performance.md): 200 sites, 5 unit types each, 50,000 units, and three years of plans (each unit let for a
 * year three times running, the last still running on 85% of the units), their monthly invoiced periods (about
 * 1.9 million) and promotions on 30% of them; then each report, each group_by and its CSV, is asked
 * {@code bench.rounds} times (default 50, after 5 untimed; 0 prints only the query plan) through HTTP, and p50, p95 and p99 are printed, with the
 * heap before and after the CSVs. Not a test (its name does not end in Test, so surefire runs it only when asked:
 * {@code -Dtest=OccupancyRevenueReportsBenchmark}); it fails when a report's total is not the seeded one.
 */
@PlatformTest
class OccupancyRevenueReportsBenchmark {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);
    static final int SITES = 200;
    static final int UNITS = 50_000;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void reports() {
        clock.setOffset(Duration.between(Instant.now(), TODAY.atTime(12, 0).toInstant(ZoneOffset.UTC)));
        int rounds = Integer.getInteger("bench.rounds", 50);
        Caller caller = TestCallers.apiCaller("reports:read");
        new Accounts(db, json).settings(caller, "{}");
        long seedStart = System.nanoTime();
        seed(caller.accountId());
        print("setup: %d sites, %d units, %d plans, %d invoiced periods, %d promotions seeded in %.1f s; max heap %d MB",
                SITES, UNITS, count("SELECT count(*) AS n FROM subscriptions"),
                count("SELECT count(*) AS n FROM subscription_periods"),
                count("SELECT count(*) AS n FROM subscription_promotions"), (System.nanoTime() - seedStart) / 1e9,
                Runtime.getRuntime().maxMemory() >> 20);

        if (rounds == 0) {
            print("plan: %s", explain(caller.accountId()));
            return;
        }
        WebTestClient http = client.mutate().responseTimeout(Duration.ofSeconds(60)).build();
        String unitsTotal = "\"units_total\":" + (UNITS - UNITS / 100);
        for (String report : List.of("occupancy", "revenue")) {
            for (String groupBy : List.of("total", "site", "unit_type")) {
                String uri = "/v1/reports/" + report + "?group_by=" + groupBy + "&limit=100";
                String body = get(http, caller, uri);
                if ("total".equals(groupBy) && !body.contains(unitsTotal)) {
                    throw new AssertionError("The " + report + " total is not the seeded one: " + body);
                }
                time(http, caller, uri, rounds, "result: " + report + " " + groupBy);
            }
            System.gc();
            long heapBefore = heapUsed();
            String uri = "/v1/reports/" + report + "?group_by=unit_type&format=csv";
            long lines = get(http, caller, uri).lines().count();
            time(http, caller, uri, rounds, "result: " + report + " unit_type CSV (" + lines + " lines)");
            System.gc();
            print("memory: %s CSV heap %d MB before, %d MB after (after GC)", report, heapBefore >> 20,
                    heapUsed() >> 20);
        }
        print("plan: %s", explain(caller.accountId()));
    }

    private void time(WebTestClient http, Caller caller, String uri, int rounds, String label) {
        for (int i = 0; i < 5; i++) {
            get(http, caller, uri);
        }
        long[] millis = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            get(http, caller, uri);
            millis[i] = (System.nanoTime() - start) / 1_000_000;
        }
        Arrays.sort(millis);
        print("%s: p50 %d ms, p95 %d ms, p99 %d ms, max %d ms over %d requests", label, pick(millis, 50),
                pick(millis, 95), pick(millis, 99), millis[rounds - 1], rounds);
    }

    private static long pick(long[] sorted, int percentile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1)];
    }

    private static String get(WebTestClient http, Caller caller, String uri) {
        return http.get().uri(uri).header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
    }

    /**
     * The operator's catalogue and three years of plans, set based. Unit u is at site u mod 200, of that site's
     * unit type u / 200 mod 5; every 100th unit is archived and every 100th (offset 1) out of service (both
     * among the units without a running plan). Plan k (0, 1, 2) of
     * unit u starts on 1 March 2024 + k years and runs a year; the third runs on, except on units u mod 20 < 3.
     * Plans of units u mod 10 < 3 carry a promotion: 10% forever (0), 20% for three periods (1), 1000 off for
     * three periods (2).
     */
    private void seed(UUID account) {
        exec("""
                TRUNCATE subscriptions, subscription_charges, subscription_waiting_charges, subscription_periods,
                         subscription_promotions, report_sites, report_unit_types, report_units, report_agreements,
                         report_plan_fees CASCADE
                """, account);
        exec("""
                INSERT INTO report_sites (account_id, id, name, event_time)
                SELECT :account, md5('site ' || s)::uuid, 'Site ' || lpad(s::text, 3, '0'), now()
                  FROM generate_series(0, 199) AS s
                """, account);
        exec("""
                INSERT INTO report_unit_types (account_id, id, site_id, name, area_cm2, price_minor, currency,
                       event_time)
                SELECT :account, md5('type ' || s || ' ' || t)::uuid, md5('site ' || s)::uuid, 'Type ' || t,
                       (150 + 50 * t) * (200 + 50 * t), 5000 + 2500 * t, 'GBP', now()
                  FROM generate_series(0, 199) AS s CROSS JOIN generate_series(0, 4) AS t
                """, account);
        exec("""
                INSERT INTO report_units (account_id, id, site_id, unit_type_id, status, event_time)
                SELECT :account, md5('unit ' || u)::uuid, md5('site ' || (u % 200))::uuid,
                       md5('type ' || (u % 200) || ' ' || (u / 200 % 5))::uuid,
                       CASE WHEN u % 100 = 0 THEN 'archived' WHEN u % 100 = 1 THEN 'out_of_service'
                            WHEN u % 20 < 3 THEN 'available' ELSE 'occupied' END, now()
                  FROM generate_series(0, 49999) AS u
                """, account);
        exec("""
                INSERT INTO report_agreements (account_id, id, unit_id, event_time)
                SELECT :account, md5('agreement ' || u || ' ' || k)::uuid, md5('unit ' || u)::uuid, now()
                  FROM generate_series(0, 49999) AS u CROSS JOIN generate_series(0, 2) AS k
                """, account);
        exec("""
                INSERT INTO subscriptions (account_id, id, operator_id, environment, contact_id, site_id,
                       agreement_id, status, billing_interval, interval_count, currency, amount_minor,
                       has_licence_fee, licence_fee_vat_treatment, licence_fee_description, start_date, ends_on,
                       next_billing_date, anchor_day, default_rail, auto_collect, collection_waived, timezone,
                       started_at, created_at, updated_at)
                SELECT :account, md5('plan ' || u || ' ' || k)::uuid, :account, 'test', md5('contact ' || u)::uuid,
                       md5('site ' || (u % 200))::uuid, md5('agreement ' || u || ' ' || k)::uuid,
                       CASE WHEN ended THEN 'ended' ELSE 'active' END, 'month', 1, 'GBP',
                       5000 + 2500 * (u / 200 % 5) - (u * 37) % 500, true, 'standard_20', 'Licence fee', start_date,
                       CASE WHEN ended THEN (start_date + interval '1 year' - interval '1 day')::date END,
                       date '2027-04-01', 1, 'offline', true, false, 'Europe/London', now(), now(), now()
                  FROM (SELECT u, k, (date '2024-03-01' + make_interval(years => k))::date AS start_date,
                               k < 2 OR u % 20 < 3 AS ended
                          FROM generate_series(0, 49999) AS u CROSS JOIN generate_series(0, 2) AS k) AS p
                """, account);
        exec("""
                INSERT INTO subscription_promotions (account_id, id, subscription_id, coupon_id, name, discount_kind,
                       discount_value, duration, periods_total, source, created_at)
                SELECT :account, md5('promotion ' || u || ' ' || k)::uuid, md5('plan ' || u || ' ' || k)::uuid,
                       md5('coupon ' || (u % 10))::uuid, 'Offer',
                       CASE WHEN u % 10 = 2 THEN 'fixed_amount' ELSE 'percent' END,
                       CASE u % 10 WHEN 0 THEN 10 WHEN 1 THEN 20 ELSE 1000 END,
                       CASE WHEN u % 10 = 0 THEN 'forever' ELSE 'repeating' END,
                       CASE WHEN u % 10 = 0 THEN NULL ELSE 3 END, 'api', now()
                  FROM generate_series(0, 49999) AS u CROSS JOIN generate_series(0, 2) AS k
                 WHERE u % 10 < 3
                """, account);
        exec("""
                INSERT INTO subscription_periods (account_id, subscription_id, period_start, kind, period_end,
                       invoice_id, promotion_id, created_at)
                SELECT :account, s.id, d.day::date, 'period', (d.day + interval '1 month' - interval '1 day')::date,
                       md5('invoice ' || s.id || d.day)::uuid,
                       CASE WHEN pr.id IS NOT NULL AND (pr.periods_total IS NULL
                                 OR d.day < s.start_date + make_interval(months => pr.periods_total))
                            THEN pr.id END, now()
                  FROM subscriptions s
                  LEFT JOIN subscription_promotions pr ON pr.account_id = s.account_id AND pr.subscription_id = s.id
                 CROSS JOIN LATERAL generate_series(s.start_date::timestamp,
                       least(coalesce(s.ends_on, date '2027-03-10'), date '2027-03-10')::timestamp,
                       interval '1 month') AS d(day)
                 WHERE s.account_id = :account
                """, account);
        // Plans seeded around their own classes: their stretches are written as PlanFees would have kept them.
        exec(PlansInForce.writeAll().replace(":account_id", ":account"), account);
        exec("ANALYZE subscriptions, subscription_periods, subscription_promotions, report_sites, "
                + "report_unit_types, report_units, report_agreements, report_plan_fees", account);
    }

    /** The total's statement's plan, from EXPLAIN ANALYZE. */
    private String explain(UUID account) {
        List<String> lines = new ArrayList<>();
        db.sql("EXPLAIN (ANALYZE, FORMAT TEXT) " + ReportRepository.sql("total", false))
                .bind("account_id", account).bind("as_of", TODAY).bind("currency", "GBP")
                .map(row -> row.get(0, String.class)).all().doOnNext(lines::add).blockLast();
        return String.join(System.lineSeparator() + "plan: ", lines);
    }

    private void exec(String sql, UUID account) {
        var spec = db.sql(sql);
        if (sql.contains(":account")) {
            spec = spec.bind("account", account);
        }
        spec.then().block(Duration.ofMinutes(10));
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get("n", Long.class)).one().block();
    }

    private static long heapUsed() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static void print(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
}
