package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
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
 * {@code /v1/payments}: the resource, offline recordings, the body's validation, payments rules 1 to 5 in their order
 * of judgement, partial payments, reads, lists and tenants.
 */
@PlatformTest
class PaymentTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

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

    @Test
    void anOfflinePaymentSettlesAtOnceWithEveryFieldAndPaysTheInvoice() {
        String invoice = fx.openInvoiceId(caller, customer, 12000);

        JsonNode payment = fx.pay(caller, """
                {"rail": "offline", "offline_method": "other", "reference": "Cheque 000123", "invoice_id": "%s",
                 "amount_minor": 12000, "currency": "GBP", "description": "Paid at the desk"}
                """.formatted(invoice));

        assertThat(payment.propertyNames()).containsExactly("id", "object", "contact_id", "invoice_id",
                "subscription_id", "order_id", "direction", "refund_of", "credit_note_id", "rail", "offline_method",
                "reference", "description", "reason", "amount_minor", "currency", "status", "payment_method_id",
                "mandate_id", "provider", "provider_payment_ref", "provider_charge_date", "bank_submitted_at",
                "charged_at", "failure_code", "failure_message", "next_action", "superseded_by_operator_at",
                "amount_refunded_minor", "closed_at", "created_at", "updated_at");
        assertThat(payment.get("object").asString()).isEqualTo("payment");
        assertThat(payment.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(payment.get("invoice_id").asString()).isEqualTo(invoice);
        assertThat(payment.get("direction").asString()).isEqualTo("payment");
        assertThat(payment.get("rail").asString()).isEqualTo("offline");
        assertThat(payment.get("offline_method").asString()).isEqualTo("other");
        assertThat(payment.get("reference").asString()).isEqualTo("Cheque 000123");
        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("charged_at").isString()).isTrue();
        assertThat(payment.get("amount_refunded_minor").asLong()).isZero();
        for (String none : List.of("subscription_id", "order_id", "refund_of", "credit_note_id", "payment_method_id",
                "mandate_id", "provider", "provider_payment_ref", "provider_charge_date", "bank_submitted_at",
                "failure_code", "failure_message", "next_action", "superseded_by_operator_at", "closed_at")) {
            assertThat(payment.get(none).isNull()).as(none).isTrue();
        }
        assertThat(api.read(caller, payment.get("id").asString())).isEqualTo(payment);
        JsonNode paid = fx.invoice(caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        assertThat(paid.get("amount_due_minor").asLong()).isZero();
        assertThat(paid.get("amount_paid_minor").asLong()).isEqualTo(12000);
        assertThat(fx.eventTypes(payment.get("id").asString())).containsExactly("payment.succeeded");
        assertThat(fx.lastEvent(payment.get("id").asString(), "payment.succeeded")).isEqualTo(payment);
        assertThat(fx.eventTypes(invoice)).endsWith("invoice.paid");
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), "{}"))).containsExactlyInAnyOrder(
                "rail required", "amount_minor required", "currency required", "contact_id required");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "cash", "amount_minor": 0, "currency": "POUNDS", "contact_id": "nope",
                 "invoice_id": "%s", "subscription_id": "x", "description": "bell\\u0007"}
                """.formatted(UUID.randomUUID())))).containsExactlyInAnyOrder("rail invalid",
                "amount_minor below_minimum", "currency invalid", "contact_id invalid", "invoice_id invalid",
                "subscription_id invalid", "description invalid");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "card", "amount_minor": 500, "currency": "GBP", "contact_id": "%s",
                 "offline_method": "card_terminal", "reference": "R1", "mandate_id": "%s", "card_token": "tok",
                 "payment_method_id": "%s", "lines": [], "deposit_minor": 0, "return_url": "http://shop.example"}
                """.formatted(customer, Ids.newId(), Ids.newId())))).containsExactlyInAnyOrder(
                "offline_method not_allowed", "reference not_allowed", "mandate_id not_allowed",
                "card_token not_allowed", "lines not_allowed", "deposit_minor not_allowed", "return_url invalid");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "bacs_dd", "amount_minor": 500, "currency": "EUR", "contact_id": "%s",
                 "payment_method_id": "%s", "card_token": "tok", "amount_refunded_minor": 0}
                """.formatted(customer, Ids.newId())))).containsExactly("amount_refunded_minor unknown_field");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "bacs_dd", "amount_minor": 500, "currency": "EUR", "contact_id": "%s",
                 "payment_method_id": "%s", "card_token": "tok"}
                """.formatted(customer, Ids.newId())))).containsExactlyInAnyOrder("currency not_allowed",
                "payment_method_id not_allowed", "card_token not_allowed");
    }

    @Test
    void anOfflinePaymentNeedsAnOfflineMethodAndOtherNeedsAReference() {
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "amount_minor": 500, "currency": "GBP", "contact_id": "%s"}
                """.formatted(customer)))).containsExactly("offline_method required");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "cash", "amount_minor": 500, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(customer)))).containsExactly("offline_method invalid");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "other", "amount_minor": 500, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(customer)))).containsExactly("reference required");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "other", "reference": "%s", "amount_minor": 500,
                 "currency": "GBP", "contact_id": "%s"}
                """.formatted("x".repeat(201), customer)))).containsExactly("reference too_long");

        JsonNode standingOrder = fx.pay(caller, """
                {"rail": "offline", "offline_method": "standing_order", "amount_minor": 500, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(customer));
        assertThat(standingOrder.get("status").asString()).isEqualTo("succeeded");
        assertThat(standingOrder.get("invoice_id").isNull()).isTrue();
    }

    @Test
    void rule1AnOfflineRecordingWithoutAnIdempotencyKeyIsRefused() {
        String invoice = fx.openInvoiceId(caller, customer, 5000);
        String body = """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 5000,
                 "currency": "GBP"}
                """.formatted(invoice);

        assertThat(api.issues(fx.post(caller, null, body))).containsExactly("Idempotency-Key required");
        assertThat(api.listedIds(caller, "?invoice_id=" + invoice)).isEmpty();
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("open");

        fx.post(caller, "k-" + Ids.newId(), body).expectStatus().isCreated();
    }

    @Test
    void anOfflinePaymentRepeatedWithItsKeyIsReplayedAndTheMoneyRecordedOnce() {
        String invoice = fx.openInvoiceId(caller, customer, 5000);
        String body = """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 2000,
                 "currency": "GBP"}
                """.formatted(invoice);
        String key = "desk-" + Ids.newId();

        JsonNode first = api.body(fx.post(caller, key, body).expectStatus().isCreated());
        JsonNode again = api.body(fx.post(caller, key, body).expectStatus().isCreated()
                .expectHeader().valueEquals("Idempotent-Replayed", "true"));

        assertThat(again).isEqualTo(first);
        assertThat(api.listedIds(caller, "?invoice_id=" + invoice)).hasSize(1);
        JsonNode partly = fx.invoice(caller, invoice);
        assertThat(partly.get("amount_paid_minor").asLong()).isEqualTo(2000);
        assertThat(partly.get("status").asString()).isEqualTo("partially_paid");
    }

    @Test
    void rule3ACardOrDirectDebitBelowWhatTheProviderCollectsIsRefusedAndOfflineHasNoMinimum() {
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "card", "amount_minor": 29, "currency": "GBP", "contact_id": "%s"}
                """.formatted(customer)))).containsExactly("amount_minor below_minimum");
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "bacs_dd", "amount_minor": 99, "currency": "GBP", "contact_id": "%s"}
                """.formatted(customer)))).containsExactly("amount_minor below_minimum");

        JsonNode penny = fx.pay(caller, """
                {"rail": "offline", "offline_method": "card_terminal", "amount_minor": 1, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(customer));
        assertThat(penny.get("amount_minor").asLong()).isEqualTo(1);
    }

    @Test
    void theMinimumIsJudgedBeforeTheCustomerSoNoCardIsLookedFor() {
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "card", "amount_minor": 29, "currency": "GBP", "contact_id": "%s"}
                """.formatted(Ids.newId())))).containsExactly("amount_minor below_minimum");
    }

    @Test
    void aCustomerWithoutACardOrActiveMandateIsRefusedNamingTheMissingOne() {
        JsonNode noCard = api.body(fx.post(caller, null, """
                {"rail": "card", "amount_minor": 500, "currency": "GBP", "contact_id": "%s"}
                """.formatted(customer)).expectStatus().isEqualTo(422));
        assertThat(noCard.get("error").get("details").get(0).get("field").asString()).isEqualTo("payment_method_id");
        assertThat(noCard.get("error").get("details").get(0).get("issue").asString()).isEqualTo("required");
        assertThat(noCard.get("error").get("message").asString()).contains("no card");

        JsonNode noMandate = api.body(fx.post(caller, null, """
                {"rail": "bacs_dd", "amount_minor": 500, "currency": "GBP", "contact_id": "%s"}
                """.formatted(customer)).expectStatus().isEqualTo(422));
        assertThat(noMandate.get("error").get("details").get(0).get("field").asString()).isEqualTo("mandate_id");
        assertThat(noMandate.get("error").get("details").get(0).get("issue").asString()).isEqualTo("required");
        assertThat(noMandate.get("error").get("message").asString()).contains("no active Direct Debit mandate");

        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "card", "amount_minor": 500, "currency": "GBP", "contact_id": "%s",
                 "payment_method_id": "%s"}
                """.formatted(customer, Ids.newId())))).containsExactly("payment_method_id not_found");
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "bacs_dd", "amount_minor": 500, "currency": "GBP", "contact_id": "%s",
                 "mandate_id": "%s"}
                """.formatted(customer, Ids.newId())))).containsExactly("mandate_id not_found");
    }

    @Test
    void aContactIdMustBeACustomerBillingKnowsAndNotTheWalkInRecordWithoutAnInvoice() {
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "amount_minor": 500, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(Ids.newId())))).containsExactly("contact_id not_found");
        UUID walkIn = fx.accounts.walkIn(caller);
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "amount_minor": 500, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(walkIn)))).containsExactly("contact_id not_allowed");
    }

    @Test
    void rule4AnotherCustomersInvoiceIsRefusedOnInvoiceIdBeforeItsStatusCurrencyOrBalance() {
        UUID other = fx.accounts.customer(caller);
        String othersInvoice = fx.openInvoiceId(caller, other, 3000);
        fx.offline(caller, othersInvoice, 3000);

        // Paid, in another currency and owing nothing: still the customer is what is judged first.
        JsonNode refused = api.body(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "contact_id": "%s",
                 "amount_minor": 9000, "currency": "EUR"}
                """.formatted(othersInvoice, customer)).expectStatus().isEqualTo(422));
        assertThat(refused.get("error").get("details").toString())
                .isEqualTo("[{\"field\":\"invoice_id\",\"issue\":\"not_allowed\"}]");

        Caller otherAccount = BillingApi.newAccount();
        UUID theirCustomer = fx.accounts.customer(otherAccount);
        String theirs = fx.openInvoiceId(otherAccount, theirCustomer, 3000);
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 100,
                 "currency": "GBP"}
                """.formatted(theirs)))).containsExactly("invoice_id not_found");
    }

    @Test
    void rule4AMandateOfAnotherCustomerThanTheInvoicesMakesTheInvoiceTheOneRefused() {
        UUID other = fx.accounts.customer(caller);
        String othersMandate = fx.activeMandate(caller, other);
        String invoice = fx.openInvoiceId(caller, customer, 3000);

        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "bacs_dd", "invoice_id": "%s", "mandate_id": "%s", "amount_minor": 3000, "currency": "GBP"}
                """.formatted(invoice, othersMandate)))).containsExactly("invoice_id not_allowed");
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "bacs_dd", "invoice_id": "%s", "contact_id": "%s", "mandate_id": "%s",
                 "amount_minor": 3000, "currency": "GBP"}
                """.formatted(invoice, customer, othersMandate)))).containsExactly("mandate_id not_allowed");
    }

    @Test
    void rule5ASubscriptionIdMustBeTheCustomersPlanOnTheInvoice() {
        String invoice = fx.openInvoiceId(caller, customer, 3000);
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s",
                 "subscription_id": "%s", "amount_minor": 3000, "currency": "GBP"}
                """.formatted(invoice, Ids.newId())))).containsExactly("subscription_id not_found");
        assertThat(api.issues(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "contact_id": "%s",
                 "subscription_id": "%s", "amount_minor": 3000, "currency": "GBP"}
                """.formatted(customer, Ids.newId())))).containsExactly("subscription_id not_found");
    }

    @Test
    void rule2TheCurrencyMustBeTheInvoicesAndTheInvoiceOpenPartlyPaidOrOverdue() {
        String invoice = fx.openInvoiceId(caller, customer, 3000);
        JsonNode currency = api.body(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 3000,
                 "currency": "EUR"}
                """.formatted(invoice)).expectStatus().isEqualTo(422));
        assertThat(currency.get("error").get("details").toString())
                .isEqualTo("[{\"field\":\"currency\",\"issue\":\"invalid\"}]");
        assertThat(currency.get("error").get("message").asString()).contains("GBP");

        fx.offline(caller, invoice, 3000);
        assertThat(api.errorMessage(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 100,
                 "currency": "GBP"}
                """.formatted(invoice)), 409, "conflict")).contains("paid");

        String draft = fx.invoices.createId(caller, """
                {"contact_id": "%s", "currency": "GBP", "lines": [{"description": "Fee", "amount_minor": 900,
                 "quantity": 1}]}
                """.formatted(customer));
        assertThat(api.errorMessage(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 100,
                 "currency": "GBP"}
                """.formatted(draft)), 409, "conflict")).contains("draft");
    }

    @Test
    void partialPaymentsLeaveTheInvoicePartlyPaidAndNoMoreThanIsOwedCanBeCollected() {
        String invoice = fx.openInvoiceId(caller, customer, 10000);

        fx.offline(caller, invoice, 4000);
        JsonNode partly = fx.invoice(caller, invoice);
        assertThat(partly.get("status").asString()).isEqualTo("partially_paid");
        assertThat(partly.get("amount_due_minor").asLong()).isEqualTo(6000);

        JsonNode above = api.body(fx.post(caller, "k-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 6001,
                 "currency": "GBP"}
                """.formatted(invoice)).expectStatus().isEqualTo(422));
        assertThat(above.get("error").get("details").toString())
                .isEqualTo("[{\"field\":\"amount_minor\",\"issue\":\"above_maximum\"}]");
        assertThat(above.get("error").get("message").asString()).contains("At most 6000");

        fx.offline(caller, invoice, 6000);
        JsonNode paid = fx.invoice(caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        assertThat(paid.get("amount_paid_minor").asLong()).isEqualTo(10000);
    }

    @Test
    void paymentsAreListedNewestFirstWithTheirFiltersAndOnlyTheAccountsOwn() {
        UUID other = fx.accounts.customer(caller);
        String invoice = fx.openInvoiceId(caller, customer, 10000);
        String first = fx.offline(caller, invoice, 1000).get("id").asString();
        String second = fx.offline(caller, invoice, 1000).get("id").asString();
        String others = fx.pay(caller, """
                {"rail": "offline", "offline_method": "standing_order", "amount_minor": 700, "currency": "GBP",
                 "contact_id": "%s"}
                """.formatted(other)).get("id").asString();

        assertThat(api.listedIds(caller, "")).containsExactly(others, second, first);
        assertThat(api.listedIds(caller, "?invoice_id=" + invoice)).containsExactly(second, first);
        assertThat(api.listedIds(caller, "?contact_id=" + other)).containsExactly(others);
        assertThat(api.listedIds(caller, "?status=succeeded&rail=offline")).containsExactly(others, second, first);
        assertThat(api.listedIds(caller, "?rail=card")).isEmpty();
        assertThat(api.issues(api.get(caller, "?status=settled"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(caller, "?rail=cash"), 400)).containsExactly("rail invalid");

        Caller stranger = BillingApi.newAccount();
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.errorCode(api.get(stranger, "/" + first), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(caller, "/not-an-id"), 404)).isEqualTo("not_found");
    }
}
