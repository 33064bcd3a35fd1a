package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.calendar.WorkingDays;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Commerce's contract (docs/api/commerce.md, "The billing contract"): {@code POST /v1/payments} with an
 * {@code order_id}, its lines and deposit, as commerce sends it; billing issues the order's invoice and pays it,
 * answering what commerce reads, with {@code order_id} on the payment's events.
 */
@PlatformTest
class OrderPaymentTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Clock clock;

    PaymentFixtures fx;
    BillingApi api;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    UUID order;

    @BeforeEach
    void setUp() {
        fx = new PaymentFixtures(client, json, db);
        api = fx.payments;
        customer = fx.accounts.customer(caller);
        order = Ids.newId();
    }

    /** The body commerce sends for the worked example of commerce.md (10293 due today, a deposit of 5000). */
    String commerceBody(String rail, String cardToken) {
        return """
                {"rail": "%s", "amount_minor": 10293, "currency": "GBP", "contact_id": "%s", "order_id": "%s",
                 "description": "Order %s: move-in 2026-12-10",
                 "lines": [
                   {"kind": "licence_fee", "description": "Licence fee 10-31 December", "quantity": 1,
                    "unit_amount_minor": 6387, "amount_minor": 6387, "vat_treatment": "standard_20", "vat_rate": 20,
                    "vat_minor": 1277, "total_minor": 7664},
                   {"kind": "discount", "description": "HALF-FIRST", "quantity": 1, "unit_amount_minor": -3194,
                    "amount_minor": -3194, "vat_treatment": "standard_20", "vat_rate": 20, "vat_minor": -638,
                    "total_minor": -3832},
                   {"kind": "cover", "description": "Damage waiver", "quantity": 1, "unit_amount_minor": 355,
                    "amount_minor": 355, "vat_treatment": "standard_20", "vat_rate": 20, "vat_minor": 71,
                    "total_minor": 426},
                   {"kind": "product", "description": "Archive box", "quantity": 3, "unit_amount_minor": 345,
                    "amount_minor": 862, "vat_treatment": "standard_20", "vat_rate": 20, "vat_minor": 173,
                    "total_minor": 1035},
                   {"kind": "deposit", "description": "Deposit", "quantity": 1, "unit_amount_minor": 5000,
                    "amount_minor": 5000, "vat_treatment": "outside_scope", "vat_rate": 0, "vat_minor": 0,
                    "total_minor": 5000}],
                 "deposit_minor": 5000, "return_url": "https://www.acme-storage.example/book/checkout/done",
                 "payment_method_id": null, "card_token": %s}
                """.formatted(rail, customer, order, order, cardToken == null ? "null" : "\"" + cardToken + "\"");
    }

    @Test
    void anOrdersPaymentIssuesTheOrdersInvoiceFromItsLinesAndDepositAndPaysIt() {
        JsonNode payment = fx.pay(caller, commerceBody("card", "test_card_visa"));

        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("amount_minor").asLong()).isEqualTo(10293);
        assertThat(payment.get("order_id").asString()).isEqualTo(order.toString());
        assertThat(payment.get("description").asString()).startsWith("Order ");
        JsonNode invoice = fx.invoice(caller, payment.get("invoice_id").asString());
        assertThat(invoice.get("source").asString()).isEqualTo("order");
        assertThat(invoice.get("order_id").asString()).isEqualTo(order.toString());
        assertThat(invoice.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(invoice.get("collection_method").asString()).isEqualTo("card");
        assertThat(invoice.get("total_minor").asLong()).isEqualTo(10293);
        assertThat(invoice.get("status").asString()).isEqualTo("paid");
        assertThat(invoice.get("lines").valueStream().map(l -> l.get("kind").asString() + " "
                + l.get("quantity").asInt() + " " + l.get("total_minor").asLong()).toList())
                .containsExactly("licence_fee 1 3832", "charge 1 426", "product 3 1035", "deposit 1 5000");
        assertThat(fx.lastEvent(payment.get("id").asString(), "payment.succeeded").get("order_id").asString())
                .isEqualTo(order.toString());
        assertThat(db.sql("SELECT amount_minor FROM deposits WHERE invoice_id = :invoice")
                .bind("invoice", UUID.fromString(invoice.get("id").asString()))
                .map(row -> row.get(0, Long.class)).one().block()).isEqualTo(5000L);
    }

    @Test
    void aStepUpAnswersRequiresActionWithTheRedirectCommerceSendsTheCustomerTo() {
        JsonNode payment = fx.pay(caller, commerceBody("card", "test_card_requires_action"));

        assertThat(payment.get("status").asString()).isEqualTo("requires_action");
        assertThat(payment.get("next_action").get("redirect_url").asString()).startsWith("https://");

        fx.helper(caller, payment.get("id").asString(), "confirm");
        assertThat(fx.lastEvent(payment.get("id").asString(), "payment.succeeded").get("order_id").asString())
                .isEqualTo(order.toString());
    }

    @Test
    void aDirectDebitOrderPaymentIsPendingAndItsInvoiceDueOnTheChargeDate() {
        fx.activeMandate(caller, customer);

        JsonNode payment = fx.pay(caller, commerceBody("bacs_dd", null));

        assertThat(payment.get("status").asString()).isEqualTo("pending");
        String chargeDate = PaymentRules.chargeDate(new BacsTimeline(new WorkingDays()), clock.instant(), null, null)
                .toString();
        assertThat(payment.get("provider_charge_date").asString()).isEqualTo(chargeDate);
        JsonNode invoice = fx.invoice(caller, payment.get("invoice_id").asString());
        assertThat(invoice.get("due_date").asString()).isEqualTo(chargeDate);
        assertThat(invoice.get("collection_method").asString()).isEqualTo("bacs_dd");
        assertThat(invoice.get("amount_in_flight_minor").asLong()).isEqualTo(10293);
    }

    @Test
    void aFailedOrderPaymentCarriesTheOrderAndItsRetryPaysTheSameInvoice() {
        JsonNode declined = fx.pay(caller, commerceBody("card", "test_card_declined"));

        assertThat(declined.get("status").asString()).isEqualTo("failed");
        assertThat(fx.lastEvent(declined.get("id").asString(), "payment.failed").get("order_id").asString())
                .isEqualTo(order.toString());

        JsonNode retried = fx.pay(caller, commerceBody("card", "test_card_visa"));

        assertThat(retried.get("status").asString()).isEqualTo("succeeded");
        assertThat(retried.get("invoice_id").asString()).isEqualTo(declined.get("invoice_id").asString());
        assertThat(fx.invoices.listedIds(caller, "?contact_id=" + customer)).hasSize(1);
    }

    @Test
    void anOrderPaymentRepeatedWithItsKeyIsReplayedByTheKitAndChargedOnce() {
        String key = "drv1_" + Ids.newId();
        JsonNode first = api.body(fx.post(caller, key, commerceBody("card", "test_card_visa"))
                .expectStatus().isCreated());

        JsonNode again = api.body(fx.post(caller, key, commerceBody("card", "test_card_visa"))
                .expectStatus().isCreated().expectHeader().valueEquals("Idempotent-Replayed", "true"));

        assertThat(again).isEqualTo(first);
        assertThat(api.listedIds(caller, "?contact_id=" + customer)).hasSize(1);
        assertThat(fx.invoices.listedIds(caller, "?contact_id=" + customer)).hasSize(1);
    }

    @Test
    void anOrdersLinesMustMakeItsAmountAndAnOrderNamesNoInvoice() {
        assertThat(api.issues(fx.post(caller, null, commerceBody("card", "test_card_visa")
                .replace("\"amount_minor\": 10293", "\"amount_minor\": 10292"))))
                .containsExactly("amount_minor invalid");
        assertThat(api.issues(fx.post(caller, null, commerceBody("card", "test_card_visa")
                .replace("\"order_id\"", "\"invoice_id\": \"" + Ids.newId() + "\", \"order_id\""))))
                .containsExactly("order_id not_allowed");
        assertThat(fx.invoices.listedIds(caller, "?contact_id=" + customer)).isEmpty();
    }
}
