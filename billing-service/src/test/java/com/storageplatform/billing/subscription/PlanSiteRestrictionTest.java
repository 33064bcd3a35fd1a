package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.billing.support.BillingApi;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
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
 * Site restriction on plans and their price increases (found by the e2e tenancy matrix: a key restricted to another
 * site read, listed, changed and cancelled them): a plan at a site outside the caller's sites is 403
 * {@code site_forbidden} by id, and lists leave it out; an invoice or a payment naming it is 403 as well (found by
 * the matrix's creates naming another site: both were made).
 */
@PlatformTest
class PlanSiteRestrictionTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    PlanFixtures f;
    Caller elsewhere;
    String plan;
    String increase;

    @BeforeEach
    void setUp() {
        f = new PlanFixtures(client, json, db);
        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        plan = f.monthlyPlan(f.agreement(today.minusDays(3), 6000), "").get("id").asString();
        increase = f.api.body(f.api.action(f.caller, plan, "price-increases",
                "{\"amount_minor\": 6500, \"effective_date\": \"" + today.plusMonths(3) + "\"}")
                .expectStatus().isCreated()).get("data").get("id").asString();
        elsewhere = TestCallers.restrictedTo(f.caller, f.bookings.site(f.caller));
    }

    @Test
    void aPlanAtAnotherSiteIsForbiddenByIdToAKeyRestrictedToOtherSites() {
        assertThat(f.api.errorCode(f.api.get(elsewhere, "/" + plan), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.patch(elsewhere, plan, "{\"auto_collect\": false}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.action(elsewhere, plan, "cancel",
                "{\"effective_date\": \"2030-01-01\"}"), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.get(elsewhere, "/" + plan + "/price-increases"), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.action(elsewhere, plan, "price-increases/" + increase + "/cancel", "{}"),
                403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.delete(elsewhere, plan + "/promotion"), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.on("/v1/price-increases").get(elsewhere, "/" + increase), 403))
                .isEqualTo("site_forbidden");

        JsonNode unchanged = f.api.read(f.caller, plan);
        assertThat(unchanged.get("status").asString()).isEqualTo("active");
        assertThat(unchanged.get("auto_collect").asBoolean()).isTrue();
        assertThat(f.api.on("/v1/price-increases").read(f.caller, increase).get("status").asString())
                .isEqualTo("scheduled");
    }

    @Test
    void listsLeaveOutPlansAndIncreasesAtSitesOutsideTheCallersAndCreatingThereIsForbidden() {
        assertThat(f.api.listedIds(elsewhere, "")).isEmpty();
        assertThat(f.api.on("/v1/price-increases").listedIds(elsewhere, "")).isEmpty();
        assertThat(f.api.listedIds(TestCallers.restrictedTo(f.caller, f.site), "")).containsExactly(plan);
        assertThat(f.api.on("/v1/price-increases").listedIds(TestCallers.restrictedTo(f.caller, f.site), ""))
                .containsExactly(increase);

        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        assertThat(f.api.errorCode(f.api.post(elsewhere, f.body(f.agreement(today, 6000), "")), 403))
                .isEqualTo("site_forbidden");
    }

    @Test
    void anInvoiceOrAPaymentNamingAPlanAtAnotherSiteIsForbiddenAndNothingIsMade() {
        BillingApi invoices = f.api.on("/v1/invoices");
        BillingApi payments = f.api.on("/v1/payments");
        String invoice = """
                {"contact_id": "%s", "subscription_id": "%s", "currency": "GBP", "collection_method": "offline",
                 "lines": [{"description": "Key deposit", "amount_minor": 1000, "quantity": 1}]}
                """.formatted(f.customer, plan);
        String payment = """
                {"rail": "offline", "offline_method": "card_terminal", "contact_id": "%s", "subscription_id": "%s",
                 "amount_minor": 1000, "currency": "GBP"}
                """.formatted(f.customer, plan);
        List<String> invoicesBefore = invoices.listedIds(f.caller, "");
        List<String> paymentsBefore = payments.listedIds(f.caller, "");

        assertThat(invoices.errorCode(invoices.post(elsewhere, invoice), 403)).isEqualTo("site_forbidden");
        assertThat(payments.errorCode(keyed(elsewhere, payment), 403)).isEqualTo("site_forbidden");
        assertThat(invoices.listedIds(f.caller, "")).isEqualTo(invoicesBefore);
        assertThat(payments.listedIds(f.caller, "")).isEqualTo(paymentsBefore);

        // A key restricted to the plan's own site names it as before.
        Caller there = TestCallers.restrictedTo(f.caller, f.site);
        invoices.post(there, invoice).expectStatus().isCreated();
        keyed(there, payment).expectStatus().isCreated();
    }

    /** {@code POST /v1/payments} with the {@code Idempotency-Key} money taken at the desk needs. */
    private WebTestClient.ResponseSpec keyed(Caller caller, String body) {
        return client.post().uri("/v1/payments").header("Authorization", TestCallers.bearer(caller))
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }
}
