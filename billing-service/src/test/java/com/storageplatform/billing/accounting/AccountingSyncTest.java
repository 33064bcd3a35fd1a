package com.storageplatform.billing.accounting;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The accounting sync of a test account, against the simulator: each invoice issued or voided, credit note and
 * payment pushed once, whatever repeats; an outage retried with backoff, then booked or failed; a refusal failed at
 * once; a void pushed after its invoice, and a draft's void not at all. What was pushed reads at
 * {@code /v1/accounting-syncs}.
 */
@PlatformTest
@TestPropertySource(properties = {
        "billing.accounting.poll-interval=200ms",
        "billing.accounting.first-retry=200ms",
        "billing.accounting.max-attempts=3"})
class AccountingSyncTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    Invoicing invoicing;
    BillingApi syncs;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        syncs = invoicing.invoices().on("/v1/accounting-syncs");
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    /** The account's rows about {@code subject}, as the API lists them (newest first). */
    List<JsonNode> rowsOf(Object subject) {
        JsonNode page = syncs.body(client.get().uri("/v1/accounting-syncs?subject_id=" + subject)
                .header("Authorization", TestCallers.bearer(caller)).exchange().expectStatus().isOk());
        return page.get("data").valueStream().toList();
    }

    /** The one row of {@code action} on {@code subject}, once it has settled. */
    JsonNode settled(Object subject, String action) {
        eventually(() -> rowsOf(subject).stream()
                .anyMatch(row -> row.get("action").asString().equals(action)
                        && !row.get("status").asString().equals("pending")));
        List<JsonNode> rows = rowsOf(subject).stream()
                .filter(row -> row.get("action").asString().equals(action)).toList();
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    @Test
    void anIssuedInvoiceIsPushedOnceUnderAnIdDerivedFromItsOwnAndSaysSoWithAccountingSynced() {
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode row = settled(invoice, "issued");

        assertThat(row.get("object").asString()).isEqualTo("accounting_sync");
        assertThat(row.get("subject_type").asString()).isEqualTo("invoice");
        assertThat(row.get("invoice_id").asString()).isEqualTo(invoice);
        assertThat(row.get("status").asString()).isEqualTo("synced");
        assertThat(row.get("provider").asString()).isEqualTo("simulator");
        assertThat(row.get("external_id").asString()).isEqualTo("sim_inv_" + invoice);
        assertThat(row.get("attempts").asInt()).isEqualTo(1);
        assertThat(row.get("synced_at").isNull()).isFalse();
        assertThat(row.get("reason").isNull()).isTrue();
        String id = row.get("id").asString();
        assertThat(syncs.read(caller, id)).isEqualTo(row);
        eventually(() -> accounts.eventTypes(id).contains("accounting.synced"));
        assertThat(accounts.eventTypes(id)).containsExactly("accounting.synced");
        JsonNode data = accounts.events(id).get(0).get("data");
        assertThat(data.get("subject_id").asString()).isEqualTo(invoice);
        assertThat(data.get("external_id").asString()).isEqualTo("sim_inv_" + invoice);
        // Another account sees none of it.
        syncs.get(BillingApi.newAccount(), "/" + id).expectStatus().isNotFound();
    }

    @Test
    void aRepeatedEventAndASecondEventForTheSameIssuePushNothingMore() {
        String invoice = invoicing.open(caller, customer, 12100);
        String rowId = settled(invoice, "issued").get("id").asString();
        eventually(() -> accounts.eventTypes(rowId).contains("accounting.synced"));

        // The very event again (a Kafka redelivery), and the same issue told by another event id.
        JsonNode finalized = accounts.events(invoice).stream()
                .filter(event -> event.get("type").asString().equals("invoice.finalized")).findFirst().orElseThrow();
        TestEvents.publishRaw("billing.events", caller.accountId().toString(), finalized.toString());
        UUID secondId = Ids.newId();
        ObjectNode second = ((ObjectNode) finalized.deepCopy()).put("id", secondId.toString());
        TestEvents.publishRaw("billing.events", caller.accountId().toString(), second.toString());
        eventually(() -> db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", secondId)
                .map(r -> r.get(0, Long.class)).one().block() == 1L);

        assertThat(rowsOf(invoice)).hasSize(1);
        assertThat(accounts.eventTypes(rowId)).containsExactly("accounting.synced");
    }

    @Test
    void anOutageIsRetriedAfterItsWaitAndThenBooked() {
        String invoice = invoicing.open(caller, customer, SimulatedLedger.DOWN_ONCE_MINOR);

        JsonNode row = settled(invoice, "issued");

        assertThat(row.get("status").asString()).isEqualTo("synced");
        assertThat(row.get("attempts").asInt()).isEqualTo(2);
        assertThat(accounts.eventTypes(row.get("id").asString())).containsExactly("accounting.synced");
    }

    @Test
    void anOutageAtEveryAttemptFailsOnceTheAttemptsAreSpentWithAccountingFailed() {
        String invoice = invoicing.open(caller, customer, SimulatedLedger.DOWN_MINOR);

        JsonNode row = settled(invoice, "issued");

        assertThat(row.get("status").asString()).isEqualTo("failed");
        assertThat(row.get("attempts").asInt()).isEqualTo(3);
        assertThat(row.get("reason_code").asString()).isEqualTo("unavailable");
        assertThat(row.get("reason").asString()).contains("unavailable at each of 3 attempts");
        assertThat(row.get("failed_at").isNull()).isFalse();
        assertThat(row.get("external_id").isNull()).isTrue();
        String id = row.get("id").asString();
        eventually(() -> accounts.eventTypes(id).contains("accounting.failed"));
        assertThat(accounts.eventTypes(id)).containsExactly("accounting.failed");
        assertThat(accounts.events(id).get(0).at("/data/reason").asString()).contains("unavailable");
    }

    @Test
    void aRefusalFailsAtOnceWithTheSystemsReason() {
        String invoice = invoicing.open(caller, customer, SimulatedLedger.REFUSED_MINOR);

        JsonNode row = settled(invoice, "issued");

        assertThat(row.get("status").asString()).isEqualTo("failed");
        assertThat(row.get("attempts").asInt()).isEqualTo(1);
        assertThat(row.get("reason_code").asString()).isEqualTo("refused");
        assertThat(row.get("reason").asString()).contains("refuses");
        eventually(() -> accounts.eventTypes(row.get("id").asString()).contains("accounting.failed"));
    }

    @Test
    void aVoidIsPushedAfterItsInvoiceAndActsOnTheInvoiceTheSystemBooked() {
        String invoice = invoicing.open(caller, customer, 9000);
        invoicing.invoices().action(caller, invoice, "void", "{}").expectStatus().isOk();

        JsonNode voided = settled(invoice, "voided");
        JsonNode issued = settled(invoice, "issued");

        assertThat(voided.get("status").asString()).isEqualTo("synced");
        assertThat(voided.get("external_id").asString()).isEqualTo("sim_inv_" + invoice);
        assertThat(issued.get("synced_at").asString()).isLessThanOrEqualTo(voided.get("synced_at").asString());
        // Voiding it again (void rule 1) pushes nothing more.
        invoicing.invoices().action(caller, invoice, "void", "{}").expectStatus().isOk();
        assertThat(rowsOf(invoice)).hasSize(2);
    }

    @Test
    void aDraftsVoidPushesNothing() {
        String draft = invoicing.draft(caller, customer, 9000);
        invoicing.invoices().action(caller, draft, "void", "{}").expectStatus().isOk();
        // Something after it in the same account is pushed, so the draft's void had its chance.
        String later = invoicing.open(caller, customer, 9100);
        settled(later, "issued");

        assertThat(rowsOf(draft)).isEmpty();
    }

    @Test
    void aVoidOfAnInvoiceTheSystemRefusedIsNotPushedAndFails() {
        String invoice = invoicing.open(caller, customer, SimulatedLedger.REFUSED_MINOR);
        invoicing.invoices().action(caller, invoice, "void", "{}").expectStatus().isOk();

        JsonNode voided = settled(invoice, "voided");

        assertThat(voided.get("status").asString()).isEqualTo("failed");
        assertThat(voided.get("reason_code").asString()).isEqualTo("not_pushed");
        assertThat(voided.get("attempts").asInt()).isEqualTo(1);
    }

    WebTestClient.ResponseSpec keyed(String path, String body) {
        return client.post().uri(path).header("Authorization", TestCallers.bearer(caller))
                .header("Idempotency-Key", "acs-" + Ids.newId())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    @Test
    void aCreditNoteAPaymentAndItsRefundArePushedEachOnce() {
        String invoice = invoicing.open(caller, customer, 20000);
        BillingApi api = invoicing.invoices();
        String note = api.on("/v1/credit-notes").createId(caller, """
                {"invoice_id": "%s", "amount_minor": 5000, "reason": "Goodwill"}
                """.formatted(invoice));
        String payment = api.body(keyed("/v1/payments", """
                {"rail": "offline", "offline_method": "other", "reference": "Cheque 1", "invoice_id": "%s",
                 "amount_minor": 10000, "currency": "GBP"}
                """.formatted(invoice)).expectStatus().isCreated()).at("/data/id").asString();
        JsonNode refund = api.body(keyed("/v1/payments/" + payment + "/refund",
                "{\"amount_minor\": 1000, \"reason\": \"Overpaid\"}").expectStatus().isOk());
        String refundId = refund.at("/data/id").asString();

        JsonNode noteRow = settled(note, "issued");
        JsonNode paymentRow = settled(payment, "succeeded");
        JsonNode refundRow = settled(refundId, "refunded");

        assertThat(noteRow.get("subject_type").asString()).isEqualTo("credit_note");
        assertThat(noteRow.get("invoice_id").asString()).isEqualTo(invoice);
        assertThat(noteRow.get("external_id").asString()).isEqualTo("sim_cn_" + note);
        assertThat(paymentRow.get("subject_type").asString()).isEqualTo("payment");
        assertThat(paymentRow.get("external_id").asString()).isEqualTo("sim_pay_" + payment);
        assertThat(refundRow.get("subject_type").asString()).isEqualTo("payment");
        assertThat(refundRow.get("external_id").asString()).isEqualTo("sim_rf_" + refundId);
    }

    @Test
    void theListFiltersBySubjectTypeAndStatusAndRefusesABadFilter() {
        String invoice = invoicing.open(caller, customer, 7000);
        settled(invoice, "issued");

        JsonNode page = syncs.body(client.get().uri("/v1/accounting-syncs?subject_type=invoice&status=synced")
                .header("Authorization", TestCallers.bearer(caller)).exchange().expectStatus().isOk());
        assertThat(page.get("data").valueStream().map(row -> row.get("subject_id").asString())).contains(invoice);
        JsonNode none = syncs.body(client.get().uri("/v1/accounting-syncs?status=failed")
                .header("Authorization", TestCallers.bearer(caller)).exchange().expectStatus().isOk());
        assertThat(none.get("data").valueStream().map(row -> row.get("subject_id").asString()))
                .doesNotContain(invoice);
        client.get().uri("/v1/accounting-syncs?status=done")
                .header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("status");
    }
}
