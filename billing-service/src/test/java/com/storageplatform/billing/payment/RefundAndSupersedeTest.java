package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.invoice.InvoiceVoidListener;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refunds as payments of their own, the operator superseding a payment it no longer waits on, and what a void of
 * the invoice does to its payments (void rule 5).
 */
@PlatformTest
class RefundAndSupersedeTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    InvoiceLedger ledger;

    @Autowired
    List<InvoiceVoidListener> voidListeners;

    @Autowired
    Providers providers;

    @Autowired
    ProviderNotifications notifications;

    PaymentFixtures fx;
    BillingApi api;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        fx = new PaymentFixtures(client, json, db);
        api = fx.payments;
        customer = fx.accounts.customer(caller);
    }

    JsonNode refund(String paymentId, String body, int status) {
        return api.body(api.action(caller, paymentId, "refund", body).expectStatus().isEqualTo(status));
    }

    JsonNode cardPayment(String invoice, long amount) {
        return fx.pay(caller, """
                {"rail": "card", "invoice_id": "%s", "amount_minor": %d, "currency": "GBP"}
                """.formatted(invoice, amount));
    }

    @Test
    void aRefundIsANewPaymentPaidBackOnTheRailOfThePaymentAndTheInvoiceIsNotReopened() {
        fx.card(caller, customer, "test_card_visa");
        String invoice = fx.openInvoiceId(caller, customer, 6000);
        JsonNode payment = cardPayment(invoice, 6000);
        String id = payment.get("id").asString();

        JsonNode refund = refund(id, "{\"amount_minor\": 2500, \"reason\": \"Moved out early\"}", 200).get("data");

        assertThat(refund.get("id").asString()).isNotEqualTo(id);
        assertThat(refund.get("direction").asString()).isEqualTo("refund");
        assertThat(refund.get("refund_of").asString()).isEqualTo(id);
        assertThat(refund.get("invoice_id").asString()).isEqualTo(invoice);
        assertThat(refund.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(refund.get("rail").asString()).isEqualTo("card");
        assertThat(refund.get("amount_minor").asLong()).isEqualTo(2500);
        assertThat(refund.get("reason").asString()).isEqualTo("Moved out early");
        assertThat(refund.get("status").asString()).isEqualTo("succeeded");
        assertThat(refund.get("provider_payment_ref").asString()).startsWith("re_");
        assertThat(refund.get("credit_note_id").isNull()).isTrue();
        assertThat(api.read(caller, id).get("amount_refunded_minor").asLong()).isEqualTo(2500);
        assertThat(fx.eventTypes(refund.get("id").asString())).containsExactly("payment.refunded");
        assertThat(fx.lastEvent(refund.get("id").asString(), "payment.refunded")).isEqualTo(refund);
        JsonNode stillPaid = fx.invoice(caller, invoice);
        assertThat(stillPaid.get("status").asString()).isEqualTo("paid");
        assertThat(stillPaid.get("amount_due_minor").asLong()).isZero();

        JsonNode rest = refund(id, "", 200).get("data");
        assertThat(rest.get("amount_minor").asLong()).isEqualTo(3500);
        assertThat(api.read(caller, id).get("amount_refunded_minor").asLong()).isEqualTo(6000);
        assertThat(api.listedIds(caller, "?invoice_id=" + invoice)).containsExactly(rest.get("id").asString(),
                refund.get("id").asString(), id);
    }

    @Test
    void noMoreThanIsLeftCanBeRefundedAndOnlyMoneyTaken() {
        String invoice = fx.openInvoiceId(caller, customer, 6000);
        String id = fx.offline(caller, invoice, 6000).get("id").asString();

        JsonNode above = refund(id, "{\"amount_minor\": 6001}", 422);
        assertThat(above.get("error").get("details").toString())
                .isEqualTo("[{\"field\":\"amount_minor\",\"issue\":\"above_maximum\"}]");
        assertThat(above.get("error").get("message").asString()).contains("6000");
        assertThat(api.issues(api.action(caller, id, "refund", "{\"amount_minor\": 0}")))
                .containsExactly("amount_minor below_minimum");

        JsonNode offlineRefund = refund(id, "{\"amount_minor\": 6000}", 200).get("data");
        assertThat(offlineRefund.get("rail").asString()).isEqualTo("offline");
        assertThat(offlineRefund.get("offline_method").asString()).isEqualTo("card_terminal");
        assertThat(api.errorMessage(api.action(caller, id, "refund", ""), 409, "conflict"))
                .contains("refunded in full");
        assertThat(api.errorMessage(api.action(caller, offlineRefund.get("id").asString(), "refund", ""), 409,
                "conflict")).contains("a refund cannot be refunded");

        fx.card(caller, customer, "test_card_declined");
        String other = fx.openInvoiceId(caller, customer, 6000);
        String declined = cardPayment(other, 6000).get("id").asString();
        assertThat(api.errorMessage(api.action(caller, declined, "refund", ""), 409, "conflict"))
                .contains("failed");
    }

    @Test
    void aPaidOutDirectDebitIsRefundedThroughItsProvider() {
        fx.activeMandate(caller, customer);
        String invoice = fx.openInvoice(caller, customer, 9900, "bacs_dd").get("id").asString();
        String id = fx.pay(caller, """
                {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": 9900, "currency": "GBP"}
                """.formatted(invoice)).get("id").asString();
        assertThat(api.errorCode(api.action(caller, id, "refund", ""), 409)).isEqualTo("conflict");
        fx.helper(caller, id, "confirm");
        fx.helper(caller, id, "pay-out");

        JsonNode refund = refund(id, "{\"amount_minor\": 900}", 200).get("data");

        assertThat(refund.get("rail").asString()).isEqualTo("bacs_dd");
        assertThat(refund.get("provider").asString()).isEqualTo("gocardless");
        assertThat(refund.get("status").asString()).isEqualTo("succeeded");
    }

    @Test
    void theOperatorSupersedesACardAwaitingStepUpWhichIsCancelledAtTheProvider() {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 6000);
        String id = cardPayment(invoice, 6000).get("id").asString();

        JsonNode superseded = api.body(api.action(caller, id, "supersede", "").expectStatus().isOk()).get("data");

        assertThat(superseded.get("status").asString()).isEqualTo("cancelled");
        assertThat(superseded.get("superseded_by_operator_at").isString()).isTrue();
        assertThat(superseded.get("next_action").isNull()).isTrue();
        assertThat(api.errorMessage(api.action(caller, id, "supersede", ""), 409, "conflict")).contains("cancelled");
        assertThat(api.errorCode(fx.helpers.action(caller, id, "confirm", ""), 409)).isEqualTo("conflict");
        fx.offline(caller, invoice, 6000);
    }

    @Test
    void theOperatorSupersedesADirectDebitNotYetWithTheBankAndTheInvoiceCanBeCollectedAgain() {
        fx.activeMandate(caller, customer);
        String invoice = fx.openInvoice(caller, customer, 9900, "bacs_dd").get("id").asString();
        String id = fx.pay(caller, """
                {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": 9900, "currency": "GBP"}
                """.formatted(invoice)).get("id").asString();

        JsonNode superseded = api.body(api.action(caller, id, "supersede", "").expectStatus().isOk()).get("data");

        assertThat(superseded.get("status").asString()).isEqualTo("cancelled");
        assertThat(superseded.get("superseded_by_operator_at").isString()).isTrue();
        assertThat(fx.invoice(caller, invoice).get("amount_in_flight_minor").asLong()).isZero();
        fx.offline(caller, invoice, 9900);
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("paid");
    }

    @Test
    void aDirectDebitSubmittedToTheBankCannotBeSuperseded() {
        fx.activeMandate(caller, customer);
        String invoice = fx.openInvoice(caller, customer, 9900, "bacs_dd").get("id").asString();
        JsonNode payment = fx.pay(caller, """
                {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": 9900, "currency": "GBP"}
                """.formatted(invoice));
        String id = payment.get("id").asString();
        SimulatedNotifications.Signed submitted = providers.simulated().payment("gocardless",
                payment.get("provider_payment_ref").asString(), Kind.PAYMENT_SUBMITTED, null, null);
        notifications.receive("gocardless", submitted.body(), submitted.signature(),
                providers.simulated().secret("gocardless")).block();
        assertThat(api.read(caller, id).get("bank_submitted_at").isString()).isTrue();

        assertThat(api.errorMessage(api.action(caller, id, "supersede", ""), 409, "conflict"))
                .contains("with the bank");
        JsonNode unchanged = api.read(caller, id);
        assertThat(unchanged.get("status").asString()).isEqualTo("pending");
        assertThat(unchanged.get("superseded_by_operator_at").isNull()).isTrue();
        assertThat(fx.invoice(caller, invoice).get("amount_in_flight_minor").asLong()).isEqualTo(9900);
    }

    @Test
    void aVoidClosesTheInvoicesFailedAttemptsAndCancelsItsCardsAwaitingStepUp() {
        String invoice = fx.openInvoiceId(caller, customer, 6000);
        fx.card(caller, customer, "test_card_declined");
        String declined = cardPayment(invoice, 6000).get("id").asString();
        String awaiting = fx.pay(caller, """
                {"rail": "card", "invoice_id": "%s", "amount_minor": 6000, "currency": "GBP",
                 "card_token": "test_card_requires_action"}
                """.formatted(invoice)).get("id").asString();
        String elsewhere = fx.openInvoiceId(caller, customer, 6000);
        String otherDeclined = cardPayment(elsewhere, 6000).get("id").asString();

        voidListeners.forEach(listener -> listener.voided(caller,
                ledger.lock(caller.accountId(), UUID.fromString(invoice)).block()).block());

        assertThat(api.read(caller, declined).get("closed_at").isString()).isTrue();
        assertThat(api.read(caller, declined).get("status").asString()).isEqualTo("failed");
        assertThat(api.read(caller, awaiting).get("status").asString()).isEqualTo("cancelled");
        assertThat(api.read(caller, awaiting).get("superseded_by_operator_at").isNull()).isTrue();
        assertThat(api.read(caller, otherDeclined).get("closed_at").isNull()).isTrue();
    }
}
