package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 18's journey at service level: a customer's plan invoice goes overdue; the dunning job, run every day, takes
 * each step of the default ladder on its day (reminder, a late fee on the plan's next invoice, an overlock, the final
 * notice) with a {@code dunning.advanced} each; then the customer pays: the case closes ({@code dunning.resolved}),
 * the overlock's release is requested, and {@code overlock.released} follows the lock system's confirmation.
 */
@PlatformTest
class DunningJourneyTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    ArrearsFixtures f;

    @BeforeEach
    void setUp() {
        f = new ArrearsFixtures(client, json, db, clock, "{}");
        f.time.to(TODAY);
    }

    @AfterEach
    void realTime() {
        f.time.back();
    }

    @Test
    void fromAMissedPaymentThroughEveryStepToOverlockThenPaidAndUnlocked() {
        String plan = f.plan(f.agreement(TODAY));
        f.runOn(TODAY, "billing-run");
        JsonNode first = f.invoicing.invoices().list(f.caller, "?subscription_id=" + plan).at("/data/0");
        String invoice = first.get("id").asString();
        assertThat(first.get("due_date").asString()).isEqualTo(TODAY.toString());

        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();

        for (int day = 1; day <= 25; day++) {
            f.runOn(TODAY.plusDays(day), "dunning");
            int taken = f.advanced(id).size();
            int expected = day >= 21 ? 4 : day >= 14 ? 3 : day >= 7 ? 2 : day >= 3 ? 1 : 0;
            assertThat(taken).as("steps taken by day %d", day).isEqualTo(expected);
        }

        List<JsonNode> advanced = f.advanced(id);
        assertThat(advanced).extracting(e -> e.at("/data/step/action").asString())
                .containsExactly("reminder", "late_fee", "overlock", "final_notice");
        assertThat(advanced).extracting(e -> e.at("/data/step/index").asInt()).containsExactly(0, 1, 2, 3);
        assertThat(advanced).extracting(e -> e.at("/data/step/days_after_due").asInt())
                .containsExactly(3, 7, 14, 21);
        assertThat(advanced.get(1).at("/data/step/late_fee_minor").asLong()).isEqualTo(1000);
        assertThat(advanced.get(0).at("/data/amount_overdue_minor").asLong()).isEqualTo(3100);
        assertThat(advanced.get(3).at("/data/dunning/step_index").asInt()).isEqualTo(3);
        assertThat(advanced.get(3).at("/data/dunning/next_step_index").isNull()).isTrue();
        assertThat(f.waiting(plan)).containsExactly("late_fee 1000 false");

        JsonNode dunned = f.read(id);
        String overlock = dunned.get("overlock_id").asString();
        assertThat(dunned.at("/dunning/action").asString()).isEqualTo("final_notice");
        JsonNode lock = f.overlocks.read(f.caller, overlock);
        assertThat(lock.get("status").asString()).isEqualTo("requested");
        assertThat(lock.get("reason").asString()).isEqualTo("arrears");
        assertThat(lock.get("case_id").asString()).isEqualTo(id);
        f.lockReport("access_lock.confirmed", overlock, "apply");
        ResourceApi.eventually(() -> "applied".equals(f.overlockStatus(overlock)));

        f.runOn(TODAY.plusMonths(1), "billing-run");
        JsonNode next = f.invoicing.invoices().list(f.caller, "?subscription_id=" + plan).at("/data/0");
        assertThat(next.get("id").asString()).isNotEqualTo(invoice);
        assertThat(next.get("lines").valueStream().filter(l -> "Late payment fee".equals(
                l.get("description").asString())).toList()).singleElement()
                .satisfies(l -> assertThat(l.get("total_minor").asLong()).isEqualTo(1000));
        assertThat(f.waiting(plan)).containsExactly("late_fee 1000 true");

        f.pay(invoice, 3100);
        ResourceApi.eventually(() -> "closed".equals(f.read(id).get("status").asString()));
        assertThat(f.read(id).get("closed_reason").asString()).isEqualTo("paid");
        assertThat(f.accounts.eventTypes(id)).containsExactly("dunning.advanced", "dunning.advanced",
                "dunning.advanced", "dunning.advanced", "dunning.resolved");
        assertThat(f.overlockStatus(overlock)).isEqualTo("release_requested");

        f.lockReport("access_lock.confirmed", overlock, "release");
        ResourceApi.eventually(() -> "released".equals(f.overlockStatus(overlock)));
        assertThat(f.accounts.eventTypes(overlock)).containsExactly("overlock.requested", "overlock.applied",
                "overlock.release_requested", "overlock.released");

        f.runOn(TODAY.plusMonths(1).plusDays(1), "dunning");
        assertThat(f.accounts.eventTypes(id)).hasSize(5);
    }
}
