package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * A plan through its life: a voided invoice's charges back on the next (void rule 5), {@code past_due} from an
 * overdue invoice and back, cover and agreement changes from commerce's events, and {@code cancel}.
 */
@PlatformTest
class PlanLifecycleTest extends PlanRunTest {

    String status(String planId) {
        return f.api.read(f.caller, planId).get("status").asString();
    }

    @Test
    void aVoidedPlanInvoicesChargesGoBackOnThePlansNextInvoice() {
        String id = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();
        run();
        String first = invoicesOf(id).get(0).get("id").asString();

        invoices.action(f.caller, first, "void", "{}").expectStatus().isOk();
        clockAt(TODAY.plusMonths(1));
        run();

        JsonNode next = invoicesOf(id).get(1);
        assertThat(next.get("total_minor").asLong()).isEqualTo(6200);
        assertThat(next.get("lines")).extracting(l -> l.get("description").asString()).containsExactly(
                "Licence fee 2027-04-10 to 2027-05-09", "Licence fee 2027-03-10 to 2027-04-09");
    }

    @Test
    void aVoidedInvoiceOfAnEndedPlanPutsNothingBack() {
        String id = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();
        run();
        String first = invoicesOf(id).get(0).get("id").asString();
        f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-04-09\"}").expectStatus().isOk();
        clockAt(TODAY.plusMonths(1));
        run();
        assertThat(status(id)).isEqualTo("ended");

        invoices.action(f.caller, first, "void", "{}").expectStatus().isOk();

