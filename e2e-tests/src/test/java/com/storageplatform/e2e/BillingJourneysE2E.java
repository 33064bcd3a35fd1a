package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Billing's journeys through the gateway on the devstack: an invoice paid by card, the whole Direct Debit lifecycle
 * with its webhooks verified, a void refused for each cause the API can reach, a credit note, and an offline payment
 * replayed under its key recorded once. The customers are commerce's contacts, which billing learns from commerce's
 * events.
 */
class BillingJourneysE2E {

    static final List<String> SCOPES = List.of("contacts:read", "contacts:write", "billing:read", "billing:write",
            "webhooks:read", "webhooks:write", "events:read");
    static final Duration WAIT = Duration.ofSeconds(60);

    private final DevStack stack = Stack.get();

    /** An operator's test account with the billing scopes, and the calls the journeys make. */
    private static final class Books {
        final DevStack stack;
        final Admin.Operator operator;
        final String key;

        Books(DevStack stack, String name) {
            this.stack = stack;
            Admin admin = new Admin(stack);
            this.operator = admin.newOperator(name);
            this.key = admin.apiKey(operator, "test", SCOPES, null).path("key").asString();
        }

        Http.Response post(String path, String json) {
            return Http.post(stack.gatewayUrl() + path, key, json);
        }

        Http.Response postWithKey(String path, String idempotencyKey, String json) {
            return Http.send(HttpRequest.newBuilder(URI.create(stack.gatewayUrl() + path))
                    .header("Authorization", "Bearer " + key)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", idempotencyKey)
                    .POST(HttpRequest.BodyPublishers.ofString(json)));
        }

        Http.Response get(String path) {
            return Http.get(stack.gatewayUrl() + path, key);
        }

        JsonNode ok(Http.Response response) {
            assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
            return response.data();
        }

        JsonNode created(String path, String json) {
            Http.Response response = post(path, json);
            assertThat(response.status()).as(path + " " + response.body()).isEqualTo(201);
            return response.data();
        }

        /** A customer made through commerce's /v1/contacts. */
        String customer(String first) {
            return created("/v1/contacts", """
                    {"first_name": "%s", "last_name": "Jones", "email": "%s@example.com"}
                    """.formatted(first, first.toLowerCase())).path("id").asString();
        }

        /**
         * An open invoice for the customer: the first request waits until billing has learnt of the customer from
         * commerce's contact.created.
         */
        JsonNode openInvoice(String contact, long amountMinor, String collectionMethod) {
            String body = """
                    {"contact_id": "%s", "currency": "GBP", "collection_method": "%s",
                     "lines": [{"description": "Unit A12, December", "amount_minor": %d, "quantity": 1}]}
                    """.formatted(contact, collectionMethod, amountMinor);
            Http.Response draft = post("/v1/invoices", body);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (draft.status() == 422 && System.nanoTime() < deadline) {
                Webhooks.sleep(200);
                draft = post("/v1/invoices", body);
            }
            assertThat(draft.status()).as(draft.body().toString()).isEqualTo(201);
            return ok(post("/v1/invoices/" + draft.data().path("id").asString() + "/finalize", "{}"));
        }

        JsonNode invoice(String id) {
            return ok(get("/v1/invoices/" + id));
        }

        JsonNode endpoint(String url, String... events) {
            return Http.post(stack.gatewayUrl() + "/v1/webhooks", key,
                    java.util.Map.of("url", url, "enabled_events", List.of(events))).data();
        }

        /** The types delivered to the receiver, each signature verified, once every expected type has arrived. */
        List<String> delivered(WebhookReceiver receiver, JsonNode endpoint, List<String> expected) {
            return Webhooks.deliveredTypes(receiver, endpoint.path("secret").asString(), expected, WAIT);
        }
    }

