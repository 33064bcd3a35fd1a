package com.storageplatform.billing.paymentmethod;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A live account's bank account, through the API to a local stub of GoCardless's API: saved at GoCardless when the
 * payment method is created (its details checked then), kept here only as GoCardless's references, and a mandate
 * made later on the bank account GoCardless keeps.
 */
@PlatformTest
class LiveBankAccountTest {

    static final WireMockServer GOCARDLESS = new WireMockServer(wireMockConfig().dynamicPort());

    static {
        GOCARDLESS.start();
    }

    @DynamicPropertySource
    static void gocardless(DynamicPropertyRegistry registry) {
        registry.add("billing.providers.gocardless.access-token", () -> "live_token_for_tests");
        registry.add("billing.providers.gocardless.webhook-secret", () -> "live_webhook_secret_for_tests");
        registry.add("billing.providers.gocardless.base-url", GOCARDLESS::baseUrl);
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    BillingApi api;
    BillingApi mandates;
    Accounts accounts;
    Caller live;
    UUID customer;

    @BeforeEach
    void setUp() {
        GOCARDLESS.resetAll();
        api = new BillingApi(client, json, "/v1/payment-methods");
        mandates = api.on("/v1/mandates");
        accounts = new Accounts(db, json);
        Caller test = BillingApi.newAccount();
        live = new Caller(test.accountId(), test.operatorId(), Environment.LIVE, test.scopes(), null,
                test.actorType(), test.credentialId(), test.requestId());
        customer = accounts.customer(live);
    }

    WebTestClient.ResponseSpec postBankAccount() {
        return api.post(live, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "20-00-00",
                                  "account_number": "55779911"}}
                """.formatted(customer));
    }

    @Test
    void aBankAccountIsSavedAtGoCardlessWhenCreatedAndOnlyItsReferencesAreKept() {
        stubBankAccountCreation();

        JsonNode method = api.body(postBankAccount().expectStatus().isCreated()).get("data");

        String id = method.get("id").asString();
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/customers"))
                .withHeader("Idempotency-Key", equalTo("payment-method-" + id + ":customer"))
                .withRequestBody(matchingJsonPath("$.customers.email", equalTo("ada." + customer + "@example.com"))));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/customer_bank_accounts"))
                .withHeader("Idempotency-Key", equalTo("payment-method-" + id + ":bank_account"))
                .withRequestBody(matchingJsonPath("$.customer_bank_accounts.account_number", equalTo("55779911"))));
        GOCARDLESS.verify(0, postRequestedFor(urlPathEqualTo("/mandates")));
        assertThat(method.get("bacs_debit").get("account_number_last4").asString()).isEqualTo("9911");
        Map<String, Object> row = db.sql("SELECT * FROM payment_methods WHERE id = :id")
                .bind("id", UUID.fromString(id)).fetch().one().block();
        assertThat(row).allSatisfy((column, value) -> assertThat(String.valueOf(value)).as(column)
                .doesNotContain("55779911"));
        assertThat(row).containsEntry("provider_ref", "BA000123").containsEntry("provider_customer_ref", "CU000123");
    }

    @Test
    void bankDetailsGoCardlessRefusesAre422OnTheirFieldsAndNothingIsSaved() {
        GOCARDLESS.stubFor(post("/customers").willReturn(created("customers", "{\"id\":\"CU000123\"}")));
        GOCARDLESS.stubFor(post("/customer_bank_accounts").willReturn(error(422, "validation_failed", """
                [{"field":"account_number","message":"is invalid",
                  "request_pointer":"/customer_bank_accounts/account_number"}]""")));

        assertThat(api.issues(postBankAccount())).containsExactly("bank_account.account_number invalid");
        assertThat(api.listedIds(live, "?contact_id=" + customer)).isEmpty();
    }

    @Test
    void aGoCardlessOutageIs503AndNothingIsSaved() {
        GOCARDLESS.stubFor(post("/customers").willReturn(error(503, "gocardless", "[]")));

        assertThat(api.errorCode(postBankAccount(), 503)).isEqualTo("service_unavailable");
        assertThat(api.listedIds(live, "?contact_id=" + customer)).isEmpty();
    }

    @Test
    void aMandateIsMadeAtGoCardlessOnTheBankAccountItKeeps() {
        stubBankAccountCreation();
        String bank = api.body(postBankAccount().expectStatus().isCreated()).get("data").get("id").asString();
        GOCARDLESS.stubFor(post("/mandates").willReturn(created("mandates", """
                {"id":"MD000123","scheme":"bacs","status":"pending_submission",
                 "next_possible_charge_date":"2026-12-10"}""")));

        JsonNode mandate = mandates.create(live, """
                {"contact_id": "%s", "payment_method_id": "%s"}
                """.formatted(customer, bank));

        assertThat(mandate.get("provider_mandate_ref").asString()).isEqualTo("MD000123");
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/mandates"))
                .withHeader("Idempotency-Key", equalTo("mandate-" + mandate.get("id").asString()))
                .withRequestBody(matchingJsonPath("$.mandates.links.customer_bank_account", equalTo("BA000123")))
                .withRequestBody(matchingJsonPath("$.mandates.reference", equalTo(mandate.get("reference")
                        .asString()))));
        GOCARDLESS.verify(1, postRequestedFor(urlPathEqualTo("/customer_bank_accounts")));
    }

    @Test
    void aBankAccountGoCardlessHasDisabledIsAConflictAndNoMandateIsMade() {
        stubBankAccountCreation();
        String bank = api.body(postBankAccount().expectStatus().isCreated()).get("data").get("id").asString();
        GOCARDLESS.stubFor(post("/mandates").willReturn(error(422, "invalid_state", """
                [{"reason":"bank_account_disabled",
                  "message":"The mandate could not be created because the customer bank account linked is disabled"}]\
                """)));

        assertThat(mandates.errorMessage(mandates.post(live, """
                {"contact_id": "%s", "payment_method_id": "%s"}
                """.formatted(customer, bank)), 409, "conflict")).contains("disabled", "Add the bank account again");
        assertThat(mandates.listedIds(live, "?contact_id=" + customer)).isEmpty();
    }

    private static void stubBankAccountCreation() {
        GOCARDLESS.stubFor(post("/customers").willReturn(created("customers", "{\"id\":\"CU000123\"}")));
        GOCARDLESS.stubFor(post("/customer_bank_accounts").willReturn(created("customer_bank_accounts",
                "{\"id\":\"BA000123\",\"account_number_ending\":\"11\"}")));
    }

    private static ResponseDefinitionBuilder created(String envelope, String resource) {
        return aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("{\"" + envelope + "\":" + resource + "}");
    }

    private static ResponseDefinitionBuilder error(int status, String type, String errors) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(
                "{\"error\":{\"message\":\"Refused\",\"type\":\"" + type + "\",\"request_id\":\"req_1\",\"code\":"
                        + status + ",\"errors\":" + errors + "}}");
    }
}
