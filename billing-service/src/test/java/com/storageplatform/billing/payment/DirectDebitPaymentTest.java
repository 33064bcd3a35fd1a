package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.calendar.WorkingDays;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bacs Direct Debit payments through the simulator of test accounts: the charge date of rule 6 and the spec's whole
 * lifecycle, each step driven by the provider's notification through the test helpers.
 */
@PlatformTest
class DirectDebitPaymentTest {

    static final BacsTimeline TIMELINE = new BacsTimeline(new WorkingDays());

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Clock clock;

    @Autowired
    InvoiceLedger ledger;

    @Autowired
    Providers providers;

    @Autowired
    ProviderNotifications notifications;

    PaymentFixtures fx;
    BillingApi api;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    String mandate;

    @BeforeEach
    void setUp() {
        fx = new PaymentFixtures(client, json, db);
        api = fx.payments;
        customer = fx.accounts.customer(caller);
        mandate = fx.activeMandate(caller, customer);
    }

    String invoice(long amount) {
        return fx.openInvoice(caller, customer, amount, "bacs_dd").get("id").asString();
    }

    JsonNode directDebit(String invoice, long amount) {
        return fx.pay(caller, """
                {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": %d, "currency": "GBP"}
                """.formatted(invoice, amount));
    }

    @Test
    void aDirectDebitIsPendingForTheFirstDayTheBankCanDebitAndItsInvoiceCountsItInFlight() {
        String invoice = invoice(9900);
        LocalDate earliest = PaymentRules.chargeDate(TIMELINE, clock.instant(), null, null);

        JsonNode payment = directDebit(invoice, 9900);

        assertThat(payment.get("status").asString()).isEqualTo("pending");
        assertThat(payment.get("mandate_id").asString()).isEqualTo(mandate);
        assertThat(payment.get("provider").asString()).isEqualTo("gocardless");
        assertThat(payment.get("provider_payment_ref").asString()).startsWith("PM");
        assertThat(payment.get("provider_charge_date").asString()).isEqualTo(earliest.toString());
        assertThat(payment.get("bank_submitted_at").isNull()).isTrue();
        assertThat(payment.get("charged_at").isNull()).isTrue();
        JsonNode inFlight = fx.invoice(caller, invoice);
        assertThat(inFlight.get("status").asString()).isEqualTo("open");
        assertThat(inFlight.get("amount_in_flight_minor").asLong()).isEqualTo(9900);
        assertThat(fx.eventTypes(payment.get("id").asString())).isEmpty();
        assertThat(api.issues(fx.post(caller, null, """
                {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": 100, "currency": "GBP"}
                """.formatted(invoice)))).containsExactly("amount_minor above_maximum");
    }

    @Test
    void rule6ADirectDebitIsRequestedForTheDayTheAdvanceNoticeNamedNeverEarlier() {
        String invoice = invoice(9900);
        LocalDate earliest = PaymentRules.chargeDate(TIMELINE, clock.instant(), null, null);
        LocalDate noticed = new WorkingDays().plusWorkingDays(earliest, 5);
        ledger.lock(caller.accountId(), UUID.fromString(invoice))
                .flatMap(held -> ledger.noticed(caller, held, 9900, noticed)).block();

        JsonNode payment = directDebit(invoice, 9900);

        assertThat(payment.get("provider_charge_date").asString()).isEqualTo(noticed.toString());
    }

    @Test
    void rule6ANoticedDayTheCycleCanNoLongerMeetGivesTheFirstDayTheBankCanDebit() {
        String invoice = invoice(9900);
        LocalDate earliest = PaymentRules.chargeDate(TIMELINE, clock.instant(), null, null);
        ledger.lock(caller.accountId(), UUID.fromString(invoice))
                .flatMap(held -> ledger.noticed(caller, held, 9900, earliest.minusDays(1))).block();

        JsonNode payment = directDebit(invoice, 9900);

        assertThat(payment.get("provider_charge_date").asString()).isEqualTo(earliest.toString());
    }

    @Test
    void theProvidersConfirmationSubmitsAndSucceedsItAtThatMomentAndPaysTheInvoice() {
        String invoice = invoice(9900);
        JsonNode payment = directDebit(invoice, 9900);
        String id = payment.get("id").asString();

        JsonNode confirmed = fx.helper(caller, id, "confirm");

        assertThat(confirmed.get("status").asString()).isEqualTo("succeeded");
        assertThat(confirmed.get("bank_submitted_at").isString()).isTrue();
        assertThat(confirmed.get("charged_at").isString()).isTrue();
        assertThat(confirmed.get("provider_charge_date").asString())
                .isEqualTo(payment.get("provider_charge_date").asString());
        JsonNode paid = fx.invoice(caller, invoice);
        assertThat(paid.get("status").asString()).isEqualTo("paid");
        assertThat(paid.get("amount_in_flight_minor").asLong()).isZero();
        assertThat(fx.eventTypes(invoice)).endsWith("invoice.paid");
        assertThat(fx.eventTypes(id)).containsExactly("payment.succeeded");
        JsonNode event = fx.lastEvent(id, "payment.succeeded");
        assertThat(event.get("provider_charge_date").asString())
                .isEqualTo(payment.get("provider_charge_date").asString());
        assertThat(event).isEqualTo(confirmed);
    }

