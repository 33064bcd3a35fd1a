package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/subscriptions/{id}/price-increases} and the reads of {@code /v1/price-increases}: what an increase
 * records, the operator's notice, the plans that cannot take one, one at a time, cancelling, the lists, and the
 * plan's fee held while one is scheduled. Today is {@link #TODAY} (10 March 2027) in London.
 */
@PlatformTest
class PriceIncreaseTest extends PlanRunTest {

    static final String DEFAULT_EARLIEST = "2027-04-07";

    @Test
    void anIncreaseRecordsTheOldAndNewPriceAndIsPublishedAtOnceLeavingThePlansPriceUntilItsDate() {
        JsonNode plan = f.monthlyPlan(f.agreement(TODAY, 6200), "");
        String id = plan.get("id").asString();

        JsonNode increase = schedule(id, "{\"increase_percent\": 4.5, \"effective_date\": \"2027-05-01\"}");

        assertThat(increase.get("object").asString()).isEqualTo("price_increase");
        assertThat(increase.get("subscription_id").asString()).isEqualTo(id);
        assertThat(increase.get("agreement_id").asString()).isEqualTo(plan.get("agreement_id").asString());
        assertThat(increase.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(increase.get("status").asString()).isEqualTo("scheduled");
        // 6200 x 4.5% = 279.
        assertThat(increase.get("old_amount_minor").asLong()).isEqualTo(6200);
        assertThat(increase.get("new_amount_minor").asLong()).isEqualTo(6479);
        assertThat(increase.get("currency").asString()).isEqualTo("GBP");
        assertThat(increase.get("effective_date").asString()).isEqualTo("2027-05-01");
        assertThat(increase.get("notice_days").asInt()).isEqualTo(28);
        assertThat(increase.get("scheduled_at").asString()).startsWith("2027-03-10T");
        assertThat(increase.get("applied_at").isNull()).isTrue();
        assertThat(increase.get("cancelled_at").isNull()).isTrue();
        String increaseId = increase.get("id").asString();
        assertThat(f.accounts.eventTypes(increaseId)).containsExactly("price_increase.scheduled");
        assertThat(f.accounts.events(increaseId).get(0).get("data").get("new_amount_minor").asLong())
                .isEqualTo(6479);
        assertThat(f.api.read(f.caller, id).get("amount_minor").asLong()).isEqualTo(6200);
        assertThat(increases().read(f.caller, increaseId)).isEqualTo(increase);
    }

    @Test
    void theEffectiveDateIsAtLeast28DaysAfterTodayByDefaultAndNothingIsWrittenWhenItIsNot() {
        String id = plan(6200);

        String message = f.api.errorMessage(post(id,
                "{\"amount_minor\": 6500, \"effective_date\": \"2027-04-06\"}"), 422, "validation_error");
        assertThat(message).contains("28 days").contains(DEFAULT_EARLIEST);
        assertThat(f.api.issues(post(id, "{\"amount_minor\": 6500, \"effective_date\": \"2027-04-06\"}")))
                .containsExactly("effective_date below_minimum");
        assertThat(listOf(id)).isEmpty();

        assertThat(schedule(id, "{\"amount_minor\": 6500, \"effective_date\": \"" + DEFAULT_EARLIEST + "\"}")
                .get("effective_date").asString()).isEqualTo(DEFAULT_EARLIEST);
    }

    @Test
    void theOperatorsNoticeSettingSetsTheEarliestDate() {
        f.accounts.settings(f.caller, "{\"price_increase_notice_days\": 14}");
        String id = plan(6200);

        assertThat(f.api.issues(post(id, "{\"increase_minor\": 300, \"effective_date\": \"2027-03-23\"}")))
                .containsExactly("effective_date below_minimum");
        JsonNode increase = schedule(id, "{\"increase_minor\": 300, \"effective_date\": \"2027-03-24\"}");
        assertThat(increase.get("notice_days").asInt()).isEqualTo(14);
        assertThat(increase.get("new_amount_minor").asLong()).isEqualTo(6500);
    }

    @Test
    void everyBadFieldIsNamedAndANewPriceMustRise() {
        String id = plan(6200);

        assertThat(f.api.issues(post(id, "{\"amount_minor\": 6000, \"increase_minor\": 0}")))
                .containsExactly("increase_minor not_allowed", "effective_date required");
        assertThat(f.api.issues(post(id, "{\"amount_minor\": 6200, \"effective_date\": \"2027-04-06\"}")))
                .containsExactly("effective_date below_minimum", "amount_minor below_minimum");
        assertThat(listOf(id)).isEmpty();
    }

    @Test
    void aCancelledPlanOrOneWithoutALicenceFeeCannotTakeAnIncrease() {
        String cancelled = plan(6200);
        f.api.action(f.caller, cancelled, "cancel", "{\"effective_date\": \"2027-06-30\"}").expectStatus().isOk();
        String noFee = f.api.createId(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "billing_interval": "month", "interval_count": 1,
                 "currency": "GBP", "items": [{"item_type": "fee", "description": "Alarm", "amount_minor": 1000}]}
                """.formatted(f.customer, f.site));

        assertThat(f.api.errorMessage(post(cancelled, later()), 409, "conflict")).contains("it is cancelled");
        assertThat(f.api.errorMessage(post(noFee, later()), 409, "conflict")).contains("no licence fee");
        assertThat(listOf(cancelled)).isEmpty();
    }

    @Test
    void aPlanTakesOneIncreaseAtATimeAndAScheduledOneCanBeCancelledOnce() {
        String id = plan(6200);
        String first = schedule(id, later()).get("id").asString();

        assertThat(f.api.errorMessage(post(id, "{\"amount_minor\": 7000, \"effective_date\": \"2027-09-01\"}"), 409,
                "conflict")).contains(first).contains("one at a time");

        JsonNode cancelled = f.api.body(cancel(id, first).expectStatus().isOk()).get("data");
        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("cancelled_at").asString()).startsWith("2027-03-10T");
        assertThat(f.accounts.eventTypes(first)).containsExactly("price_increase.scheduled",
                "price_increase.cancelled");
        assertThat(f.api.errorMessage(cancel(id, first), 409, "conflict")).contains("cancelled already");

        String second = schedule(id, "{\"amount_minor\": 7000, \"effective_date\": \"2027-09-01\"}").get("id")
                .asString();
        assertThat(listOf(id)).containsExactly(second, first);
    }

    @Test
    void anIncreaseIsCancelledOnlyThroughItsOwnPlan() {
        String id = plan(6200);
        String other = plan(5000);
        String increase = schedule(id, later()).get("id").asString();

        cancel(other, increase).expectStatus().isNotFound();
        assertThat(increases().read(f.caller, increase).get("status").asString()).isEqualTo("scheduled");
    }

    @Test
    void anotherAccountsPlanAndIncreaseAreNotFound() {
        String id = plan(6200);
        String increase = schedule(id, later()).get("id").asString();
        Caller stranger = BillingApi.newAccount();

        f.api.action(stranger, id, "price-increases", later()).expectStatus().isNotFound();
        f.api.get(stranger, "/" + id + "/price-increases").expectStatus().isNotFound();
        increases().get(stranger, "/" + increase).expectStatus().isNotFound();
        f.api.action(stranger, id, "price-increases/" + increase + "/cancel", "{}").expectStatus().isNotFound();
        assertThat(increases().listedIds(stranger, "")).isEmpty();
    }

    @Test
    void theListFiltersByPlanStatusAndEffectiveDates() {
        String a = plan(6200);
        String b = plan(5000);
        String c = plan(4000);
        String may = schedule(a, "{\"amount_minor\": 6500, \"effective_date\": \"2027-05-01\"}").get("id").asString();
        String june = schedule(b, "{\"amount_minor\": 5500, \"effective_date\": \"2027-06-01\"}").get("id")
                .asString();
        String july = schedule(c, "{\"amount_minor\": 4500, \"effective_date\": \"2027-07-01\"}").get("id")
                .asString();
        cancel(c, july).expectStatus().isOk();

        assertThat(increases().listedIds(f.caller, "")).containsExactly(july, june, may);
        assertThat(increases().listedIds(f.caller, "?subscription_id=" + b)).containsExactly(june);
        assertThat(increases().listedIds(f.caller, "?status=scheduled")).containsExactly(june, may);
        assertThat(increases().listedIds(f.caller, "?status=cancelled")).containsExactly(july);
        assertThat(increases().listedIds(f.caller, "?effective_date[gte]=2027-06-01")).containsExactly(july, june);
        assertThat(increases().listedIds(f.caller, "?effective_date[lte]=2027-06-01")).containsExactly(june, may);
        assertThat(increases().listedIds(f.caller, "?effective_date[gte]=2027-05-02&effective_date[lte]=2027-06-30"))
                .containsExactly(june);
        assertThat(f.api.issues(increases().get(f.caller, "?status=due"), 400)).containsExactly("status invalid");
        assertThat(f.api.issues(increases().get(f.caller, "?effective_date[gte]=June"), 400))
                .containsExactly("effective_date[gte] invalid");
    }

    @Test
    void whileAnIncreaseIsScheduledTheFeeAndPeriodStayButOtherTermsChange() {
        String id = plan(6200);
        String increase = schedule(id, later()).get("id").asString();

        assertThat(f.api.errorMessage(f.api.patch(f.caller, id, "{\"amount_minor\": 6300}"), 409, "conflict"))
                .contains(increase);
        assertThat(f.api.errorMessage(f.api.patch(f.caller, id, "{\"interval_count\": 3}"), 409, "conflict"))
                .contains(increase);
        assertThat(f.api.updated(f.caller, id, "{\"customer_reference\": \"Unit 12\"}").get("amount_minor")
                .asLong()).isEqualTo(6200);

        cancel(id, increase).expectStatus().isOk();
        assertThat(f.api.updated(f.caller, id, "{\"amount_minor\": 6300}").get("amount_minor").asLong())
                .isEqualTo(6300);
    }

    private String plan(long fee) {
        return f.monthlyPlan(f.agreement(TODAY, fee), "").get("id").asString();
    }

    private static String later() {
        return "{\"amount_minor\": 9000, \"effective_date\": \"2027-05-01\"}";
    }

    private BillingApi increases() {
        return f.api.on("/v1/price-increases");
    }

    private WebTestClient.ResponseSpec post(String planId, String body) {
        return f.api.action(f.caller, planId, "price-increases", body);
    }

    private JsonNode schedule(String planId, String body) {
        return f.api.body(post(planId, body).expectStatus().isCreated()).get("data");
    }

    private WebTestClient.ResponseSpec cancel(String planId, String increaseId) {
        return f.api.action(f.caller, planId, "price-increases/" + increaseId + "/cancel", "{}");
    }

    private List<String> listOf(String planId) {
        return f.api.listedIds(f.caller, "/" + planId + "/price-increases");
    }
}
