package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A price increase across the billing run: the plan's licence fee moves on the effective date only, a period that
 * started before it keeps the old price (billed in advance), the first period starting on or after it bills the new
 * one, exactly once however often the run repeats; a plan caught up bills each period at the price on its first
 * day; an increase dated after the plan's last day is cancelled instead.
 */
@PlatformTest
class PriceIncreaseRunTest extends PlanRunTest {

    @Test
    void aPriceIncreaseAcrossABillingRunBillsTheOldPriceBeforeTheEffectiveDateAndTheNewOneFromIt() {
        String id = plan();
        run();
        String increase = schedule(id, "{\"amount_minor\": 6500, \"effective_date\": \"2027-05-01\"}");

        on(LocalDate.of(2027, 4, 1));
        on(LocalDate.of(2027, 4, 30));
        assertThat(f.api.read(f.caller, id).get("amount_minor").asLong()).isEqualTo(6200);
        assertThat(status(increase)).isEqualTo("scheduled");
        on(LocalDate.of(2027, 5, 1));
        on(LocalDate.of(2027, 5, 1));
        on(LocalDate.of(2027, 6, 1));

        assertThat(licenceFees(id)).containsExactly(
                // 22 of March's 31 days: 6200 x 22 / 31 = 4400.
                "Licence fee 2027-03-10 to 2027-03-31 4400",
                "Licence fee 2027-04-01 to 2027-04-30 6200",
                "Licence fee 2027-05-01 to 2027-05-31 6500",
                "Licence fee 2027-06-01 to 2027-06-30 6500");
        JsonNode applied = increases().read(f.caller, increase);
        assertThat(applied.get("status").asString()).isEqualTo("applied");
        assertThat(applied.get("applied_at").asString()).startsWith("2027-05-01T");
        assertThat(f.api.read(f.caller, id).get("amount_minor").asLong()).isEqualTo(6500);
        assertThat(f.accounts.eventTypes(increase)).containsExactly("price_increase.scheduled",
                "price_increase.applied");
        List<JsonNode> updates = f.accounts.events(id).stream()
                .filter(event -> "subscription.updated".equals(event.get("type").asString())).toList();
        assertThat(updates).anySatisfy(event -> assertThat(event.get("data").get("amount_minor").asLong())
                .isEqualTo(6500));
    }

    @Test
    void aPeriodStraddlingTheEffectiveDateKeepsTheOldPriceAndTheFeeMovesOnThatDayOnly() {
        String id = plan();
        run();
        String increase = schedule(id, "{\"amount_minor\": 6500, \"effective_date\": \"2027-04-15\"}");

        on(LocalDate.of(2027, 4, 1));
        on(LocalDate.of(2027, 4, 14));
        assertThat(f.api.read(f.caller, id).get("amount_minor").asLong()).isEqualTo(6200);
        on(LocalDate.of(2027, 4, 15));
        assertThat(f.api.read(f.caller, id).get("amount_minor").asLong()).isEqualTo(6500);
        assertThat(status(increase)).isEqualTo("applied");
        on(LocalDate.of(2027, 5, 1));

        assertThat(licenceFees(id)).containsExactly(
                "Licence fee 2027-03-10 to 2027-03-31 4400",
                "Licence fee 2027-04-01 to 2027-04-30 6200",
                "Licence fee 2027-05-01 to 2027-05-31 6500");
    }

    @Test
    void aPlanCaughtUpBillsEachPeriodAtThePriceInForceOnItsFirstDay() {
        String id = plan();
        run();
        String increase = schedule(id, "{\"increase_minor\": 300, \"effective_date\": \"2027-05-01\"}");

        on(LocalDate.of(2027, 6, 2));
        on(LocalDate.of(2027, 6, 2));

        assertThat(licenceFees(id)).containsExactly(
                "Licence fee 2027-03-10 to 2027-03-31 4400",
                "Licence fee 2027-04-01 to 2027-04-30 6200",
                "Licence fee 2027-05-01 to 2027-05-31 6500",
                "Licence fee 2027-06-01 to 2027-06-30 6500");
        assertThat(f.accounts.eventTypes(increase)).containsExactly("price_increase.scheduled",
                "price_increase.applied");
    }

    @Test
    void twoRunsAtOnceOnTheEffectiveDateApplyEachIncreaseOnce() {
        List<String> plans = new ArrayList<>();
        List<String> increases = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String id = plan();
            plans.add(id);
            increases.add(schedule(id, "{\"amount_minor\": 6500, \"effective_date\": \"2027-04-15\"}"));
        }
        clockAt(LocalDate.of(2027, 4, 15));

        Mono.zip(job.run(), job.run()).block();

        for (int i = 0; i < plans.size(); i++) {
            assertThat(f.accounts.eventTypes(increases.get(i))).containsExactly("price_increase.scheduled",
                    "price_increase.applied");
            assertThat(f.api.read(f.caller, plans.get(i)).get("amount_minor").asLong()).isEqualTo(6500);
        }
    }

    @Test
    void anIncreaseDatedAfterThePlansLastDayIsCancelledNotApplied() {
        String id = plan();
        run();
        String increase = schedule(id, "{\"amount_minor\": 6500, \"effective_date\": \"2027-05-01\"}");
        f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-04-30\"}").expectStatus().isOk();

        on(LocalDate.of(2027, 4, 1));
        on(LocalDate.of(2027, 5, 1));

        assertThat(status(increase)).isEqualTo("cancelled");
        JsonNode plan = f.api.read(f.caller, id);
        assertThat(plan.get("status").asString()).isEqualTo("ended");
        assertThat(plan.get("amount_minor").asLong()).isEqualTo(6200);
        assertThat(f.accounts.eventTypes(increase)).containsExactly("price_increase.scheduled",
                "price_increase.cancelled");
    }

    @Test
    void anIncreaseOfAPlanNotYetBillingMovesItsFeeOnTheDateAndItsFirstPeriodBillsIt() {
        String id = f.monthlyPlan(f.agreement(LocalDate.of(2027, 5, 10), 6200), ", \"anchor_day\": 1").get("id")
                .asString();
        String increase = schedule(id, "{\"amount_minor\": 6820, \"effective_date\": \"2027-05-01\"}");

        on(LocalDate.of(2027, 5, 1));
        assertThat(status(increase)).isEqualTo("applied");
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("pending");
        on(LocalDate.of(2027, 5, 10));

        // 22 of May's 31 days: 6820 x 22 / 31 = 4840.
        assertThat(licenceFees(id)).containsExactly("Licence fee 2027-05-10 to 2027-05-31 4840");
    }

    private String plan() {
        return f.monthlyPlan(f.agreement(TODAY, 6200), ", \"anchor_day\": 1").get("id").asString();
    }

    private void on(LocalDate day) {
        clockAt(day);
        run();
    }

    private String schedule(String planId, String body) {
        return f.api.body(f.api.action(f.caller, planId, "price-increases", body).expectStatus().isCreated())
                .get("data").get("id").asString();
    }

    private String status(String increase) {
        return increases().read(f.caller, increase).get("status").asString();
    }

    private com.storageplatform.billing.support.BillingApi increases() {
        return f.api.on("/v1/price-increases");
    }

    /** Each invoice's licence-fee line: its description and total. */
    private List<String> licenceFees(String planId) {
        return invoicesOf(planId).stream().map(invoice -> invoice.get("lines").get(0))
                .map(line -> line.get("description").asString() + " " + line.get("total_minor").asLong()).toList();
    }
}
