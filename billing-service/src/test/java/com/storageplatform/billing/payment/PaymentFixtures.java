package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a payment test sets up through the API: invoices, cards, active mandates, and payments with their keys. */
final class PaymentFixtures {

    final WebTestClient client;
    final BillingApi payments;
    final BillingApi invoices;
    final BillingApi helpers;
    final Accounts accounts;

    PaymentFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.client = client;
        this.payments = new BillingApi(client, json, "/v1/payments");
        this.invoices = payments.on("/v1/invoices");
        this.helpers = payments.on("/v1/test-helpers/payments");
        this.accounts = new Accounts(db, json);
    }

    /** An open invoice of {@code customer} for {@code amountMinor} in GBP, collected by {@code method}. */
    JsonNode openInvoice(Caller caller, UUID customer, long amountMinor, String method) {
        String id = invoices.createId(caller, """
                {"contact_id": "%s", "currency": "GBP", "collection_method": "%s",
                 "lines": [{"description": "Unit A12, December", "amount_minor": %d, "quantity": 1}]}
                """.formatted(customer, method, amountMinor));
        return invoices.body(invoices.action(caller, id, "finalize", "").expectStatus().isOk()).get("data");
    }

    String openInvoiceId(Caller caller, UUID customer, long amountMinor) {
        return openInvoice(caller, customer, amountMinor, "offline").get("id").asString();
    }

    JsonNode invoice(Caller caller, String id) {
        return invoices.read(caller, id);
    }

    /** A card of {@code customer} saved from a test token; their default card when it is their first. */
    String card(Caller caller, UUID customer, String token) {
        return payments.on("/v1/payment-methods").createId(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "%s"}
                """.formatted(customer, token));
    }

    /** An active Bacs mandate of {@code customer}, on a bank account of theirs. */
    String activeMandate(Caller caller, UUID customer) {
        payments.on("/v1/payment-methods").createId(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "20-00-00",
                                  "account_number": "55779911"}}
                """.formatted(customer));
        String mandate = payments.on("/v1/mandates").createId(caller, """
                {"contact_id": "%s"}
                """.formatted(customer));
        payments.on("/v1/test-helpers/mandates").action(caller, mandate, "activate", "").expectStatus().isOk();
        return mandate;
    }

    /** {@code POST /v1/payments} with an {@code Idempotency-Key} (null for none). */
    WebTestClient.ResponseSpec post(Caller caller, String key, String body) {
        WebTestClient.RequestBodySpec request = client.post().uri("/v1/payments")
                .header("Authorization", TestCallers.bearer(caller));
        if (key != null) {
            request = request.header("Idempotency-Key", key);
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    /** A payment made with a fresh key, answered 201. */
    JsonNode pay(Caller caller, String body) {
        return payments.body(post(caller, "key-" + Ids.newId(), body).expectStatus().isCreated()).get("data");
    }

    JsonNode offline(Caller caller, String invoiceId, long amountMinor) {
        return pay(caller, """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": %d,
                 "currency": "GBP"}
                """.formatted(invoiceId, amountMinor));
    }

    JsonNode helper(Caller caller, String paymentId, String helper) {
        return payments.body(helpers.action(caller, paymentId, helper, "").expectStatus().isOk()).get("data");
    }

    List<String> eventTypes(Object subject) {
        return accounts.eventTypes(subject);
    }

    List<JsonNode> events(Object subject) {
        return accounts.events(subject);
    }

    /** The data of the last event of {@code type} billing wrote about {@code subject}. */
    JsonNode lastEvent(Object subject, String type) {
        List<JsonNode> found = events(subject).stream().filter(e -> e.get("type").asString().equals(type)).toList();
        assertThat(found).as("%s events of %s", type, subject).isNotEmpty();
        return found.get(found.size() - 1).get("data");
    }
}
