package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Invoices and payments that name a plan: an invoice made through the API for a plan of its customer, and payments
 * rule 5 (a {@code subscription_id} must be a plan of the customer paying, or the plan of the invoice).
 */
@PlatformTest
class PlanReferencesTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    PlanFixtures f;
    BillingApi invoices;
    String plan;
    UUID someoneElse;

    @BeforeEach
    void setUp() {
        f = new PlanFixtures(client, json, db);
        invoices = f.api.on("/v1/invoices");
        plan = f.monthlyPlan(f.agreement(LocalDate.now(ZoneId.of("Europe/London")), 3000), "").get("id")
                .asString();
        someoneElse = f.accounts.customer(f.caller);
    }

    String invoiceBody(UUID contact, String planId) {
        return """
                {"contact_id": "%s", "currency": "GBP", "subscription_id": "%s",
                 "lines": [{"description": "Key replacement", "amount_minor": 1500, "quantity": 1}]}
                """.formatted(contact, planId);
    }

    @Test
    void anInvoiceMayNameAPlanOfItsCustomer() {
        JsonNode invoice = invoices.create(f.caller, invoiceBody(f.customer, plan));

        assertThat(invoice.get("subscription_id").asString()).isEqualTo(plan);
        assertThat(invoices.issues(invoices.post(f.caller, invoiceBody(someoneElse, plan)), 422))
                .containsExactly("subscription_id not_allowed");
        assertThat(invoices.issues(invoices.post(f.caller, invoiceBody(f.customer, Ids.newId().toString())), 422))
                .containsExactly("subscription_id not_found");
    }

    WebTestClient.ResponseSpec pay(UUID contact, String planId) {
        return client.post().uri("/v1/payments").header("Authorization", TestCallers.bearer(f.caller))
                .header("Idempotency-Key", "k-" + Ids.newId()).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("""
                        {"rail": "offline", "offline_method": "card_terminal", "contact_id": "%s",
                         "subscription_id": "%s", "amount_minor": 3000, "currency": "GBP"}
                        """.formatted(contact, planId))
                .exchange();
    }

    @Test
    void rule5APaymentMayNameAPlanOfTheCustomerPaying() {
        JsonNode payment = f.api.body(pay(f.customer, plan).expectStatus().isCreated()).get("data");

        assertThat(payment.get("subscription_id").asString()).isEqualTo(plan);
        assertThat(f.api.issues(pay(someoneElse, plan), 422)).containsExactly("subscription_id not_allowed");
        assertThat(f.api.issues(pay(f.customer, Ids.newId().toString()), 422))
                .containsExactly("subscription_id not_found");
    }
}
