package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.IssuedInvoices.Issue;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
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
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/** Money moving against an invoice through {@link InvoiceLedger}: statuses, events and the deposit it bills. */
@PlatformTest
class InvoiceLedgerTest {

    @Autowired
    IssuedInvoices issued;

    @Autowired
    InvoiceLedger ledger;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    DatabaseClient db;

    @Autowired
    JsonMapper json;

    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    Invoice orderInvoice(long depositMinor) {
        Issue issue = new Issue(customer, "GBP", Invoice.SOURCE_ORDER, Ids.newId(), "Order", List.of(
                IssuedInvoices.line("licence_fee", "Unit A12, first period", 1, 4000, "standard_20", null)),
                depositMinor, Invoice.CARD, LocalDate.now());
        return tx.transactional(issued.issue(caller, issue)).block();
    }

    String depositStatus(UUID invoiceId) {
        return db.sql("SELECT status FROM deposits WHERE account_id = :a AND invoice_id = :i")
                .bind("a", caller.accountId()).bind("i", invoiceId)
                .map(row -> row.get(0, String.class)).one().block();
    }

    @Test
    void anOrdersInvoiceIsIssuedOpenWithItsRefundableDepositAwaitingPayment() {
        Invoice invoice = orderInvoice(5000);

        assertThat(invoice.status()).isEqualTo("open");
        assertThat(invoice.source()).isEqualTo("order");
        assertThat(invoice.totalMinor()).isEqualTo(9000);
        assertThat(invoice.lines()).extracting(Invoice.Line::kind).containsExactly("licence_fee", "deposit");
        // The deposit is outside the scope of VAT: only the licence fee carries VAT.
        assertThat(invoice.vatMinor()).isEqualTo(667);
        assertThat(depositStatus(invoice.id())).isEqualTo("awaiting_payment");
        assertThat(accounts.eventTypes(invoice.id())).containsExactly("invoice.created", "invoice.finalized");
    }

    @Test
    void aPaymentInFullMakesItPaidAndHoldsItsDepositAndAReversalReopensBoth() {
        Invoice invoice = orderInvoice(5000);

        Invoice paid = tx.transactional(ledger.collected(caller, invoice.id(), 9000, false)).block();
        assertThat(paid.status()).isEqualTo("paid");
        assertThat(paid.amountDueMinor()).isZero();
        assertThat(paid.paidAt()).isNotNull();
        assertThat(depositStatus(invoice.id())).isEqualTo("held");

        Invoice reopened = tx.transactional(ledger.reversed(caller, invoice.id(), 9000)).block();
        assertThat(reopened.status()).isEqualTo("open");
        assertThat(reopened.amountDueMinor()).isEqualTo(9000);
        assertThat(reopened.paidAt()).isNull();
        assertThat(depositStatus(invoice.id())).isEqualTo("awaiting_payment");
        assertThat(accounts.eventTypes(invoice.id())).containsExactly("invoice.created", "invoice.finalized",
                "invoice.paid", "invoice.updated");
    }

    @Test
    void aCollectionInFlightAndItsFailure() {
        Invoice invoice = orderInvoice(0);

        Invoice collecting = tx.transactional(ledger.collecting(caller, invoice.id(), 4000)).block();
        assertThat(collecting.amountInFlightMinor()).isEqualTo(4000);
        assertThat(collecting.collectableMinor()).isZero();

        Invoice failed = tx.transactional(ledger.collectionFailed(caller, invoice.id(), 4000)).block();
        assertThat(failed.amountInFlightMinor()).isZero();
        assertThat(failed.status()).isEqualTo("open");
        assertThat(accounts.eventTypes(invoice.id())).endsWith("invoice.updated", "invoice.payment_failed");
    }
}
