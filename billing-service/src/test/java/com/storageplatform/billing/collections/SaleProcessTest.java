package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lien sales ({@code /v1/sale-processes}): opened only once the customer's arrears case took its ladder's last
 * step, the debt's invoices held in the sale (a void refused with {@code invoice_debt_in_sale}) and the unit kept
 * locked while it is open, the notices sent on their days once each, the sale's proceeds against the debt with a
 * surplus or a shortfall, closed by the operator or by the customer paying, and no {@code sale_process.*} event
 * ever public.
 */
@PlatformTest
class SaleProcessTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);
    /** The day the default ladder's last step (the final notice, 21 days after the due date) is taken. */
    static final LocalDate LAST_STEP_DAY = TODAY.plusDays(21);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    ArrearsFixtures f;
    BillingApi sales;
    UUID agreement;
    String invoice;

    @BeforeEach
    void setUp() {
        f = new ArrearsFixtures(client, json, db, clock, "{\"void_overdue_enabled\": true}");
        sales = new BillingApi(client, json, "/v1/sale-processes");
        f.time.to(TODAY);
        agreement = f.agreement(TODAY.minusMonths(2));
        invoice = f.invoiceDue(TODAY, 5000);
        f.runOn(TODAY.plusDays(1), "invoice-overdue");
        f.openCase();
    }

    @AfterEach
    void realTime() {
        f.time.back();
    }

    WebTestClient.ResponseSpec open() {
        return sales.post(f.caller, "{\"agreement_id\": \"" + agreement + "\"}");
    }

    /** The ladder run to its last step and a process opened that day. */
    JsonNode opened() {
        f.runOn(LAST_STEP_DAY, "dunning");
        return sales.body(open().expectStatus().isCreated()).get("data");
    }

    List<String> eventTypes(String processId) {
        return f.accounts.eventTypes(processId);
    }

    /** How many invoices the process holds in its sale. */
    long inSale(String processId) {
        return db.sql("SELECT count(*) AS n FROM invoices WHERE in_sale_id = :id")
                .bind("id", UUID.fromString(processId)).map(row -> row.get("n", Long.class)).one().block();
    }

    WebTestClient.ResponseSpec voidInvoice() {
        return f.invoicing.invoices().action(f.caller, invoice, "void", "{}");
    }

    @Test
    void aSaleIsRefusedUntilTheArrearsCaseHasTakenItsLaddersLastStepAndTheMessageSaysWhereItIs() {
        assertThat(sales.errorMessage(open(), 409, "conflict")).contains("has taken no step");

        f.runOn(TODAY.plusDays(14), "dunning");
        assertThat(sales.errorMessage(open(), 409, "conflict"))
                .contains("is at step 2 (overlock)").contains("last step, 3 (final_notice)");
        assertThat(sales.listedIds(f.caller, "")).isEmpty();

        f.runOn(LAST_STEP_DAY, "dunning");
        JsonNode process = sales.body(open().expectStatus().isCreated()).get("data");
        assertThat(process.get("object").asString()).isEqualTo("sale_process");
        assertThat(process.get("status").asString()).isEqualTo("open");
        assertThat(process.get("agreement_id").asString()).isEqualTo(agreement.toString());
        assertThat(process.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(process.get("case_id").asString()).isEqualTo(f.openCase().get("id").asString());
        assertThat(process.get("amount_owed_minor").asLong()).isEqualTo(5000);
        assertThat(process.get("currency").asString()).isEqualTo("GBP");
        assertThat(process.get("invoice_ids").values()).extracting(JsonNode::asString).containsExactly(invoice);
        assertThat(process.get("sale_date").asString()).isEqualTo(LAST_STEP_DAY.plusDays(28).toString());
        assertThat(process.get("notices").valueStream().map(n -> n.get("kind").asString() + " "
                + n.get("due_on").asString() + " " + !n.get("sent_at").isNull()).toList())
                .containsExactly("notice_of_sale " + LAST_STEP_DAY + " true",
                        "reminder " + LAST_STEP_DAY.plusDays(21) + " false");

        assertThat(sales.errorMessage(open(), 409, "conflict")).contains("is open already for this agreement");
        assertThat(sales.listedIds(f.caller, "?status=open&agreement_id=" + agreement))
                .containsExactly(process.get("id").asString());
        assertThat(sales.listedIds(f.caller, "?contact_id=" + f.customer)).hasSize(1);
        assertThat(sales.listedIds(f.caller, "?status=sold")).isEmpty();
    }

    @Test
    void aBadOpeningNamesTheField() {
        assertThat(sales.issues(sales.post(f.caller, "{}"))).containsExactly("agreement_id required");
        assertThat(sales.issues(sales.post(f.caller, "{\"agreement_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("agreement_id not_found");
    }

    @Test
    void whileOpenAVoidOfItsInvoicesIsRefusedAndTheUnitStaysLockedAfterAWithdrawalTheVoidIsAllowed() {
        JsonNode process = opened();
        String id = process.get("id").asString();
        String overlock = f.openCase().get("overlock_id").asString();

        JsonNode refused = f.invoicing.invoices().body(voidInvoice().expectStatus().isEqualTo(409)).get("error");
        assertThat(refused.at("/details/0/issue").asString()).isEqualTo("invoice_debt_in_sale");
        assertThat(f.invoicing.invoices().errorMessage(f.invoicing.invoices().action(f.caller, invoice,
                "write-off", "{\"reason\": \"Gone away\"}"), 409, "conflict")).contains("sale");
        assertThat(f.overlockStatus(overlock)).isEqualTo("requested");

        assertThat(sales.issues(sales.action(f.caller, id, "close", "{\"reason\": \"paid\"}")))
                .containsExactly("reason not_allowed");
        JsonNode closed = sales.body(sales.action(f.caller, id, "close", "{\"reason\": \"withdrawn\"}")
                .expectStatus().isOk()).get("data");
        assertThat(closed.get("status").asString()).isEqualTo("closed");
        assertThat(closed.get("closed_reason").asString()).isEqualTo("withdrawn");
        assertThat(closed.get("amount_owed_minor").asLong()).isEqualTo(5000);
        assertThat(closed.get("closed_at").isNull()).isFalse();
        assertThat(f.overlockStatus(overlock)).isEqualTo("requested");
        assertThat(sales.errorMessage(sales.action(f.caller, id, "close", "{\"reason\": \"withdrawn\"}"), 409,
                "conflict")).contains("closed already");

        voidInvoice().expectStatus().isOk();
        assertThat(eventTypes(id)).containsExactly("sale_process.opened", "sale_process.notice_due",
                "sale_process.closed");
    }

    @Test
    void eachNoticeIsPublishedOnItsDayOnceWithTheSumOwedAndTheSaleDate() {
        String id = opened().get("id").asString();
        LocalDate saleDate = LAST_STEP_DAY.plusDays(28);
        assertThat(eventTypes(id)).containsExactly("sale_process.opened", "sale_process.notice_due");
        f.runOn(LAST_STEP_DAY, "dunning");

        f.runOn(saleDate.minusDays(8), "dunning");
        assertThat(eventTypes(id)).hasSize(2);
        f.runOn(saleDate.minusDays(7), "dunning");
        f.runOn(saleDate.minusDays(7), "dunning");
        f.runOn(saleDate.minusDays(2), "dunning");
        assertThat(eventTypes(id)).containsExactly("sale_process.opened", "sale_process.notice_due",
                "sale_process.notice_due");

        List<JsonNode> notices = f.accounts.events(id).stream()
                .filter(e -> "sale_process.notice_due".equals(e.get("type").asString())).toList();
        assertThat(notices).extracting(e -> e.at("/data/notice/kind").asString())
                .containsExactly("notice_of_sale", "reminder");
        for (JsonNode notice : notices) {
            assertThat(notice.at("/data/amount_owed_minor").asLong()).isEqualTo(5000);
            assertThat(notice.at("/data/currency").asString()).isEqualTo("GBP");
            assertThat(notice.at("/data/sale_date").asString()).isEqualTo(saleDate.toString());
            assertThat(notice.at("/data/contact_id").asString()).isEqualTo(f.customer.toString());
        }
        assertThat(sales.read(f.caller, id).at("/notices/1/sent_at").isNull()).isFalse();
    }

    @Test
    void theOperatorsSaleNoticeSettingsSetTheSaleDateAndTheReminders() {
        JsonNode ladder = sales.body(client.patch().uri("/v1/dunning-ladder")
                .header("Authorization", TestCallers.bearer(f.caller))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"sale_notice\": {\"notice_days\": 14, \"reminder_days_before\": [2, 7]}}")
                .exchange().expectStatus().isOk()).get("data");
        assertThat(ladder.at("/sale_notice/notice_days").asInt()).isEqualTo(14);
        assertThat(ladder.at("/sale_notice/reminder_days_before").values()).extracting(JsonNode::asInt)
                .containsExactly(7, 2);

        JsonNode process = opened();
        assertThat(process.get("sale_date").asString()).isEqualTo(LAST_STEP_DAY.plusDays(14).toString());
        assertThat(process.get("notices").valueStream().map(n -> n.get("due_on").asString()).toList())
                .containsExactly(LAST_STEP_DAY.toString(), LAST_STEP_DAY.plusDays(7).toString(),
                        LAST_STEP_DAY.plusDays(12).toString());

        JsonNode reset = sales.body(client.patch().uri("/v1/dunning-ladder")
                .header("Authorization", TestCallers.bearer(f.caller))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"sale_notice\": null}").exchange().expectStatus().isOk()).get("data");
        assertThat(reset.at("/sale_notice/notice_days").asInt()).isEqualTo(28);
        assertThat(sales.read(f.caller, process.get("id").asString()).get("sale_date").asString())
                .as("an open process keeps its dates").isEqualTo(LAST_STEP_DAY.plusDays(14).toString());
    }

    @Test
    void aSaleBeforeTheSaleDateIsRefusedAndProceedsAboveTheDebtLeaveASurplusOwedToTheCustomer() {
        String id = opened().get("id").asString();
        LocalDate saleDate = LAST_STEP_DAY.plusDays(28);
        f.time.to(saleDate);

        assertThat(sales.errorMessage(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": 8000}""".formatted(saleDate.minusDays(1))), 409, "conflict"))
                .contains("will not be sold before " + saleDate);
        assertThat(sales.issues(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": -1}""".formatted(saleDate.plusDays(1)))))
                .containsExactly("proceeds_minor below_minimum");
        assertThat(sales.issues(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": 1}""".formatted(saleDate.plusDays(1)))))
                .containsExactly("sold_on above_maximum");

        JsonNode sold = sales.body(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": 8000}""".formatted(saleDate)).expectStatus().isOk())
                .get("data");
        assertThat(sold.get("status").asString()).isEqualTo("sold");
        assertThat(sold.get("sold_on").asString()).isEqualTo(saleDate.toString());
        assertThat(sold.get("proceeds_minor").asLong()).isEqualTo(8000);
        assertThat(sold.get("amount_owed_minor").asLong()).isEqualTo(5000);
        assertThat(sold.get("surplus_minor").asLong()).isEqualTo(3000);
        assertThat(sold.get("shortfall_minor").asLong()).isEqualTo(0);

        JsonNode paid = f.invoicing.read(f.caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        JsonNode payment = f.invoicing.invoices().on("/v1/payments")
                .list(f.caller, "?invoice_id=" + invoice).at("/data/0");
        assertThat(payment.get("rail").asString()).isEqualTo("offline");
        assertThat(payment.get("offline_method").asString()).isEqualTo("other");
        assertThat(payment.get("reference").asString()).isEqualTo("Lien sale " + id);
        assertThat(payment.get("amount_minor").asLong()).isEqualTo(5000);

        ResourceApi.eventually(() -> f.cases.listedIds(f.caller, "?status=open").isEmpty());
        assertThat(sales.read(f.caller, id).get("status").asString()).isEqualTo("sold");
        assertThat(eventTypes(id)).containsExactly("sale_process.opened", "sale_process.notice_due",
                "sale_process.sold");
        assertThat(sales.errorMessage(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": 1}""".formatted(saleDate)), 409, "conflict"))
                .contains("sold already");
    }

    @Test
    void proceedsBelowTheDebtPayItOldestInvoiceFirstAndTheShortfallStaysOwed() {
        String caseId = f.openCase().get("id").asString();
        String later = f.invoiceDue(TODAY.plusDays(2), 2000);
        f.runOn(TODAY.plusDays(3), "invoice-overdue");
        ResourceApi.eventually(() -> f.read(caseId).get("amount_overdue_minor").asLong() == 7000);
        JsonNode process = opened();
        String id = process.get("id").asString();
        assertThat(process.get("invoice_ids").values()).extracting(JsonNode::asString)
                .containsExactly(invoice, later);
        LocalDate saleDate = LAST_STEP_DAY.plusDays(28);
        f.time.to(saleDate.plusDays(3));

        JsonNode sold = sales.body(sales.action(f.caller, id, "sell", """
                {"sold_on": "%s", "proceeds_minor": 5500}""".formatted(saleDate.plusDays(1))).expectStatus()
                .isOk()).get("data");
        assertThat(sold.get("amount_owed_minor").asLong()).isEqualTo(7000);
        assertThat(sold.get("surplus_minor").asLong()).isEqualTo(0);
        assertThat(sold.get("shortfall_minor").asLong()).isEqualTo(1500);
        assertThat(f.invoicing.read(f.caller, invoice).get("status").asString()).isEqualTo("paid");
        JsonNode rest = f.invoicing.read(f.caller, later);
        assertThat(rest.get("amount_due_minor").asLong()).isEqualTo(1500);
        assertThat(inSale(id)).as("invoices still in the sale").isZero();
        assertThat(sales.read(f.caller, id).get("status").asString()).isEqualTo("sold");
    }

    @Test
    void whenTheCustomerPaysEverythingTheProcessClosesItselfAsPaidAndReleasesTheInvoices() {
        String id = opened().get("id").asString();
        String caseId = f.openCase().get("id").asString();
        f.pay(invoice, 2000);
        assertThat(sales.read(f.caller, id).get("amount_owed_minor").asLong()).isEqualTo(3000);
        // What a part payment leaves is still in arrears: the case stays open with it, and so does the sale.
        ResourceApi.eventually(() -> f.read(caseId).get("amount_overdue_minor").asLong() == 3000);
        assertThat(f.read(caseId).get("status").asString()).isEqualTo("open");
        assertThat(sales.read(f.caller, id).get("status").asString()).isEqualTo("open");
        assertThat(inSale(id)).isEqualTo(1);

        f.pay(invoice, 3000);
        ResourceApi.eventually(() -> "closed".equals(sales.read(f.caller, id).get("status").asString()));
        JsonNode closed = sales.read(f.caller, id);
        assertThat(closed.get("closed_reason").asString()).isEqualTo("paid");
        assertThat(closed.get("amount_owed_minor").asLong()).isEqualTo(0);
        assertThat(eventTypes(id)).containsExactly("sale_process.opened", "sale_process.notice_due",
                "sale_process.closed");
        assertThat(inSale(id)).isZero();

        f.runOn(LAST_STEP_DAY.plusDays(21), "dunning");
        assertThat(eventTypes(id)).hasSize(3);
    }

    @Test
    void aCredentialRestrictedToOtherSitesCannotOpenOrSeeASale() {
        f.runOn(LAST_STEP_DAY, "dunning");
        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(sales.errorCode(sales.post(elsewhere, "{\"agreement_id\": \"" + agreement + "\"}"), 403))
                .isEqualTo("site_forbidden");

        String id = sales.body(open().expectStatus().isCreated()).get("data").get("id").asString();
        sales.get(elsewhere, "/" + id).expectStatus().isNotFound();
        assertThat(sales.listedIds(elsewhere, "")).isEmpty();
        assertThat(sales.listedIds(f.caller, "")).containsExactly(id);
    }

    @Test
    void noSaleProcessEventIsEverPublic() {
        String id = opened().get("id").asString();
        sales.action(f.caller, id, "close", "{\"reason\": \"withdrawn\"}").expectStatus().isOk();
        List<String> types = eventTypes(id);
        assertThat(types).isNotEmpty();
        for (String type : List.of(SaleProcessEvents.OPENED, SaleProcessEvents.NOTICE_DUE, SaleProcessEvents.SOLD,
                SaleProcessEvents.CLOSED)) {
            assertThat(EventCatalogue.publicTypeOf(type)).as(type).isEmpty();
            assertThat(EventCatalogue.isPublic(type)).as(type).isFalse();
        }
        assertThat(types).allSatisfy(type -> assertThat(EventCatalogue.publicTypeOf(type)).as(type).isEmpty());
    }
}