        assertThat(db.sql("SELECT count(*) FROM subscription_waiting_charges WHERE subscription_id = :id")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, Long.class)).one().block()).isZero();
    }

    @Test
    void aPlanIsPastDueWhileAnInvoiceIsOverdueAndActiveWhenNoneIs() {
        String id = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();
        run();
        String invoice = invoicesOf(id).get(0).get("id").asString();

        clockAt(TODAY.plusDays(3));
        runJob("invoice-overdue");
        ResourceApi.eventually(() -> "past_due".equals(status(id)));

        client.post().uri("/v1/payments").header("Authorization", TestCallers.bearer(f.caller))
                .header("Idempotency-Key", "key-" + Ids.newId()).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("""
                        {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s",
                         "amount_minor": 3100, "currency": "GBP"}
                        """.formatted(invoice))
                .exchange().expectStatus().isCreated();
        ResourceApi.eventually(() -> "active".equals(status(id)));
    }

    void runJob(String name) {
        client.post().uri("/internal/jobs/" + name + "/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk();
    }

    @Test
    void coverFromCommerceIsBilledOnThePlanWithItsIpt() {
        UUID agreement = f.agreement(TODAY, 3100);
        String id = f.monthlyPlan(agreement, "").get("id").asString();
        UUID product = f.bookings.coverageProduct(f.caller, "insurance", "per_thousand", null, 150L, 100_000L);
        UUID cover = Ids.newId();

        TestEvents.publish("commerce.events", "cover.started", f.caller.accountId(),
                cover(cover, product, agreement, 1_000_000L, TODAY.toString(), null));
        ResourceApi.eventually(() -> f.api.read(f.caller, id).get("items").size() == 2);
        run();

        JsonNode invoice = invoicesOf(id).get(0);
        assertThat(invoice.get("total_minor").asLong()).isEqualTo(3100 + 1500);
        JsonNode insurance = invoice.get("lines").get(1);
        assertThat(insurance.get("kind").asString()).isEqualTo("insurance");
        assertThat(insurance.get("ipt_minor").asLong()).isPositive();
        assertThat(invoice.get("ipt_minor").asLong()).isEqualTo(insurance.get("ipt_minor").asLong());

        TestEvents.publish("commerce.events", "cover.changed", f.caller.accountId(),
                cover(cover, product, agreement, 2_000_000L, TODAY.toString(), null));
        ResourceApi.eventually(() -> f.api.read(f.caller, id).get("items").get(1).get("amount_minor").asLong()
                == 3000);
    }

    static Map<String, Object> cover(UUID id, UUID product, UUID agreement, Long coverMinor, String startsOn,
            String endsOn) {
        Map<String, Object> cover = new LinkedHashMap<>();
        cover.put("object", "cover");
        cover.put("id", id.toString());
        cover.put("coverage_product_id", product.toString());
        cover.put("agreement_id", agreement.toString());
        cover.put("cover_minor", coverMinor);
        cover.put("currency", "GBP");
        cover.put("starts_on", startsOn);
        cover.put("ends_on", endsOn);
        return cover;
    }

    @Test
    void aNewMoveInDateMovesAPlanNotYetInvoiced() {
        UUID agreement = f.agreement(TODAY.plusDays(5), 3100);
        String id = f.monthlyPlan(agreement, "").get("id").asString();

        TestEvents.publish("commerce.events", "agreement.updated", f.caller.accountId(),
                Map.of("id", agreement.toString(), "object", "agreement", "move_in_date", TODAY.plusDays(9).toString(),
                        "status", "pending_move_in"));

        ResourceApi.eventually(() -> TODAY.plusDays(9).toString()
                .equals(f.api.read(f.caller, id).get("next_billing_date").asString()));
        JsonNode plan = f.api.read(f.caller, id);
        assertThat(plan.get("start_date").asString()).isEqualTo(TODAY.plusDays(9).toString());
        assertThat(plan.get("anchor_day").asInt()).isEqualTo(19);
    }

    @Test
    void aTerminatedAgreementEndsItsPlanOnItsEndDate() {
        UUID agreement = f.agreement(TODAY, 3100);
        String id = f.monthlyPlan(agreement, "").get("id").asString();
        run();

        TestEvents.publish("commerce.events", "agreement.terminated", f.caller.accountId(),
                Map.of("id", agreement.toString(), "object", "agreement", "move_in_date", TODAY.toString(),
                        "end_date", "2027-05-20", "status", "terminated"));
        ResourceApi.eventually(() -> "cancelled".equals(status(id)));
        assertThat(f.api.read(f.caller, id).get("ends_on").asString()).isEqualTo("2027-05-20");

        for (int month = 1; month <= 3; month++) {
            clockAt(TODAY.plusMonths(month));
            run();
        }

        assertThat(invoicesOf(id)).extracting(i -> i.get("description").asString()).containsExactly(
                "Storage 2027-03-10 to 2027-04-09", "Storage 2027-04-10 to 2027-05-09",
                "Storage 2027-05-10 to 2027-05-20");
        // 11 of 31 days.
        assertThat(invoicesOf(id).get(2).get("total_minor").asLong()).isEqualTo(1100);
        assertThat(status(id)).isEqualTo("ended");
        assertThat(f.accounts.eventTypes(id)).contains("subscription.cancelled");
    }

    @Test
    void cancelValidatesTheEffectiveDate() {
        String id = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();

        assertThat(f.api.issues(f.api.action(f.caller, id, "cancel", "{}"), 422))
                .containsExactly("effective_date required");
        assertThat(f.api.issues(f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"0000-03-01\"}"), 422))
                .containsExactly("effective_date invalid");
        assertThat(f.api.issues(f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-03-09\"}"), 422))
                .containsExactly("effective_date below_minimum");
        assertThat(status(id)).isEqualTo("active");
        assertThat(f.accounts.eventTypes(id)).containsExactly("subscription.created");
    }

    @Test
    void cancelBillsTheWaitingChargesAtOnceAndEndsCoverOnTheLastDayStillInvoiced() {
        UUID agreement = f.agreement(TODAY, 3100);
        UUID product = f.bookings.coverageProduct(f.caller, "waiver", "fixed_level", 600L, null, null);
        Map<String, Object> cover = cover(Ids.newId(), product, agreement, null, TODAY.toString(), null);
        f.bookings.record(f.caller, agreement, "agreement", Map.of("id", agreement.toString(), "object",
                "agreement", "contact_id", f.customer.toString(), "site_id", f.site.toString(), "unit_type_id",
                f.unitType.toString(), "licence_fee_minor", 3100, "currency", "GBP", "move_in_date", TODAY.toString(),
                "status", "active", "cover", cover));
        String id = f.monthlyPlan(agreement, "").get("id").asString();
        run();
        String first = invoicesOf(id).get(0).get("id").asString();
        invoices.action(f.caller, first, "void", "{}").expectStatus().isOk();
        clockAt(TODAY.plusMonths(1));
        run();

        JsonNode cancelled = f.api.body(f.api.action(f.caller, id, "cancel",
                "{\"effective_date\": \"2027-04-20\"}").expectStatus().isOk()).get("data");

        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("ends_on").asString()).isEqualTo("2027-04-20");
        assertThat(cancelled.get("items").get(1).get("item_type").asString()).isEqualTo("waiver");
        assertThat(cancelled.get("items").get(1).get("ends_on").asString()).isEqualTo("2027-05-09");
        assertThat(f.accounts.eventTypes(id)).endsWith("subscription.cancelled");
        assertThat(f.api.errorCode(f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-04-21\"}"),
                409)).isEqualTo("conflict");
    }

    @Test
    void cancelBillsChargesWaitingForTheNextInvoiceOnAnInvoiceOfTheirOwn() {
        String id = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();
        run();
        invoices.action(f.caller, invoicesOf(id).get(0).get("id").asString(), "void", "{}").expectStatus().isOk();

        f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-04-09\"}").expectStatus().isOk();

        List<JsonNode> billed = invoicesOf(id);
        assertThat(billed).hasSize(2);
        assertThat(billed.get(1).get("total_minor").asLong()).isEqualTo(3100);
        assertThat(billed.get(1).get("lines").get(0).get("description").asString())
                .isEqualTo("Licence fee 2027-03-10 to 2027-04-09");
        clockAt(TODAY.plusMonths(1));
        job.run().block();
        assertThat(invoicesOf(id)).hasSize(2);
        assertThat(status(id)).isEqualTo("ended");
    }

    void lateFee(String planId, long amountMinor) {
        db.sql("""
                INSERT INTO subscription_waiting_charges (account_id, id, subscription_id, kind, description, quantity,
                       amount_minor, vat_treatment, created_at)
                VALUES (:account, :id, :plan, 'late_fee', 'Late payment fee', 1, :amount, 'outside_scope', now())
                """)
                .bind("account", f.caller.accountId()).bind("id", Ids.newId()).bind("plan", UUID.fromString(planId))
                .bind("amount", amountMinor)
                .then().block();
    }

    @Test
    void cancelBillsLateFeesNoOtherPlanOfTheAgreementWillBill() {
        String alone = f.monthlyPlan(f.agreement(TODAY, 3100), "").get("id").asString();
        lateFee(alone, 1500);

        f.api.action(f.caller, alone, "cancel", "{\"effective_date\": \"2027-04-09\"}").expectStatus().isOk();

        JsonNode own = invoicesOf(alone).get(0);
        assertThat(own.get("total_minor").asLong()).isEqualTo(1500);
        assertThat(own.get("lines").get(0).get("kind").asString()).isEqualTo("fee");
    }

    @Test
    void cancelLeavesLateFeesToAnotherRunningPlanOfTheAgreement() {
        UUID agreement = f.agreement(TODAY, 3100);
        String first = f.monthlyPlan(agreement, "").get("id").asString();
        String second = f.monthlyPlan(agreement, ", \"items\": [{\"item_type\": \"fee\", "
                + "\"description\": \"Alarm\", \"amount_minor\": 500}]").get("id").asString();
        lateFee(first, 1500);

        f.api.action(f.caller, first, "cancel", "{\"effective_date\": \"2027-04-09\"}").expectStatus().isOk();
        assertThat(invoicesOf(first)).isEmpty();
        run();

        JsonNode next = invoicesOf(second).get(0);
        assertThat(next.get("total_minor").asLong()).isEqualTo(500 + 1500);
    }
}
