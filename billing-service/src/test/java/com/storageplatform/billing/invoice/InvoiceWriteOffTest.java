package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code POST /v1/invoices/{id}/write-off}: an invoice's debt recorded as bad debt, once, with a reason. */
@PlatformTest
class InvoiceWriteOffTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    InvoiceLedger ledger;

    Invoicing invoicing;
    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        api = invoicing.invoices();
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    WebTestClient.ResponseSpec writingOff(String id, String reason) {
        return api.action(caller, id, "write-off", "{\"reason\": \"" + reason + "\"}");
    }

    JsonNode writtenOff(String id) {
        return api.body(writingOff(id, "Customer gone away").expectStatus().isOk()).get("data");
    }

    String refused(String id) {
        String before = invoicing.stored(id);
        String message = api.errorMessage(writingOff(id, "Customer gone away"), 409, "conflict");
        assertThat(invoicing.stored(id)).isEqualTo(before);
        return message;
    }

    @Test
    void anOpenInvoicesDebtIsWrittenOffAsBadDebtLeavingItsStatus() {
        String id = invoicing.open(caller, customer, 12000);

        JsonNode invoice = writtenOff(id);

        assertThat(invoice.get("status").asString()).isEqualTo("open");
        assertThat(invoice.get("amount_written_off_minor").asLong()).isEqualTo(12000);
        assertThat(invoice.get("amount_due_minor").asLong()).isZero();
        assertThat(invoice.get("write_off_reason").asString()).isEqualTo("Customer gone away");
        assertThat(invoice.get("written_off_at").isNull()).isFalse();
        assertThat(invoicing.read(caller, id)).isEqualTo(invoice);
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized",
                "invoice.written_off");
    }

    @Test
    void theWriteOffEventIsInternalAndNeverPublic() {
        assertThat(EventCatalogue.publicTypeOf(InvoiceEvents.WRITTEN_OFF)).isEmpty();
    }

    @Test
    void aPartlyPaidInvoiceHasWhatIsStillOwedWrittenOff() {
        String id = invoicing.open(caller, customer, 12000);
        ledger.collected(caller, UUID.fromString(id), 2000, false).block();

        JsonNode invoice = writtenOff(id);

        assertThat(invoice.get("status").asString()).isEqualTo("partially_paid");
        assertThat(invoice.get("amount_paid_minor").asLong()).isEqualTo(2000);
        assertThat(invoice.get("amount_written_off_minor").asLong()).isEqualTo(10000);
        assertThat(invoice.get("amount_due_minor").asLong()).isZero();
    }

    @Test
    void anOverdueInvoicesDebtIsWrittenOffAndItStaysOverdue() {
        String id = invoicing.open(caller, customer, 12000);
        invoicing.dueDaysAgo(id, 3);
        invoicing.runJob("invoice-overdue");

        assertThat(writtenOff(id).get("status").asString()).isEqualTo("overdue");
    }

    @Test
    void aSecondWriteOffIsRefused() {
        String id = invoicing.open(caller, customer, 12000);
        writtenOff(id);

        assertThat(refused(id)).contains("written off already");
    }

    @Test
    void aDraftAPaidAndAVoidInvoiceHaveNoDebtToWriteOff() {
        String draft = invoicing.draft(caller, customer, 1000);
        String paid = invoicing.open(caller, customer, 1000);
        ledger.collected(caller, UUID.fromString(paid), 1000, false).block();
        String voided = invoicing.open(caller, customer, 1000);
        api.action(caller, voided, "void", "{}").expectStatus().isOk();

        assertThat(refused(draft)).contains("draft invoice has no debt");
        assertThat(refused(paid)).contains("paid invoice has no debt");
        assertThat(refused(voided)).contains("void invoice has no debt");
    }

    @Test
    void aDebtBeingCollectedOrPaidInASaleIsNotWrittenOff() {
        String collecting = invoicing.open(caller, customer, 1000);
        ledger.collecting(caller, UUID.fromString(collecting), 1000).block();
        String inSale = invoicing.open(caller, customer, 1000);
        db.sql("UPDATE invoices SET in_sale_id = :sale WHERE id = :id").bind("sale", UUID.randomUUID())
                .bind("id", UUID.fromString(inSale)).then().block();

        assertThat(refused(collecting)).contains("collection");
        assertThat(refused(inSale)).contains("sale");
    }

    @Test
    void theReasonIsRequiredPrintableAndAtMost500Characters() {
        String id = invoicing.open(caller, customer, 1000);
        String before = invoicing.stored(id);

        assertThat(api.issues(api.action(caller, id, "write-off", "{}"))).containsExactly("reason required");
        assertThat(api.issues(writingOff(id, " "))).containsExactly("reason required");
        assertThat(api.issues(writingOff(id, "x".repeat(501)))).containsExactly("reason too_long");
        assertThat(api.issues(writingOff(id, "Gone\\u0007"))).containsExactly("reason invalid");
        assertThat(invoicing.stored(id)).isEqualTo(before);
        writingOff(id, "x".repeat(500)).expectStatus().isOk();
    }

    @Test
    void aWrittenOffInvoiceTakesNoCreditNote() {
        String id = invoicing.open(caller, customer, 1000);
        writtenOff(id);

        api.on("/v1/credit-notes").post(caller, "{\"invoice_id\": \"" + id + "\", \"amount_minor\": 100}")
                .expectStatus().isEqualTo(409);
    }
}