    @Test
    void aPayoutSendsNoEventAndALateFailureAfterItReopensTheInvoice() {
        String invoice = invoice(9900);
        String id = directDebit(invoice, 9900).get("id").asString();
        fx.helper(caller, id, "confirm");

        JsonNode paidOut = fx.helper(caller, id, "pay-out");
        assertThat(paidOut.get("status").asString()).isEqualTo("paid_out");
        assertThat(fx.eventTypes(id)).containsExactly("payment.succeeded");

        JsonNode returned = fx.helper(caller, id, "return");
        assertThat(returned.get("status").asString()).isEqualTo("late_failure_settled");
        assertThat(returned.get("failure_message").asString()).contains("after it was paid out");
        assertThat(fx.eventTypes(id)).containsExactly("payment.succeeded", "payment.late_failure_settled");
        JsonNode reopened = fx.invoice(caller, invoice);
        assertThat(reopened.get("status").asString()).isEqualTo("open");
        assertThat(reopened.get("amount_due_minor").asLong()).isEqualTo(9900);
        assertThat(reopened.get("amount_paid_minor").asLong()).isZero();
    }

    @Test
    void aReturnBeforePayoutFailsTheSucceededPaymentAndReopensTheInvoice() {
        String invoice = invoice(9900);
        String id = directDebit(invoice, 9900).get("id").asString();
        fx.helper(caller, id, "confirm");

        JsonNode returned = fx.helper(caller, id, "return");

        assertThat(returned.get("status").asString()).isEqualTo("failed");
        assertThat(returned.get("failure_code").isString()).isTrue();
        assertThat(fx.eventTypes(id)).containsExactly("payment.succeeded", "payment.failed");
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("open");
        assertThat(fx.invoice(caller, invoice).get("amount_due_minor").asLong()).isEqualTo(9900);
    }

    @Test
    void aDirectDebitGuaranteeClaimAfterPayoutIsChargedBackAndReopensTheInvoice() {
        String invoice = invoice(9900);
        String id = directDebit(invoice, 9900).get("id").asString();
        fx.helper(caller, id, "confirm");
        assertThat(api.errorMessage(fx.helpers.action(caller, id, "chargeback", ""), 409, "conflict"))
                .contains("succeeded");
        fx.helper(caller, id, "pay-out");

        JsonNode chargedBack = fx.helper(caller, id, "chargeback");

        assertThat(chargedBack.get("status").asString()).isEqualTo("chargeback_settled");
        assertThat(fx.eventTypes(id)).containsExactly("payment.succeeded", "payment.chargeback_settled");
        assertThat(fx.invoice(caller, invoice).get("status").asString()).isEqualTo("open");
    }

    @Test
    void aFailureBeforeConfirmationReleasesWhatWasInFlightAndTellsTheInvoice() {
        String invoice = invoice(9900);
        String id = directDebit(invoice, 9900).get("id").asString();
        assertThat(api.errorMessage(fx.helpers.action(caller, id, "pay-out", ""), 409, "conflict"))
                .contains("pending");

        JsonNode failed = fx.helper(caller, id, "return");

        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.get("charged_at").isNull()).isTrue();
        JsonNode owed = fx.invoice(caller, invoice);
        assertThat(owed.get("amount_in_flight_minor").asLong()).isZero();
        assertThat(owed.get("amount_due_minor").asLong()).isEqualTo(9900);
        assertThat(fx.eventTypes(invoice)).endsWith("invoice.payment_failed");
        assertThat(fx.eventTypes(id)).containsExactly("payment.failed");
    }

    @Test
    void aConfirmationArrivingAfterTheFailureChangesNothing() {
        String invoice = invoice(9900);
        JsonNode payment = directDebit(invoice, 9900);
        String id = payment.get("id").asString();
        fx.helper(caller, id, "return");

        SimulatedNotifications.Signed late = providers.simulated().payment("gocardless",
                payment.get("provider_payment_ref").asString(), Kind.PAYMENT_CONFIRMED, null, null);
        notifications.receive("gocardless", late.body(), late.signature(),
                providers.simulated().secret("gocardless")).block();

        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("failed");
        assertThat(fx.invoice(caller, invoice).get("amount_paid_minor").asLong()).isZero();
        assertThat(fx.eventTypes(id)).containsExactly("payment.failed");
    }

    @Test
    void aDirectDebitAgainstNoInvoiceTakesTheCustomersActiveMandate() {
        JsonNode payment = fx.pay(caller, """
                {"rail": "bacs_dd", "contact_id": "%s", "amount_minor": 100, "currency": "GBP"}
                """.formatted(customer));

        assertThat(payment.get("status").asString()).isEqualTo("pending");
        assertThat(payment.get("mandate_id").asString()).isEqualTo(mandate);
        assertThat(fx.helper(caller, payment.get("id").asString(), "confirm").get("status").asString())
                .isEqualTo("succeeded");
    }
}