    @Test
    void anInvoicePaidByCardIsPaidWithItsWebhooks() {
        Books books = new Books(stack, "Card Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = books.endpoint(receiver.url(), "invoice.*", "payment.*");
            String contact = books.customer("Carla");
            JsonNode invoice = books.openInvoice(contact, 12000, "card");
            String card = books.created("/v1/payment-methods", """
                    {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                    """.formatted(contact)).path("id").asString();

            JsonNode payment = books.created("/v1/payments", """
                    {"rail": "card", "invoice_id": "%s", "payment_method_id": "%s", "amount_minor": 12000,
                     "currency": "GBP"}
                    """.formatted(invoice.path("id").asString(), card));

            assertThat(payment.path("status").asString()).isEqualTo("succeeded");
            assertThat(books.invoice(invoice.path("id").asString()).path("status").asString()).isEqualTo("paid");
            assertThat(books.delivered(receiver, endpoint, List.of("invoice.finalized", "payment.succeeded",
                    "invoice.paid"))).contains("invoice.created", "invoice.finalized", "payment.succeeded",
                    "invoice.paid");
        }
    }

    @Test
    void theWholeDirectDebitLifecycleWithItsWebhooks() {
        Books books = new Books(stack, "Debit Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = books.endpoint(receiver.url(), "payment.*", "mandate.*", "invoice.*");
            String contact = books.customer("Dylan");
            JsonNode invoice = books.openInvoice(contact, 9900, "bacs_dd");
            String bank = books.created("/v1/payment-methods", """
                    {"contact_id": "%s", "type": "bacs_debit", "bank_account": {"account_holder_name": "Dylan Jones",
                     "sort_code": "20-00-00", "account_number": "55779911"}}
                    """.formatted(contact)).path("id").asString();
            JsonNode mandate = books.created("/v1/mandates", """
                    {"contact_id": "%s", "payment_method_id": "%s"}
                    """.formatted(contact, bank));
            assertThat(mandate.path("status").asString()).isEqualTo("awaiting_authorisation");
            String mandateId = mandate.path("id").asString();
            assertThat(books.ok(books.post("/v1/test-helpers/mandates/" + mandateId + "/activate", "{}"))
                    .path("status").asString()).isEqualTo("active");

            JsonNode payment = books.created("/v1/payments", """
                    {"rail": "bacs_dd", "invoice_id": "%s", "amount_minor": 9900, "currency": "GBP"}
                    """.formatted(invoice.path("id").asString()));
            String id = payment.path("id").asString();
            assertThat(payment.path("status").asString()).isEqualTo("pending");
            assertThat(payment.path("provider_charge_date").isNull()).isFalse();

            Http.Response inFlight = books.post("/v1/invoices/" + invoice.path("id").asString() + "/void", "{}");
            assertThat(inFlight.status()).isEqualTo(409);
            assertThat(inFlight.body().path("error").path("details").get(0).path("issue").asString())
                    .isEqualTo("invoice_collection_in_flight");

            String helpers = "/v1/test-helpers/payments/" + id;
            JsonNode confirmed = books.ok(books.post(helpers + "/confirm", "{}"));
            assertThat(confirmed.path("status").asString()).isEqualTo("succeeded");
            assertThat(confirmed.path("charged_at").isNull()).isFalse();
            assertThat(books.invoice(invoice.path("id").asString()).path("status").asString()).isEqualTo("paid");
            assertThat(books.ok(books.post(helpers + "/pay-out", "{}")).path("status").asString())
                    .isEqualTo("paid_out");
            assertThat(books.ok(books.post(helpers + "/return", "{}")).path("status").asString())
                    .isEqualTo("late_failure_settled");
            assertThat(books.invoice(invoice.path("id").asString()).path("status").asString())
                    .isIn("open", "overdue");

            List<String> types = books.delivered(receiver, endpoint, List.of("mandate.created", "mandate.active",
                    "payment.succeeded", "invoice.paid", "payment.late_failure_settled"));
            assertThat(types).contains("mandate.created", "mandate.active", "payment.succeeded", "invoice.paid",
                    "payment.late_failure_settled");
            // The payout sends no event.
            assertThat(types).doesNotContain("payment.paid_out");
        }
    }

