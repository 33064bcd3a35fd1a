package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Arrears cases kept to the customer's overdue invoices, void rule 5's effects on them, and the dunning job's steps
 * ({@code /v1/collections-cases}, the {@code dunning} job).
 */
@PlatformTest
class ArrearsCaseTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    DunningJob dunning;

    ArrearsFixtures f;

    @BeforeEach
    void setUp() {
        f = new ArrearsFixtures(client, json, db, clock, "{\"void_overdue_enabled\": true}");
        f.time.to(TODAY);
    }

    @AfterEach
    void realTime() {
        f.time.back();
    }

    @Test
    void aCaseOpensWhenAnInvoiceGoesOverdueAndItsAmountFollowsTheInvoices() {
        String first = f.invoiceDue(TODAY, 5000);
        String second = f.invoiceDue(TODAY.plusDays(2), 2000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");

        JsonNode open = f.openCase();
        assertThat(open.get("object").asString()).isEqualTo("collections_case");
        assertThat(open.get("currency").asString()).isEqualTo("GBP");
        assertThat(open.get("amount_overdue_minor").asLong()).isEqualTo(5000);
        assertThat(open.get("oldest_due_date").asString()).isEqualTo(TODAY.toString());
        assertThat(open.at("/dunning/next_action").asString()).isEqualTo("reminder");
        assertThat(open.at("/dunning/next_step_on").asString()).isEqualTo(TODAY.plusDays(3).toString());
        String id = open.get("id").asString();

        f.runOn(TODAY.plusDays(3), "invoice-overdue");
        ResourceApi.eventually(() -> f.read(id).get("amount_overdue_minor").asLong() == 7000);
        assertThat(f.read(id).get("overdue_invoice_ids").values()).extracting(JsonNode::asString)
                .containsExactly(first, second);

        f.pay(first, 5000);
        ResourceApi.eventually(() -> f.read(id).get("amount_overdue_minor").asLong() == 2000);
        assertThat(f.read(id).get("oldest_due_date").asString()).isEqualTo(TODAY.plusDays(2).toString());
        assertThat(f.cases.listedIds(f.caller, "?contact_id=" + f.customer)).containsExactly(id);
    }

    @Test
    void aPartPaymentLeavesTheRestInArrearsAndTheCaseOpen() {
        String invoice = f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();

        // The invoice reads partially_paid now (the spec's states), but what is left is as overdue as before.
        f.pay(invoice, 2000);
        ResourceApi.eventually(() -> f.read(id).get("amount_overdue_minor").asLong() == 3000);
        JsonNode open = f.read(id);
        assertThat(open.get("status").asString()).isEqualTo("open");
        assertThat(open.get("overdue_invoice_ids").values()).extracting(JsonNode::asString).containsExactly(invoice);

        f.pay(invoice, 3000);
        ResourceApi.eventually(() -> "closed".equals(f.read(id).get("status").asString()));
        assertThat(f.read(id).get("closed_reason").asString()).isEqualTo("paid");
    }

    @Test
    void aCaseClosedWithoutAStepTakenSaysNothingAndTheNextArrearsOpenANewCase() {
        String invoice = f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();

        f.pay(invoice, 5000);
        ResourceApi.eventually(() -> "closed".equals(f.read(id).get("status").asString()));
        JsonNode closed = f.read(id);
        assertThat(closed.get("closed_reason").asString()).isEqualTo("paid");
        assertThat(closed.get("amount_overdue_minor").asLong()).isZero();
        assertThat(closed.get("overdue_invoice_ids").size()).isZero();
        assertThat(f.accounts.eventTypes(id)).isEmpty();

        f.invoiceDue(TODAY.plusDays(1), 900);
        f.runOn(TODAY.plusDays(2), "invoice-overdue");
        assertThat(f.openCase().get("id").asString()).isNotEqualTo(id);
    }

    @Test
    void voidingTheLastOverdueInvoiceClosesTheCaseAndRequestsTheUnlockInTheVoidsTransaction() {
        f.agreement(TODAY);
        String invoice = f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();
        f.runOn(TODAY.plusDays(14), "dunning");
        String overlock = f.read(id).get("overlock_id").asString();
        assertThat(f.overlockStatus(overlock)).isEqualTo("requested");

        f.invoicing.invoices().action(f.caller, invoice, "void", "{}").expectStatus().isOk();

        JsonNode closed = f.read(id);
        assertThat(closed.get("status").asString()).isEqualTo("closed");
        assertThat(closed.get("closed_reason").asString()).isEqualTo("voided");
        assertThat(f.overlockStatus(overlock)).isEqualTo("release_requested");
        assertThat(f.accounts.eventTypes(overlock)).containsExactly("overlock.requested",
                "overlock.release_requested");
        assertThat(f.accounts.eventTypes(id)).endsWith("dunning.resolved");
    }

    @Test
    void voidingOneOfTwoOverdueInvoicesRefreshesTheAmountAndKeepsTheCaseOpen() {
        String first = f.invoiceDue(TODAY, 5000);
        f.invoiceDue(TODAY, 2000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        ResourceApi.eventually(() -> f.openCase().get("amount_overdue_minor").asLong() == 7000);
        String id = f.openCase().get("id").asString();

        f.invoicing.invoices().action(f.caller, first, "void", "{}").expectStatus().isOk();

        JsonNode open = f.read(id);
        assertThat(open.get("status").asString()).isEqualTo("open");
        assertThat(open.get("amount_overdue_minor").asLong()).isEqualTo(2000);
    }

    @Test
    void aCustomerWithoutARunningPlanIsInvoicedTheLateFeeAtOnceAndOnlyOnce() {
        f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();

        f.runOn(TODAY.plusDays(7), "dunning");
        f.runOn(TODAY.plusDays(8), "dunning");

        List<JsonNode> fees = f.invoicing.invoices().list(f.caller, "?contact_id=" + f.customer).get("data")
                .valueStream().filter(i -> "dunning".equals(i.get("source").asString())).toList();
        assertThat(fees).hasSize(1);
        JsonNode fee = fees.get(0);
        assertThat(fee.get("status").asString()).isEqualTo("open");
        assertThat(fee.get("total_minor").asLong()).isEqualTo(1000);
        assertThat(fee.at("/lines/0/kind").asString()).isEqualTo("fee");
        assertThat(fee.at("/lines/0/vat_treatment").asString()).isEqualTo("outside_scope");
        assertThat(f.advanced(id)).extracting(e -> e.at("/data/step/action").asString())
                .containsExactly("reminder", "late_fee");
        assertThat(f.advanced(id).get(1).at("/data/step/late_fee_minor").asLong()).isEqualTo(1000);
    }

    @Test
    void aVoidNeverWaivesALateFeeWaitingForThePlansNextInvoice() {
        String plan = f.plan(f.agreement(TODAY));
        f.runOn(TODAY, "billing-run");
        String invoice = f.invoicing.invoices().list(f.caller, "?subscription_id=" + plan).at("/data/0/id")
                .asString();
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        f.openCase();
        f.runOn(TODAY.plusDays(7), "dunning");
        assertThat(f.waiting(plan)).containsExactly("late_fee 1000 false");

        f.invoicing.invoices().action(f.caller, invoice, "void", "{}").expectStatus().isOk();

        assertThat(f.waiting(plan)).contains("late_fee 1000 false");
    }

    @Test
    void anOpenCaseKeepsTheLadderItOpenedWith() {
        f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();
        client.patch().uri("/v1/dunning-ladder")
                .header("Authorization", TestCallers.bearer(f.caller)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"steps\": [{\"days_after_due\": 1, \"action\": \"final_notice\"}]}")
                .exchange().expectStatus().isOk();

        f.runOn(TODAY.plusDays(2), "dunning");
        assertThat(f.advanced(id)).isEmpty();
        f.runOn(TODAY.plusDays(3), "dunning");
        assertThat(f.advanced(id)).extracting(e -> e.at("/data/step/action").asString()).containsExactly("reminder");
    }

    @Test
    void aCaseCreditedInFullClosesAsCreditedAndAWrittenOffOneAsResolved() {
        String credited = f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();

        f.invoicing.invoices().on("/v1/credit-notes").post(f.caller, """
                {"invoice_id": "%s", "amount_minor": 5000, "reason": "Goodwill"}
                """.formatted(credited)).expectStatus().isCreated();
        ResourceApi.eventually(() -> "closed".equals(f.read(id).get("status").asString()));
        assertThat(f.read(id).get("closed_reason").asString()).isEqualTo("credited");

        String writtenOff = f.invoiceDue(TODAY.plusDays(1), 700);
        f.runOn(TODAY.plusDays(2), "invoice-overdue");
        String next = f.openCase().get("id").asString();
        f.invoicing.invoices().action(f.caller, writtenOff, "write-off", "{\"reason\": \"Customer vanished\"}")
                .expectStatus().isOk();
        ResourceApi.eventually(() -> "closed".equals(f.read(next).get("status").asString()));
        assertThat(f.read(next).get("closed_reason").asString()).isEqualTo("resolved");
    }

    @Test
    void aCaseInAnotherCurrencyThanTheLaddersTakesTheLateFeeStepWithoutAFee() {
        String euros = f.invoicing.invoices().createId(f.caller, """
                {"contact_id": "%s", "currency": "EUR", "due_date": "%s",
                 "lines": [{"description": "Unit A12", "amount_minor": 4000, "quantity": 1}]}
                """.formatted(f.customer, TODAY));
        f.invoicing.invoices().action(f.caller, euros, "finalize", "{}").expectStatus().isOk();
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        JsonNode open = f.openCase();
        assertThat(open.get("currency").asString()).isEqualTo("EUR");

        f.runOn(TODAY.plusDays(7), "dunning");

        JsonNode lateFee = f.advanced(open.get("id").asString()).get(1);
        assertThat(lateFee.at("/data/step/action").asString()).isEqualTo("late_fee");
        assertThat(lateFee.at("/data/step/late_fee_minor").asLong()).isZero();
        assertThat(f.invoicing.invoices().list(f.caller, "?contact_id=" + f.customer).get("data").valueStream()
                .filter(i -> "dunning".equals(i.get("source").asString())).toList()).isEmpty();
    }

    @Test
    void twoRunsOfTheJobAtOnceTakeEachStepOnce() {
        f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        String id = f.openCase().get("id").asString();
        f.time.to(TODAY.plusDays(8));

        Mono.zip(dunning.run().subscribeOn(Schedulers.parallel()), dunning.run().subscribeOn(Schedulers.parallel()))
                .block();

        assertThat(f.advanced(id)).extracting(e -> e.at("/data/step/action").asString())
                .containsExactly("reminder", "late_fee");
        assertThat(f.invoicing.invoices().list(f.caller, "?contact_id=" + f.customer).get("data").valueStream()
                .filter(i -> "dunning".equals(i.get("source").asString())).toList()).hasSize(1);
    }
}
