package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Subscriptions' journeys through the gateway on the devstack: billing-service owns {@code /v1/subscriptions}
 * (scopes {@code agreements:*}) and learns each agreement, customer and site from commerce's and the catalogue's
 * events. A plan on a signed agreement is billed by the billing run (through the admin jobs API) and collected by
 * card or by Direct Debit, with its webhooks verified; a plan is cancelled and ends once the clock passes its last
 * day; a renewal-date move is pending, blocks a PATCH of the date, and is cancelled.
 */
class SubscriptionJourneysE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "catalogue:read", "catalogue:write", "contacts:read", "contacts:write", "agreements:read",
            "agreements:write", "billing:read", "billing:write", "webhooks:read", "webhooks:write", "events:read");
    static final Duration WAIT = Duration.ofSeconds(60);
    static final long FEE = 6000;

    private final DevStack stack = Stack.get();

    /** An operator's test account with the scopes the journeys need, and the calls they make. */
    private static final class Books {
        final DevStack stack;
        final Admin admin;
        final Admin.Operator operator;
        final String key;

        Books(DevStack stack, String name) {
            this.stack = stack;
            this.admin = new Admin(stack);
            this.operator = admin.newOperator(name);
            this.key = admin.apiKey(operator, "test", SCOPES, null).path("key").asString();
        }

        Http.Response post(String path, String json) {
            return Http.post(stack.gatewayUrl() + path, key, json);
        }

        Http.Response get(String path) {
            return Http.get(stack.gatewayUrl() + path, key);
        }

        JsonNode ok(Http.Response response) {
            assertThat(response.status()).as(response.raw().request().method() + " " + response.raw().uri() + " "
                    + response.body()).isEqualTo(200);
            return response.data();
        }

        JsonNode created(String path, String json) {
            Http.Response response = post(path, json);
            assertThat(response.status()).as(path + " " + response.body()).isEqualTo(201);
            return response.data();
        }

        /** Creates once the service has learnt, from another service's events, of what the body names. */
        JsonNode createdOnceKnown(String path, String json) {
            Http.Response response = CommerceEvents.eventually(() -> post(path, json), r -> r.status() != 422);
            assertThat(response.status()).as(path + " " + response.body()).isEqualTo(201);
            return response.data();
        }

        String id(JsonNode node) {
            return node.path("id").asString();
        }

        JsonNode endpoint(WebhookReceiver receiver, String... events) {
            Http.Response created = Http.post(stack.gatewayUrl() + "/v1/webhooks", key,
                    Map.of("url", receiver.url(), "enabled_events", List.of(events)));
            assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
            return created.data();
        }

        /** The types delivered to the receiver, each signature verified, once every expected type has arrived. */
        List<String> delivered(WebhookReceiver receiver, JsonNode endpoint, List<String> expected) {
            return Webhooks.deliveredTypes(receiver, endpoint.path("secret").asString(), expected, WAIT);
        }

        /**
         * A customer's agreement for a new unit, signed: the catalogue's unit reaches commerce, and commerce's
         * agreement and contact reach billing, through events.
         */
        Booking signedAgreement(String siteName, String first) {
            String site = id(created("/v1/sites", """
                    {"name": "%s", "timezone": "Europe/London"}
                    """.formatted(siteName)));
            String unitType = id(created("/v1/unit-types", """
                    {"site_id": "%s", "name": "50 sq ft", "price_minor": %d, "currency": "GBP"}
                    """.formatted(site, FEE)));
            String unit = id(created("/v1/units", """
                    {"site_id": "%s", "unit_type_id": "%s", "name": "%s1"}
                    """.formatted(site, unitType, siteName.charAt(0))));
            String contact = id(created("/v1/contacts", """
                    {"first_name": "%s", "last_name": "Jones", "email": "%s@example.com"}
                    """.formatted(first, first.toLowerCase())));
            JsonNode agreement = createdOnceKnown("/v1/agreements", """
                    {"contact_id": "%s", "unit_id": "%s", "licence_fee_minor": %d, "currency": "GBP"}
                    """.formatted(contact, unit, FEE));
            JsonNode signed = ok(post("/v1/agreements/" + id(agreement) + "/sign", "{}"));
            assertThat(signed.path("status").asString()).isEqualTo("pending_move_in");
            return new Booking(site, contact, id(agreement), LocalDate.parse(signed.path("move_in_date").asString()));
        }

        /** A monthly plan on the booking's agreement, once billing has learnt of the agreement. */
        JsonNode plan(Booking booking, String extra) {
            JsonNode plan = createdOnceKnown("/v1/subscriptions", """
                    {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                     "interval_count": 1, "currency": "GBP"%s}
                    """.formatted(booking.contact(), booking.site(), booking.agreement(), extra));
            assertThat(plan.path("object").asString()).isEqualTo("subscription");
            assertThat(plan.path("agreement_id").asString()).isEqualTo(booking.agreement());
            return plan;
        }

        JsonNode subscription(String id) {
            return ok(get("/v1/subscriptions/" + id));
        }

        /** The plan's invoices, newest first. */
        JsonNode invoices(String planId) {
            return ok(get("/v1/invoices?subscription_id=" + planId));
        }

        JsonNode payments(String invoiceId) {
            return ok(get("/v1/payments?invoice_id=" + invoiceId));
        }

        /** Runs the billing run now, as the platform admin. */
        void runBilling() {
            Http.Response run = Http.post(stack.gatewayUrl() + "/admin/v1/jobs/billing-run/run", stack.adminToken(),
                    Map.of());
            assertThat(run.status()).as("billing-run " + run.body()).isEqualTo(200);
        }
    }

    /** What a plan is made on: the agreement's site, customer, id and move-in date. */
    record Booking(String site, String contact, String agreement, LocalDate moveIn) {
    }

    @Test
    void aPlanOnASignedAgreementIsBilledAndPaidByCardWithSignedWebhooks() {
        Books books = new Books(stack, "Plan Card Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = books.endpoint(receiver, "subscription.*", "invoice.*", "payment.*");
            Booking booking = books.signedAgreement("Leeds", "Carla");
            String card = books.id(books.createdOnceKnown("/v1/payment-methods", """
                    {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                    """.formatted(booking.contact())));

            JsonNode plan = books.plan(booking, ", \"payment_method_id\": \"" + card + "\"");

            // Moving in today: the plan is active at once, billed from the move-in date at the agreement's fee.
            assertThat(plan.path("status").asString()).isEqualTo("active");
            assertThat(plan.path("default_rail").asString()).isEqualTo("card");
            assertThat(plan.path("payment_method_id").asString()).isEqualTo(card);
            assertThat(plan.path("amount_minor").asLong()).isEqualTo(FEE);
            assertThat(plan.path("start_date").asString()).isEqualTo(booking.moveIn().toString());
            assertThat(plan.path("next_billing_date").asString()).isEqualTo(booking.moveIn().toString());
            assertThat(plan.path("anchor_day").asInt()).isEqualTo(booking.moveIn().getDayOfMonth());
            String id = books.id(plan);

            books.runBilling();

            JsonNode invoices = books.invoices(id);
            assertThat(invoices.size()).as(invoices.toString()).isEqualTo(1);
            JsonNode invoice = invoices.get(0);
            assertThat(invoice.path("status").asString()).isEqualTo("paid");
            assertThat(invoice.path("source").asString()).isEqualTo("billing_run");
            assertThat(invoice.path("collection_method").asString()).isEqualTo("card");
            assertThat(invoice.path("total_minor").asLong()).isEqualTo(FEE);
            assertThat(invoice.path("amount_due_minor").asLong()).isZero();
            JsonNode payment = books.payments(books.id(invoice)).get(0);
            assertThat(payment.path("rail").asString()).isEqualTo("card");
            assertThat(payment.path("status").asString()).isEqualTo("succeeded");
            assertThat(payment.path("amount_minor").asLong()).isEqualTo(FEE);
            JsonNode billed = books.subscription(id);
            assertThat(billed.path("current_period_start").asString()).isEqualTo(booking.moveIn().toString());
            assertThat(billed.path("next_billing_date").asString())
                    .isEqualTo(booking.moveIn().plusMonths(1).toString());

            // A second run finds the period invoiced already.
            books.runBilling();
            assertThat(books.invoices(id).size()).isEqualTo(1);

            List<String> expected = List.of("subscription.created", "invoice.finalized", "invoice.paid",
                    "payment.succeeded");
            assertThat(books.delivered(receiver, endpoint, expected)).containsAll(expected);
        }
    }

    @Test
    void aPlanOnAMandateIsBilledByDirectDebitOnAWorkingDayAndPaidOnceConfirmed() {
        Books books = new Books(stack, "Plan Debit Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = books.endpoint(receiver, "subscription.*", "invoice.*", "payment.*");
            Booking booking = books.signedAgreement("Derby", "Dylan");
            String bank = books.id(books.createdOnceKnown("/v1/payment-methods", """
                    {"contact_id": "%s", "type": "bacs_debit", "bank_account": {"account_holder_name": "Dylan Jones",
                     "sort_code": "20-00-00", "account_number": "55779911"}}
                    """.formatted(booking.contact())));
            String mandate = books.id(books.created("/v1/mandates", """
                    {"contact_id": "%s", "payment_method_id": "%s"}
                    """.formatted(booking.contact(), bank)));
            assertThat(books.ok(books.post("/v1/test-helpers/mandates/" + mandate + "/activate", "{}"))
                    .path("status").asString()).isEqualTo("active");

            JsonNode plan = books.plan(booking, ", \"mandate_id\": \"%s\", \"default_rail\": \"bacs_dd\""
                    .formatted(mandate));
            assertThat(plan.path("default_rail").asString()).isEqualTo("bacs_dd");
            assertThat(plan.path("mandate_id").asString()).isEqualTo(mandate);
            String id = books.id(plan);

            books.runBilling();

            JsonNode invoice = books.invoices(id).get(0);
            String invoiceId = books.id(invoice);
            assertThat(invoice.path("status").asString()).isEqualTo("open");
            assertThat(invoice.path("collection_method").asString()).isEqualTo("bacs_dd");
            assertThat(invoice.path("amount_in_flight_minor").asLong()).isEqualTo(FEE);
            LocalDate due = LocalDate.parse(invoice.path("due_date").asString());
            // Advance notice first: the bank debits on a working day after the move-in date.
            assertThat(due).isAfter(booking.moveIn());
            assertThat(due.getDayOfWeek()).isNotIn(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY);
            JsonNode payments = books.payments(invoiceId);
            assertThat(payments.size()).as(payments.toString()).isEqualTo(1);
            JsonNode payment = payments.get(0);
            assertThat(payment.path("rail").asString()).isEqualTo("bacs_dd");
            assertThat(payment.path("status").asString()).isEqualTo("pending");
            assertThat(payment.path("amount_minor").asLong()).isEqualTo(FEE);
            assertThat(payment.path("provider_charge_date").asString()).isEqualTo(due.toString());

            JsonNode confirmed = books.ok(books.post("/v1/test-helpers/payments/" + books.id(payment) + "/confirm",
                    "{}"));
            assertThat(confirmed.path("status").asString()).isEqualTo("succeeded");
            JsonNode paid = books.ok(books.get("/v1/invoices/" + invoiceId));
            assertThat(paid.path("status").asString()).isEqualTo("paid");
            assertThat(paid.path("amount_due_minor").asLong()).isZero();

            List<String> expected = List.of("subscription.created", "invoice.finalized", "payment.succeeded",
                    "invoice.paid");
            assertThat(books.delivered(receiver, endpoint, expected)).containsAll(expected);
        }
    }

    @Test
    void aCancelledPlanEndsOnceTheClockPassesItsLastDay() {
        Books books = new Books(stack, "Plan Cancel Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = books.endpoint(receiver, "subscription.*");
            Booking booking = books.signedAgreement("Hull", "Cora");
            String id = books.id(books.plan(booking, ""));
            String cancel = "/v1/subscriptions/" + id + "/cancel";

            // A plan cannot end before it began: the agreement's move-in date.
            Http.Response early = books.post(cancel, "{\"effective_date\": \"%s\"}"
                    .formatted(booking.moveIn().minusDays(1)));
            assertThat(Account.issues(early)).containsExactly("effective_date below_minimum");
            assertThat(books.subscription(id).path("status").asString()).isEqualTo("active");

            LocalDate lastDay = booking.moveIn().plusDays(1);
            JsonNode cancelled = books.ok(books.post(cancel, "{\"effective_date\": \"%s\"}".formatted(lastDay)));
            assertThat(cancelled.path("status").asString()).isEqualTo("cancelled");
            assertThat(cancelled.path("ends_on").asString()).isEqualTo(lastDay.toString());
            assertThat(cancelled.path("cancelled_at").isNull()).isFalse();
            assertThat(cancelled.path("ended_at").isNull()).isTrue();
            assertThat(Account.errorCode(books.post(cancel, "{\"effective_date\": \"%s\"}".formatted(lastDay)), 409))
                    .isEqualTo("conflict");

            try {
                books.admin.moveClock(3 * 24 * 3600);
                books.runBilling();
                JsonNode ended = books.subscription(id);
                assertThat(ended.path("status").asString()).isEqualTo("ended");
                assertThat(ended.path("ended_at").isNull()).isFalse();
                assertThat(ended.path("ends_on").asString()).isEqualTo(lastDay.toString());
                // It billed up to its last day and no further.
                JsonNode invoices = books.invoices(id);
                assertThat(invoices.size()).as(invoices.toString()).isEqualTo(1);
                assertThat(invoices.get(0).path("total_minor").asLong()).isPositive().isLessThan(FEE);
            } finally {
                books.admin.moveClock(0);
            }

            List<String> expected = List.of("subscription.created", "subscription.cancelled");
            assertThat(books.delivered(receiver, endpoint, expected)).containsAll(expected);
        }
    }

    @Test
    void aRenewalDateMoveIsPendingBlocksAPatchOfTheDateAndCanBeCancelled() {
        Books books = new Books(stack, "Plan Renewal Storage");
        Booking booking = books.signedAgreement("Bath", "Rhea");
        JsonNode plan = books.plan(booking, "");
        String id = books.id(plan);
        LocalDate next = LocalDate.parse(plan.path("next_billing_date").asString());
        assertThat(plan.path("anchor_day").asInt()).isEqualTo(next.getDayOfMonth());
        LocalDate moved = next.plusDays(10);

        JsonNode moving = books.ok(books.post("/v1/subscriptions/" + id + "/renewal-date",
                "{\"next_billing_date\": \"%s\"}".formatted(moved)));

        JsonNode change = moving.path("pending_renewal_change");
        assertThat(change.path("bridge_start").asString()).isEqualTo(next.toString());
        assertThat(change.path("bridge_end").asString()).isEqualTo(moved.minusDays(1).toString());
        assertThat(change.path("new_period_start").asString()).isEqualTo(moved.toString());
        assertThat(change.path("new_anchor_day").asInt()).isEqualTo(moved.getDayOfMonth());
        assertThat(change.path("bridge_days").asLong()).isEqualTo(10);
        long fullDays = ChronoUnit.DAYS.between(next, next.plusMonths(1));
        assertThat(change.path("bridge_amount_minor").asLong())
                .isEqualTo(Math.round(FEE * 10.0 / fullDays));
        // Until the bridge is billed the plan's date and anchor stay.
        assertThat(moving.path("next_billing_date").asString()).isEqualTo(next.toString());
        assertThat(moving.path("anchor_day").asInt()).isEqualTo(next.getDayOfMonth());

        Http.Response patched = Http.patch(stack.gatewayUrl() + "/v1/subscriptions/" + id, books.key,
                "{\"next_billing_date\": \"%s\"}".formatted(moved));
        assertThat(Account.errorCode(patched, 409)).isEqualTo("subscription_renewal_date_endpoint");
        assertThat(books.subscription(id).path("pending_renewal_change")).isEqualTo(change);

        Http.Response deleted = Http.delete(stack.gatewayUrl() + "/v1/subscriptions/" + id + "/renewal-date",
                books.key);
        JsonNode cleared = books.ok(deleted);
        assertThat(cleared.path("pending_renewal_change").isNull()).isTrue();
        assertThat(cleared.path("next_billing_date").asString()).isEqualTo(next.toString());
        assertThat(books.subscription(id).path("pending_renewal_change").isNull()).isTrue();
    }

    @Test
    void subscriptionsNeedTheAgreementsScopesNotBillingsOrOthers() {
        Books books = new Books(stack, "Plan Scope Storage");
        String noAgreements = books.admin.apiKey(books.operator, "test", "sites:read", "contacts:read",
                "reservations:read", "units:read");
        String billingOnly = books.admin.apiKey(books.operator, "test", "billing:read", "billing:write");

        for (String key : List.of(noAgreements, billingOnly)) {
            Http.Response refused = Http.get(stack.gatewayUrl() + "/v1/subscriptions", key);
            assertThat(Account.errorCode(refused, 403)).isEqualTo("insufficient_scope");
        }
        Http.Response listed = books.get("/v1/subscriptions");
        assertThat(listed.status()).as(listed.body().toString()).isEqualTo(200);
    }
}