    @Test
    void aVoidIsRefusedNamingEachCauseAndNothingChanges() {
        Books books = new Books(stack, "Void Storage");
        String contact = books.customer("Vera");

        JsonNode partPaid = books.openInvoice(contact, 5000, "offline");
        books.postWithKey("/v1/payments", UUID.randomUUID().toString(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 1000,
                 "currency": "GBP"}
                """.formatted(partPaid.path("id").asString()));
        JsonNode paid = books.openInvoice(contact, 5000, "offline");
        books.postWithKey("/v1/payments", UUID.randomUUID().toString(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": 5000,
                 "currency": "GBP"}
                """.formatted(paid.path("id").asString()));
        JsonNode credited = books.openInvoice(contact, 5000, "offline");
        books.created("/v1/credit-notes", """
                {"invoice_id": "%s", "amount_minor": 500, "reason": "Goodwill"}
                """.formatted(credited.path("id").asString()));
        JsonNode writtenOff = books.openInvoice(contact, 5000, "offline");
        books.ok(books.post("/v1/invoices/" + writtenOff.path("id").asString() + "/write-off",
                "{\"reason\": \"Customer gone away\"}"));

        assertThat(voidIssue(books, partPaid)).isEqualTo("invoice_part_paid");
        assertThat(voidIssue(books, paid)).isEqualTo("invoice_money_against_it");
        assertThat(voidIssue(books, credited)).isEqualTo("invoice_credit_note_against_it");
        assertThat(voidIssue(books, writtenOff)).isEqualTo("invoice_written_off");

        JsonNode open = books.openInvoice(contact, 5000, "offline");
        JsonNode voided = books.ok(books.post("/v1/invoices/" + open.path("id").asString() + "/void", "{}"));
        assertThat(voided.path("status").asString()).isEqualTo("void");
        assertThat(voided.path("voided_from").asString()).isEqualTo("open");
        assertThat(voided.path("void_reason").isNull()).isTrue();
        assertThat(books.ok(books.post("/v1/invoices/" + open.path("id").asString() + "/void", "{}")))
                .isEqualTo(voided);
    }

    /** The issue a refused void names; the invoice is unchanged by it. */
    private static String voidIssue(Books books, JsonNode invoice) {
        String id = invoice.path("id").asString();
        JsonNode before = books.invoice(id);
        Http.Response refused = books.post("/v1/invoices/" + id + "/void", "{}");
        assertThat(refused.status()).as(refused.body().toString()).isEqualTo(409);
        assertThat(books.invoice(id)).isEqualTo(before);
        return refused.body().path("error").path("details").get(0).path("issue").asString();
    }

    @Test
    void aCreditNoteReducesWhatIsOwed() {
        Books books = new Books(stack, "Credit Storage");
        String contact = books.customer("Cole");
        JsonNode invoice = books.openInvoice(contact, 8000, "offline");

        JsonNode note = books.created("/v1/credit-notes", """
                {"invoice_id": "%s", "amount_minor": 3000, "reason": "Price matched"}
                """.formatted(invoice.path("id").asString()));

        assertThat(note.path("object").asString()).isEqualTo("credit_note");
        JsonNode after = books.invoice(invoice.path("id").asString());
        assertThat(after.path("amount_due_minor").asLong()).isEqualTo(5000);
        assertThat(after.path("amount_credited_minor").asLong()).isEqualTo(3000);
    }

    @Test
    void anOfflinePaymentReplayedWithItsKeyIsRecordedOnce() {
        Books books = new Books(stack, "Cash Storage");
        String contact = books.customer("Olive");
        JsonNode invoice = books.openInvoice(contact, 4000, "offline");
        String key = UUID.randomUUID().toString();
        String body = """
                {"rail": "offline", "offline_method": "other", "reference": "Cheque 000123", "invoice_id": "%s",
                 "amount_minor": 1500, "currency": "GBP"}
                """.formatted(invoice.path("id").asString());

        Http.Response first = books.postWithKey("/v1/payments", key, body);
        Http.Response again = books.postWithKey("/v1/payments", key, body);

        assertThat(first.status()).as(first.body().toString()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.data()).isEqualTo(first.data());
        assertThat(books.invoice(invoice.path("id").asString()).path("amount_paid_minor").asLong()).isEqualTo(1500);
        assertThat(books.ok(books.get("/v1/payments?invoice_id=" + invoice.path("id").asString())).size())
                .isEqualTo(1);
        Http.Response keyless = books.post("/v1/payments", body);
        assertThat(keyless.status()).isEqualTo(422);
        assertThat(keyless.issues()).containsExactly("Idempotency-Key required");
    }
}
