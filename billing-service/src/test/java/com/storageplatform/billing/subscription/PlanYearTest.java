package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A plan run through a year by moving the platform clock: monthly invoices, a move to quarterly billing in June, and
 * a renewal-date move in October. Every invoice's lines and totals are checked against a table worked out by hand
 * (docs/api/subscriptions.md, "A year of a plan", shows the same working).
 */
@PlatformTest
class PlanYearTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    TimeTravel time;

    @Autowired
    BillingRunJob job;

    @AfterEach
    void resetClock() {
        time.back();
    }

    void on(LocalDate day) {
        time.to(day, java.time.LocalTime.of(9, 0));
        job.run().block();
    }

    /** One invoice as the table has it: its description, then each line's amount (VAT included), then its total. */
    record Row(String description, long licenceFee, long alarm, long total) {
    }

    @org.junit.jupiter.api.BeforeEach
    void setUp() {
        time = new TimeTravel(clock);
    }

    @Test
    void aYearOfInvoicesWithAnIntervalChangeAndARenewalDateMove() {
        on(LocalDate.of(2027, 1, 4));
        PlanFixtures f = new PlanFixtures(client, json, db);
        BillingApi invoices = f.api.on("/v1/invoices");
        String id = f.api.create(f.caller, f.body(f.agreement(LocalDate.of(2027, 1, 15), 6200), """
                , "anchor_day": 1, "items": [{"item_type": "licence_fee"},
                  {"item_type": "fee", "description": "Alarm monitoring", "amount_minor": 1000}]""")).get("id")
                .asString();

        on(LocalDate.of(2027, 1, 15));
        for (int month = 2; month <= 6; month++) {
            on(LocalDate.of(2027, month, 1));
        }
        // Quarterly from July: the alarm's own monthly price is converted (x3); the licence fee moves only by the
        // amount sent with the change.
        on(LocalDate.of(2027, 6, 15));
        f.api.patch(f.caller, id, "{\"interval_count\": 3, \"amount_minor\": 18600}").expectStatus().isOk();
        for (int month = 7; month <= 12; month++) {
            on(LocalDate.of(2027, month, 1));
        }
        on(LocalDate.of(2027, 10, 5));
        JsonNode moved = f.api.body(f.api.action(f.caller, id, "renewal-date",
                "{\"next_billing_date\": \"2028-01-15\"}").expectStatus().isOk()).get("data");
        assertThat(moved.get("pending_renewal_change").get("bridge_days").asLong()).isEqualTo(14);
        assertThat(moved.get("pending_renewal_change").get("bridge_amount_minor").asLong()).isEqualTo(2862 + 462);
        on(LocalDate.of(2028, 1, 1));
        on(LocalDate.of(2028, 1, 15));

        List<JsonNode> billed = new ArrayList<>();
        invoices.list(f.caller, "?subscription_id=" + id + "&limit=100").get("data").forEach(billed::add);
        Collections.reverse(billed);
        List<Row> rows = billed.stream().map(i -> new Row(i.get("description").asString(),
                i.get("lines").get(0).get("total_minor").asLong(), i.get("lines").get(1).get("total_minor").asLong(),
                i.get("total_minor").asLong())).toList();
        assertThat(rows).containsExactly(
                // 17 of January's 31 days: 6200 x 17 / 31 = 3400; 1000 x 17 / 31 = 548.39.
                new Row("Storage 2027-01-15 to 2027-01-31", 3400, 548, 3948),
                new Row("Storage 2027-02-01 to 2027-02-28", 6200, 1000, 7200),
                new Row("Storage 2027-03-01 to 2027-03-31", 6200, 1000, 7200),
                new Row("Storage 2027-04-01 to 2027-04-30", 6200, 1000, 7200),
                new Row("Storage 2027-05-01 to 2027-05-31", 6200, 1000, 7200),
                new Row("Storage 2027-06-01 to 2027-06-30", 6200, 1000, 7200),
                new Row("Storage 2027-07-01 to 2027-09-30", 18600, 3000, 21600),
                new Row("Storage 2027-10-01 to 2027-12-31", 18600, 3000, 21600),
                // The bridge: 14 of the 91 days of the quarter from 1 January 2028 (a leap year):
                // 18600 x 14 / 91 = 2861.54; 3000 x 14 / 91 = 461.54.
                new Row("Renewal date move 2028-01-01 to 2028-01-14", 2862, 462, 3324),
                new Row("Storage 2028-01-15 to 2028-04-14", 18600, 3000, 21600));
        JsonNode plan = f.api.read(f.caller, id);
        assertThat(plan.get("next_billing_date").asString()).isEqualTo("2028-04-15");
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(15);
        assertThat(plan.get("pending_renewal_change").isNull()).isTrue();
    }
}
