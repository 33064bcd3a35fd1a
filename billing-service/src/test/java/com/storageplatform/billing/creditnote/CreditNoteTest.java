package com.storageplatform.billing.creditnote;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/credit-notes}: a credit of an amount against an invoice, and the shop returns' credit notes. */
@PlatformTest
class CreditNoteTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    InvoiceLedger ledger;

    @Autowired
    IssuedInvoices issued;

    @Autowired
    CreditNotes creditNotes;

    Invoicing invoicing;
    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        api = invoicing.invoices().on("/v1/credit-notes");
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    WebTestClient.ResponseSpec crediting(String invoiceId, long amountMinor) {
        return api.post(caller, """
                {"invoice_id": "%s", "amount_minor": %d}
                """.formatted(invoiceId, amountMinor));
    }

    /** Crediting {@code invoiceId} is refused with 409 {@code conflict}, writing nothing; answers the message. */
    String refused(String invoiceId) {
        String before = invoicing.stored(invoiceId);
        String message = api.errorMessage(crediting(invoiceId, 100), 409, "conflict");
        assertThat(invoicing.stored(invoiceId)).isEqualTo(before);
        return message;
    }

    Invoice shopSale() {
        return issued.issue(caller, new IssuedInvoices.Issue(customer, "GBP", Invoice.SOURCE_SHOP, null, "Shop sale",
                List.of(IssuedInvoices.line("product", "Padlock", 2, 1050, "standard_20", null),
                        IssuedInvoices.line("product", "Boxes", 10, 300, "standard_20", null)),
                0, Invoice.OFFLINE, LocalDate.now().plusDays(1))).block();
    }

    @Test
    void aCreditNoteHasEveryFieldAndLowersWhatTheInvoiceOwes() {
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode note = api.create(caller, """
                {"invoice_id": "%s", "amount_minor": 2000, "reason": "Goodwill: gate out of order for a week"}
                """.formatted(invoice));

        assertThat(note.propertyNames()).containsExactly("id", "object", "invoice_id", "contact_id", "amount_minor",
                "currency", "reason", "lines", "created_at", "updated_at");
        assertThat(note.get("object").asString()).isEqualTo("credit_note");
        assertThat(note.get("invoice_id").asString()).isEqualTo(invoice);
        assertThat(note.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(note.get("amount_minor").asLong()).isEqualTo(2000);
        assertThat(note.get("currency").asString()).isEqualTo("GBP");
        assertThat(note.get("reason").asString()).isEqualTo("Goodwill: gate out of order for a week");
        assertThat(note.get("lines").isEmpty()).isTrue();
        assertThat(api.read(caller, note.get("id").asString())).isEqualTo(note);

        JsonNode credited = invoicing.read(caller, invoice);
        assertThat(credited.get("status").asString()).isEqualTo("open");
        assertThat(credited.get("amount_credited_minor").asLong()).isEqualTo(2000);
        assertThat(credited.get("amount_due_minor").asLong()).isEqualTo(10000);
        assertThat(accounts.eventTypes(note.get("id").asString())).containsExactly("credit_note.created");
        assertThat(accounts.events(note.get("id").asString()).get(0).get("data")).isEqualTo(note);
        assertThat(accounts.eventTypes(invoice)).containsExactly("invoice.created", "invoice.finalized",
                "invoice.updated");
    }

    @Test
    void aCreditNoteForEverythingStillOwedMakesTheInvoicePaid() {
        String invoice = invoicing.open(caller, customer, 12000);
        ledger.collected(caller, UUID.fromString(invoice), 2000, false).block();

        crediting(invoice, 10000).expectStatus().isCreated();

        JsonNode paid = invoicing.read(caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        assertThat(paid.get("amount_due_minor").asLong()).isZero();
        assertThat(paid.get("paid_at").isNull()).isFalse();
        assertThat(accounts.eventTypes(invoice)).endsWith("invoice.paid");
    }

    @Test
    void anOverdueInvoiceIsCreditedAndStaysOverdueWhileSomethingIsOwed() {
        String invoice = invoicing.open(caller, customer, 12000);
        invoicing.dueDaysAgo(invoice, 3);
        invoicing.runJob("invoice-overdue");

        crediting(invoice, 1000).expectStatus().isCreated();

        assertThat(invoicing.read(caller, invoice).get("status").asString()).isEqualTo("overdue");
    }

    @Test
    void anAmountAboveWhatTheInvoiceStillOwesIsAboveMaximum() {
        String invoice = invoicing.open(caller, customer, 12000);
        ledger.collected(caller, UUID.fromString(invoice), 2000, false).block();
        String before = invoicing.stored(invoice);

        assertThat(api.issues(crediting(invoice, 10001))).containsExactly("amount_minor above_maximum");
        assertThat(invoicing.stored(invoice)).isEqualTo(before);
    }

    @Test
    void whatACollectionInFlightIsTakingCannotAlsoBeCredited() {
        String invoice = invoicing.open(caller, customer, 12000);
        ledger.collecting(caller, UUID.fromString(invoice), 10000).block();

        JsonNode error = api.body(crediting(invoice, 2001).expectStatus().isEqualTo(422)).get("error");
        assertThat(error.at("/details/0/issue").asString()).isEqualTo("above_maximum");
        assertThat(error.get("message").asString()).contains("2000", "collection in progress");
        crediting(invoice, 2000).expectStatus().isCreated();
    }

    @Test
    void anotherAccountsOrAnUnknownInvoiceIsNotFoundOnInvoiceId() {
        Caller other = BillingApi.newAccount();
        String theirs = invoicing.open(other, accounts.customer(other), 1000);

        assertThat(api.issues(crediting(theirs, 100))).containsExactly("invoice_id not_found");
        assertThat(api.issues(crediting(Ids.newId().toString(), 100))).containsExactly("invoice_id not_found");
        assertThat(invoicing.read(other, theirs).get("amount_credited_minor").asLong()).isZero();
    }

    @Test
    void everyBadFieldIsNamedInOneAnswer() {
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("invoice_id required",
                "amount_minor required");
        assertThat(api.issues(api.post(caller, """
                {"invoice_id": "nope", "amount_minor": 0, "reason": "%s"}
                """.formatted("x".repeat(501))))).containsExactlyInAnyOrder("invoice_id invalid",
                "amount_minor below_minimum", "reason too_long");
        // A credit note is of an amount; the lines of a return are credited only through the sale.
        assertThat(api.issues(api.post(caller, """
                {"invoice_id": "%s", "amount_minor": 1, "lines": []}
                """.formatted(Ids.newId())))).containsExactly("lines unknown_field");
    }

    @Test
    void aDraftIsRefusedFinalizeItOrChangeIt() {
        assertThat(refused(invoicing.draft(caller, customer, 1000))).contains("finalize it or change it");
    }

    @Test
    void aPaidInvoiceIsRefusedRefundThePaymentInstead() {
        String paid = invoicing.open(caller, customer, 1000);
        ledger.collected(caller, UUID.fromString(paid), 1000, false).block();

        assertThat(refused(paid)).contains("refund the payment instead");
    }

    @Test
    void aVoidInvoiceIsRefused() {
        String voided = invoicing.open(caller, customer, 1000);
        invoicing.invoices().action(caller, voided, "void", "{}").expectStatus().isOk();

        assertThat(refused(voided)).contains("void");
    }

    @Test
    void anInvoiceBillingInsuranceIsRefusedVoidItInsteadIfNothingIsPaid() {
        String insured = invoicing.openInsured(caller, customer);
        assertThat(invoicing.read(caller, insured).get("ipt_minor").asLong()).isPositive();

        assertThat(refused(insured)).contains("bills insurance", "void it instead if nothing is paid");
    }

    @Test
    void aShopSalesInvoiceIsRefusedReturnItsItemsInstead() {
        Invoice sale = shopSale();

        assertThat(refused(sale.id().toString())).contains("return its items");
    }

    @Test
    void creditNotesAreReadAndListedByInvoiceAndCustomerWithinTheAccount() {
        String first = invoicing.open(caller, customer, 5000);
        UUID otherCustomer = accounts.customer(caller);
        String second = invoicing.open(caller, otherCustomer, 5000);
        String a = api.createId(caller, "{\"invoice_id\": \"" + first + "\", \"amount_minor\": 100}");
        String b = api.createId(caller, "{\"invoice_id\": \"" + first + "\", \"amount_minor\": 200}");
        String c = api.createId(caller, "{\"invoice_id\": \"" + second + "\", \"amount_minor\": 300}");

        assertThat(api.listedIds(caller, "")).containsExactly(c, b, a);
        assertThat(api.listedIds(caller, "?invoice_id=" + first)).containsExactly(b, a);
        assertThat(api.listedIds(caller, "?contact_id=" + otherCustomer)).containsExactly(c);
        api.get(caller, "?invoice_id=nope").expectStatus().isBadRequest();
        Caller other = BillingApi.newAccount();
        api.get(other, "/" + a).expectStatus().isNotFound();
        assertThat(api.listedIds(other, "")).isEmpty();
    }

    @Test
    void aReturnFromAShopSaleIsCreditedWithItsLinesAndWhatWasPaidComesBackAtTheDesk() {
        Invoice sale = shopSale();
        ledger.collected(caller, sale.id(), sale.totalMinor(), false).block();

        CreditNotes.ReturnCredit credit = creditNotes.issueForReturn(caller, sale,
                List.of(new ReturnedLine(0, 1, 1050), new ReturnedLine(1, 2, 600)), 1650).block();

        assertThat(credit.refundMinor()).isEqualTo(1650);
        assertThat(credit.creditNote().lines()).containsExactly(new ReturnedLine(0, 1, 1050),
                new ReturnedLine(1, 2, 600));
        assertThat(credit.invoice().status()).isEqualTo("paid");
        assertThat(credit.invoice().amountPaidMinor()).isEqualTo(sale.totalMinor() - 1650);
        assertThat(credit.invoice().amountCreditedMinor()).isEqualTo(1650);
        JsonNode note = api.read(caller, credit.creditNote().id().toString());
        assertThat(note.get("lines").get(1).propertyNames()).containsExactly("position", "quantity",
                "amount_minor");
        assertThat(note.at("/lines/1/amount_minor").asLong()).isEqualTo(600);
        assertThat(accounts.eventTypes(credit.creditNote().id())).containsExactly("credit_note.created");
    }

    @Test
    void aReturnAgainstWhatIsStillOwedOnlyLowersTheDebt() {
        Invoice sale = shopSale();
        ledger.collected(caller, sale.id(), 1000, false).block();

        CreditNotes.ReturnCredit credit = creditNotes.issueForReturn(caller, sale,
                List.of(new ReturnedLine(1, 1, 300)), 300).block();

        assertThat(credit.refundMinor()).isZero();
        assertThat(credit.invoice().amountPaidMinor()).isEqualTo(1000);
        assertThat(credit.invoice().amountDueMinor()).isEqualTo(sale.totalMinor() - 1300);
    }
}
