package com.storageplatform.crm.deal;

import com.storageplatform.kit.caller.Caller;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The conversion report over a large operator (bench/conversion-report.sh, docs/performance.md): one account with
 * 200 sites of 10 unit types each (2,000 unit types, 50,000 units) and three years of enquiries, 600 deals a day
 * (657,600 deals), seeded set based into {@code deal_conversions}, {@code conversion_days} and the monthly tables
 * as deal changes write them: 70% of deals quoted, 40% reserved, over six channels and none; then each form of the
 * report is asked {@code bench.runs} times through the HTTP stack (a month, a year, and the whole three years; each
 * group_by; the CSV) and its latency printed (p50/p95/p99), and for the CSV the heap before and after. Not a test (its name does
 * not end in Test, so surefire runs it only when asked: {@code -Dtest=ConversionReportsBenchmark}). The deals table
 * itself is not seeded: the report never reads it.
 */
@PlatformTest
class ConversionReportsBenchmark {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    final Caller caller = TestCallers.apiCaller("reports:read");

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void conversionReports() {
        int runs = Integer.getInteger("bench.runs", 200);
        clock.setOffset(Duration.between(Instant.now(), TODAY.atTime(12, 0).toInstant(ZoneOffset.UTC)));
        long started = System.nanoTime();
        seed();
        long days = count("conversion_days");
        print("setup: %d quotes and reservations counted, %d daily rows, %d + %d monthly rows, seeded in %.1f s;"
                        + " today %s; %d runs each", count("deal_conversions"), days,
                count("conversion_months_by_channel"), count("conversion_months_by_unit_type"),
                (System.nanoTime() - started) / 1e9, TODAY, runs);

        String report = "/v1/reports/conversion";
        String month = "from=2027-02-01&to=2027-02-28";
        String year = "from=2026-03-01&to=2027-02-28";
        String all = "from=2024-03-10&to=2027-03-10";
        time("json site, a month", report + "?" + month, runs);
        time("json channel, a month", report + "?group_by=channel&" + month, runs);
        time("json unit_type, a month", report + "?group_by=unit_type&" + month, runs);
        time("json site, a year", report + "?" + year, runs);
        time("json site, three years", report + "?" + all, runs);
        time("json channel, three years", report + "?group_by=channel&" + all, runs);
        time("json unit_type, three years", report + "?group_by=unit_type&" + all + "&limit=100", runs);
        long before = heapAfterGc();
        time("csv unit_type, three years", report + "?format=csv&group_by=unit_type&" + all, runs);
        print("memory: csv heap %d MB before, %d MB after (after GC)", before >> 20, heapAfterGc() >> 20);
    }

    private long count(String table) {
        return db.sql("SELECT count(*) AS n FROM " + table + " WHERE account_id = :account")
                .bind("account", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
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
        print("result: %-28s p50 %6.1f ms, p95 %6.1f ms, p99 %6.1f ms, max %6.1f ms (%d bytes)", name,
                ms(nanos, 0.50), ms(nanos, 0.95), ms(nanos, 0.99), nanos[runs - 1] / 1e6, bytes);
    }

    private int fetch(String uri) {
        byte[] body = client.get().uri(uri).header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isOk().expectBody().returnResult().getResponseBody();
        return body == null ? 0 : body.length;
    }

    /** The operator, its sites and unit types, and three years of deals counted as the report counts them. */
    private void seed() {
        String account = caller.accountId().toString();
        db.sql("""
                INSERT INTO account_settings (account_id, operator_id, environment, timezone, default_currency,
                       settings, event_time)
                VALUES (:account, :operator, 'test', 'Europe/London', 'GBP', '{}', now())
                """).bind("account", caller.accountId()).bind("operator", caller.operatorId()).then().block();
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                SELECT CAST(:account AS uuid), md5(:account || ' site ' || n)::uuid, 'site',
                       jsonb_build_object('id', md5(:account || ' site ' || n)::uuid, 'object', 'site',
                               'name', 'Site ' || lpad(n::text, 3, '0')), false, now()
                  FROM generate_series(0, 199) AS n
                UNION ALL
                SELECT CAST(:account AS uuid), md5(:account || ' unit type ' || n)::uuid, 'unit_type',
                       jsonb_build_object('id', md5(:account || ' unit type ' || n)::uuid, 'object', 'unit_type',
                               'site_id', md5(:account || ' site ' || (n / 10))::uuid,
                               'name', (n % 10 + 1) * 25 || ' sq ft, site ' || lpad((n / 10)::text, 3, '0')),
                       false, now()
                  FROM generate_series(0, 1999) AS n
                """).bind("account", account).then().block();
        // Deal k of day d: at site k % 200, unit type (k / 200) % 10 of that site (none for every 11th), a channel
        // or none; quoted when h < 70 and reserved when h < 40, on the day it was made.
        db.sql("""
                INSERT INTO deal_conversions (account_id, deal_id, kind, day, site_id, channel, unit_type_id,
                       counted_at)
                SELECT CAST(:account AS uuid), md5(:account || ' deal ' || d || ' ' || k)::uuid, kind, day,
                       md5(:account || ' site ' || (k % 200))::uuid,
                       (ARRAY['website', 'phone', 'email', 'walk_in', 'referral', 'other', NULL])[1 + (d + k) % 7],
                       CASE WHEN k % 11 = 0 THEN NULL
                            ELSE md5(:account || ' unit type ' || ((k % 200) * 10 + (k / 200) % 10))::uuid END,
                       now()
                  FROM generate_series(0, 1095) AS d, generate_series(0, 599) AS k,
                       LATERAL (SELECT CAST(:today AS date) - d AS day, abs(hashtext(d || ' ' || k)) % 100 AS h) x,
                       LATERAL (SELECT 'quoted' AS kind WHERE h < 70 UNION ALL SELECT 'reserved' WHERE h < 40) y
                """).bind("account", account).bind("today", TODAY).then().block();
        db.sql("""
                INSERT INTO conversion_days (account_id, day, site_id, channel, unit_type_id, quoted, reserved)
                SELECT account_id, day, site_id, channel, unit_type_id, count(*) FILTER (WHERE kind = 'quoted'),
                       count(*) FILTER (WHERE kind = 'reserved')
                  FROM deal_conversions WHERE account_id = :account
                 GROUP BY account_id, day, site_id, channel, unit_type_id
                """).bind("account", caller.accountId()).then().block();
        for (String[] monthly : new String[][] {{"conversion_months_by_channel", "channel"},
                {"conversion_months_by_unit_type", "unit_type_id"}}) {
            db.sql("""
                    INSERT INTO %1$s (account_id, month, site_id, %2$s, quoted, reserved)
                    SELECT account_id, day - CAST(extract(day FROM day) AS integer) + 1, site_id, %2$s,
                           count(*) FILTER (WHERE kind = 'quoted'), count(*) FILTER (WHERE kind = 'reserved')
                      FROM deal_conversions WHERE account_id = :account
                     GROUP BY 1, 2, 3, 4
                    """.formatted(monthly[0], monthly[1])).bind("account", caller.accountId()).then().block();
            db.sql("ANALYZE " + monthly[0]).then().block();
        }
        db.sql("ANALYZE conversion_days").then().block();
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
