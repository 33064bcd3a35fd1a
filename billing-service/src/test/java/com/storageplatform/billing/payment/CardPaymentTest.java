package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Card payments through the card simulator of test accounts: a charge that succeeds, is declined or needs the
 * customer's step-up, its completion through the provider's notification, one-off tokens, disputes, live accounts.
 */
@PlatformTest
class CardPaymentTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

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

    JsonNode cardPayment(String invoice, long amount) {
        return fx.pay(caller, """
                {"rail": "card", "invoice_id": "%s", "amount_minor": %d, "currency": "GBP",
                 "return_url": "https://shop.example/back"}
                """.formatted(invoice, amount));
    }

    @Test
    void aCardThatIsChargedPaysTheInvoiceWithTheCustomersDefaultCard() {
        String card = fx.card(caller, customer, "test_card_visa");
        String invoice = fx.openInvoiceId(caller, customer, 4500);

        JsonNode payment = cardPayment(invoice, 4500);

        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("rail").asString()).isEqualTo("card");
        assertThat(payment.get("payment_method_id").asString()).isEqualTo(card);
        assertThat(payment.get("provider").asString()).isEqualTo("stripe");
        assertThat(payment.get("provider_payment_ref").asString()).startsWith("pi_");
        assertThat(payment.get("charged_at").isString()).isTrue();
        assertThat(payment.get("provider_charge_date").isNull()).isTrue();
        assertThat(payment.get("next_action").isNull()).isTrue();
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("paid");
        assertThat(fx.eventTypes(payment.get("id").asString())).containsExactly("payment.succeeded");
        // The event carries the payment as stored (INSERT ... RETURNING), exactly what a read answers.
        assertThat(fx.events(payment.get("id").asString()).get(0).get("data"))
                .isEqualTo(api.read(caller, payment.get("id").asString()));
    }

    @Test
    void aDeclinedCardIsAFailedPaymentWithTheProvidersCodeAndTheInvoiceIsToldOfIt() {
        fx.card(caller, customer, "test_card_declined");
        String invoice = fx.openInvoiceId(caller, customer, 4500);

        JsonNode payment = cardPayment(invoice, 4500);

        assertThat(payment.get("status").asString()).isEqualTo("failed");
        assertThat(payment.get("failure_code").asString()).isEqualTo("generic_decline");
        assertThat(payment.get("failure_message").asString()).isEqualTo("Your card was declined.");
        assertThat(payment.get("charged_at").isNull()).isTrue();
        JsonNode unpaid = fx.invoice(caller, invoice);
        assertThat(unpaid.get("status").asString()).isEqualTo("open");
        assertThat(unpaid.get("amount_in_flight_minor").asLong()).isZero();
        assertThat(fx.eventTypes(invoice)).endsWith("invoice.payment_failed");
        assertThat(fx.eventTypes(payment.get("id").asString())).containsExactly("payment.failed");
    }

    @Test
    void aCardNeedingStepUpAwaitsTheCustomerWithoutCountingInFlightUntilTheProviderSaysItSucceeded() {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 4500);

        JsonNode payment = cardPayment(invoice, 4500);
        String id = payment.get("id").asString();

        assertThat(payment.get("status").asString()).isEqualTo("requires_action");
        assertThat(payment.get("next_action").get("type").asString()).isEqualTo("redirect");
        assertThat(payment.get("next_action").get("redirect_url").asString()).startsWith("https://");
        assertThat(fx.invoice(caller, invoice).get("amount_in_flight_minor").asLong()).isZero();
        assertThat(fx.eventTypes(id)).containsExactly("payment.requires_action");

        JsonNode confirmed = fx.helper(caller, id, "confirm");

        assertThat(confirmed.get("status").asString()).isEqualTo("succeeded");
        assertThat(confirmed.get("next_action").isNull()).isTrue();
        assertThat(confirmed.get("charged_at").isString()).isTrue();
        assertThat(api.read(caller, id)).isEqualTo(confirmed);
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("paid");
        assertThat(fx.eventTypes(id)).containsExactly("payment.requires_action", "payment.succeeded");
        assertThat(api.errorCode(fx.helpers.action(caller, id, "confirm", ""), 409)).isEqualTo("conflict");
    }

    @Test
    void aStepUpTheCustomerAbandonsFailsThePaymentAndTheInvoiceIsToldOfIt() {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        JsonNode payment = cardPayment(invoice, 4500);

        receive(payment, Kind.CARD_FAILED);

        JsonNode failed = api.read(caller, payment.get("id").asString());
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.get("failure_code").asString()).isEqualTo("generic_decline");
        assertThat(failed.get("next_action").isNull()).isTrue();
        assertThat(fx.eventTypes(invoice)).endsWith("invoice.payment_failed");
        assertThat(fx.eventTypes(payment.get("id").asString()))
                .containsExactly("payment.requires_action", "payment.failed");
    }

    @Test
    void aStepUpCompletedAfterTheInvoiceWasPaidAnotherWayNeverOverCollects() {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        JsonNode payment = cardPayment(invoice, 4500);
        fx.offline(caller, invoice, 4500);

        fx.helper(caller, payment.get("id").asString(), "confirm");

        JsonNode paid = fx.invoice(caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        assertThat(paid.get("amount_paid_minor").asLong()).isEqualTo(4500);
        assertThat(paid.get("amount_due_minor").asLong()).isZero();
    }

    @Test
    void aNotificationRepeatedOrForAnotherProviderChangesNothing() {
        fx.card(caller, customer, "test_card_requires_action");
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        JsonNode payment = cardPayment(invoice, 4500);
        SimulatedNotifications.Signed signed = providers.simulated().payment("stripe",
                payment.get("provider_payment_ref").asString(), Kind.CARD_SUCCEEDED, null, null);

        notifications.receive("stripe", signed.body(), signed.signature(), providers.simulated().secret("stripe"))
                .block();
        notifications.receive("stripe", signed.body(), signed.signature(), providers.simulated().secret("stripe"))
                .block();

        assertThat(fx.eventTypes(payment.get("id").asString()))
                .containsExactly("payment.requires_action", "payment.succeeded");
        assertThat(fx.invoice(caller, invoice).get("amount_paid_minor").asLong()).isEqualTo(4500);
    }

    @Test
    void aCardTokenIsChargedOnceWithoutBecomingAPaymentMethod() {
        JsonNode payment = fx.pay(caller, """
                {"rail": "card", "contact_id": "%s", "amount_minor": 30, "currency": "GBP",
                 "card_token": "test_card_visa"}
                """.formatted(customer));

        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("payment_method_id").isNull()).isTrue();
        assertThat(api.on("/v1/payment-methods").listedIds(caller, "?contact_id=" + customer)).isEmpty();
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "card", "contact_id": "%s", "amount_minor": 30, "currency": "GBP",
                 "card_token": "tok_not_a_test_card"}
                """.formatted(customer)))).containsExactly("card_token invalid");
    }

    @Test
    void aDisputedCardPaymentIsChargedBackAndItsInvoiceReopened() {
        fx.card(caller, customer, "test_card_visa");
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        JsonNode payment = cardPayment(invoice, 4500);

        JsonNode disputed = fx.helper(caller, payment.get("id").asString(), "chargeback");

        assertThat(disputed.get("status").asString()).isEqualTo("chargeback_settled");
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("open");
        assertThat(fx.invoice(caller, invoice).get("amount_due_minor").asLong()).isEqualTo(4500);
        assertThat(fx.eventTypes(payment.get("id").asString()))
                .containsExactly("payment.succeeded", "payment.chargeback_settled");
    }

    @Test
    void aTestHelperThatDoesNotApplyIsAConflictNamingTheStatus() {
        String invoice = fx.openInvoiceId(caller, customer, 4500);
        String offline = fx.offline(caller, invoice, 100).get("id").asString();
        fx.card(caller, customer, "test_card_visa");
        String card = cardPayment(invoice, 4400).get("id").asString();

        assertThat(api.errorMessage(fx.helpers.action(caller, offline, "confirm", ""), 409, "conflict"))
                .contains("succeeded");
        assertThat(api.errorMessage(fx.helpers.action(caller, card, "pay-out", ""), 409, "conflict"))
                .contains("card payment that is succeeded");
        assertThat(api.errorMessage(fx.helpers.action(caller, card, "return", ""), 409, "conflict"))
                .contains("succeeded");
        assertThat(api.errorCode(fx.helpers.action(caller, Ids.newId().toString(), "confirm", ""), 404))
                .isEqualTo("not_found");
        assertThat(api.errorCode(fx.helpers.action(BillingApi.newAccount(), card, "confirm", ""), 404))
                .isEqualTo("not_found");
    }

    @Test
    void liveCredentialsGetNoTestHelpersAndNoCardsWhereStripeIsNotSetUp() {
        Caller live = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE, caller.scopes(), null,
                caller.actorType(), "key_live", "req_live");
        UUID liveCustomer = fx.accounts.customer(live);

        assertThat(api.errorMessage(fx.post(live, null, """
                {"rail": "card", "contact_id": "%s", "amount_minor": 300, "currency": "GBP",
                 "card_token": "tok_visa"}
                """.formatted(liveCustomer)), 409, "conflict")).contains("not set up");
        assertThat(api.errorCode(fx.helpers.action(live, Ids.newId().toString(), "confirm", ""), 404))
                .isEqualTo("not_found");
    }

    private void receive(JsonNode payment, Kind kind) {
        SimulatedNotifications.Signed signed = providers.simulated().payment(payment.get("provider").asString(),
                payment.get("provider_payment_ref").asString(), kind, null, null);
        notifications.receive(signed.provider(), signed.body(), signed.signature(),
                providers.simulated().secret(signed.provider())).block();
    }
}
