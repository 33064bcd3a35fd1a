package com.storageplatform.billing.provider;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** GoCardlessDirectDebit against a local stub answering as GoCardless's API reference documents. */
class GoCardlessDirectDebitTest {

    @RegisterExtension
    static final WireMockExtension GOCARDLESS = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort()).build();

    static final String ACCESS_TOKEN = "live_NeverInALog0123456789";
    static final UUID MANDATE_ID = UUID.fromString("0190f1c2-0000-7000-8000-00000000000a");
    static final UUID CONTACT_ID = UUID.fromString("0190f1c2-0000-7000-8000-00000000000b");
    static final UUID PAYMENT_ID = UUID.fromString("0190f1c2-0000-7000-8000-00000000000c");

    @Test
    void aMandateIsACustomerTheirBankAccountAndABacsMandateEachCreatedWithItsOwnKey() {
        stubMandateCreation();

        ProviderMandate mandate = gateway(policy()).createMandate(mandate("mandate-key")).block();

        assertThat(mandate).isEqualTo(new ProviderMandate("MD000123", "pending_submission", LocalDate.of(2026, 12, 10)));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/customers"))
                .withHeader("Idempotency-Key", equalTo("mandate-key:customer"))
                .withHeader("Authorization", equalTo("Bearer " + ACCESS_TOKEN))
                .withRequestBody(matchingJsonPath("$.customers.email", equalTo("ann@example.com")))
                .withRequestBody(matchingJsonPath("$.customers.given_name", equalTo("Ann Marie")))
                .withRequestBody(matchingJsonPath("$.customers.family_name", equalTo("Lee")))
                .withRequestBody(matchingJsonPath("$.customers.metadata.contact_id", equalTo(CONTACT_ID.toString()))));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/customer_bank_accounts"))
                .withHeader("Idempotency-Key", equalTo("mandate-key:bank_account"))
                .withRequestBody(matchingJsonPath("$.customer_bank_accounts.branch_code", equalTo("200000")))
                .withRequestBody(matchingJsonPath("$.customer_bank_accounts.account_number", equalTo("55779911")))
                .withRequestBody(matchingJsonPath("$.customer_bank_accounts.country_code", equalTo("GB")))
                .withRequestBody(matchingJsonPath("$.customer_bank_accounts.links.customer", equalTo("CU000123"))));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/mandates"))
                .withHeader("Idempotency-Key", equalTo("mandate-key:mandate"))
                .withRequestBody(matchingJsonPath("$.mandates.scheme", equalTo("bacs")))
                .withRequestBody(matchingJsonPath("$.mandates.reference", equalTo("SP-0001")))
                .withRequestBody(matchingJsonPath("$.mandates.links.customer_bank_account", equalTo("BA000123")))
                .withRequestBody(matchingJsonPath("$.mandates.metadata.mandate_id", equalTo(MANDATE_ID.toString()))));
    }

    @Test
    void bankDetailsGoCardlessRefusesAre422OnTheFieldsTheClientSent() {
        GOCARDLESS.stubFor(post("/customers").willReturn(created("customers", "{\"id\":\"CU000123\"}")));
        GOCARDLESS.stubFor(post("/customer_bank_accounts").willReturn(error(422, "validation_failed", """
                [{"field":"branch_code","message":"is invalid","request_pointer":"/customer_bank_accounts/branch_code"},
                 {"field":"account_number","message":"is invalid",
                  "request_pointer":"/customer_bank_accounts/account_number"}]""")));

        StepVerifier.create(gateway(policy()).createMandate(mandate("k")))
                .expectErrorSatisfies(error -> {
                    ApiException refused = (ApiException) error;
                    assertThat(refused.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
                    assertThat(refused.details()).containsExactly(
                            new FieldIssue("bank_account.sort_code", "invalid"),
                            new FieldIssue("bank_account.account_number", "invalid"));
                    assertThat(refused.getMessage()).doesNotContain("55779911");
                })
                .verify();
        GOCARDLESS.verify(0, postRequestedFor(urlPathEqualTo("/mandates")));
    }

    @Test
    void aCollectionIsAPaymentOnTheMandateForTheDayAskedWithItsKey() {
        GOCARDLESS.stubFor(post("/payments").willReturn(created("payments",
                "{\"id\":\"PM000123\",\"charge_date\":\"2026-12-14\",\"status\":\"pending_submission\",\"amount\":4500}")));

        Collection collection = gateway(policy()).collect(collect("pay-key")).block();

        assertThat(collection).isEqualTo(new Collection("PM000123", LocalDate.of(2026, 12, 14), "pending_submission"));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/payments"))
                .withHeader("Idempotency-Key", equalTo("pay-key"))
                .withRequestBody(matchingJsonPath("$.payments.amount", equalTo("4500")))
                .withRequestBody(matchingJsonPath("$.payments.currency", equalTo("GBP")))
                .withRequestBody(matchingJsonPath("$.payments.charge_date", equalTo("2026-12-14")))
                .withRequestBody(matchingJsonPath("$.payments.links.mandate", equalTo("MD000123")))
                .withRequestBody(matchingJsonPath("$.payments.metadata.payment_id", equalTo(PAYMENT_ID.toString()))));
    }

    @Test
    void aCreateSentAgainUnderItsKeyFindsThePaymentTheFirstMade() {
        GOCARDLESS.stubFor(post("/payments").willReturn(aResponse().withStatus(409).withBody("""
                {"error":{"type":"invalid_state","code":409,"request_id":"req_1",
                 "message":"A resource has already been created with this idempotency key",
                 "errors":[{"reason":"idempotent_creation_conflict",
                   "message":"A resource has already been created with this idempotency key",
                   "links":{"conflicting_resource_id":"PM000123"}}]}}""")));
        GOCARDLESS.stubFor(get("/payments/PM000123").willReturn(okJson(
                "{\"payments\":{\"id\":\"PM000123\",\"charge_date\":\"2026-12-14\",\"status\":\"submitted\"}}")));

        assertThat(gateway(policy()).collect(collect("pay-key")).block())
                .isEqualTo(new Collection("PM000123", LocalDate.of(2026, 12, 14), "submitted"));
    }

    @Test
    void aCollectionOnAnInactiveMandateIsAConflict() {
        GOCARDLESS.stubFor(post("/payments").willReturn(error(422, "invalid_state",
                "[{\"reason\":\"mandate_is_inactive\",\"message\":\"The mandate is cancelled\"}]")));

        StepVerifier.create(gateway(policy()).collect(collect("k")))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(error.getMessage()).contains("The mandate is cancelled");
                })
                .verify();
    }

    @Test
    void aChargeDateGoCardlessCannotMeetIsAConflict() {
        GOCARDLESS.stubFor(post("/payments").willReturn(error(422, "validation_failed", """
                [{"field":"charge_date","message":"must be on or after mandate's next_possible_charge_date",
                  "request_pointer":"/payments/charge_date"}]""")));

        StepVerifier.create(gateway(policy()).collect(collect("k")))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(error.getMessage()).contains("2026-12-14", "next_possible_charge_date");
                })
                .verify();
    }

    @Test
    void aGoCardless5xxIsRetriedWithTheSameKey() {
        GOCARDLESS.stubFor(post("/payments").inScenario("blip").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(error(500, "gocardless", "[]")).willSetStateTo("recovered"));
        GOCARDLESS.stubFor(post("/payments").inScenario("blip").whenScenarioStateIs("recovered")
                .willReturn(created("payments",
                        "{\"id\":\"PM000123\",\"charge_date\":\"2026-12-14\",\"status\":\"pending_submission\"}")));

        assertThat(gateway(policy()).collect(collect("pay-key")).block().providerRef()).isEqualTo("PM000123");
        List<LoggedRequest> sent = GOCARDLESS.findAll(postRequestedFor(urlPathEqualTo("/payments")));
        assertThat(sent).hasSize(2).allSatisfy(request -> assertThat(request.getHeader("Idempotency-Key"))
                .isEqualTo("pay-key"));
    }

    @Test
    void aGoCardlessOutageIs503AfterTheRetry() {
        GOCARDLESS.stubFor(post("/payments").willReturn(error(500, "gocardless", "[]")));

        StepVerifier.create(gateway(policy()).collect(collect("k")))
                .expectErrorSatisfies(GoCardlessDirectDebitTest::assertUnavailable)
                .verify();
        GOCARDLESS.verify(2, postRequestedFor(urlPathEqualTo("/payments")));
    }

    @Test
    void aProxysErrorPageIs503() {
        GOCARDLESS.stubFor(post("/payments").willReturn(aResponse().withStatus(502)
                .withHeader("Content-Type", "text/html").withBody("<html><body>Bad gateway</body></html>")));

        StepVerifier.create(gateway(policy()).collect(collect("k")))
                .expectErrorSatisfies(GoCardlessDirectDebitTest::assertUnavailable)
                .verify();
    }

    @Test
    void aGoCardlessThatDoesNotAnswerInTimeIs503() {
        GOCARDLESS.stubFor(post("/payments").willReturn(created("payments", "{\"id\":\"PM1\"}").withFixedDelay(3000)));
        Policy quick = new Policy(Duration.ofMillis(400), 20, 10, 50, Duration.ofSeconds(30), 1, 2,
                Duration.ofMillis(10));

        StepVerifier.create(gateway(quick).collect(collect("k")))
                .expectErrorSatisfies(GoCardlessDirectDebitTest::assertUnavailable)
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void theCircuitOpensOnRepeatedOutagesAndThenGoCardlessIsNotCalled() {
        GOCARDLESS.stubFor(post("/payments").willReturn(error(503, "gocardless", "[]")));
        Policy fragile = new Policy(Duration.ofSeconds(2), 2, 2, 50, Duration.ofSeconds(45), 1, 1,
                Duration.ofMillis(10));
        GoCardlessDirectDebit gateway = gateway(fragile);

        for (int i = 0; i < 2; i++) {
            StepVerifier.create(gateway.collect(collect("k"))).expectError(ApiException.class).verify();
        }
        StepVerifier.create(gateway.collect(collect("k")))
                .expectErrorSatisfies(error -> {
                    assertUnavailable(error);
                    assertThat(((ApiException) error).headers()).containsEntry("Retry-After", "45");
                })
                .verify();
        GOCARDLESS.verify(2, postRequestedFor(urlPathEqualTo("/payments")));
    }

    @Test
    void aRefusedAccessTokenIsAnInternalErrorThatNeverShowsTheToken() {
        GOCARDLESS.stubFor(post("/payments").willReturn(error(401, "invalid_api_usage",
                "[{\"reason\":\"access_token_not_found\",\"message\":\"Access token not found\"}]")));

        StepVerifier.create(gateway(policy()).collect(collect("k")))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(IllegalStateException.class).hasNoCause();
                    assertThat(error.getMessage()).contains("BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN")
                            .doesNotContain(ACCESS_TOKEN);
                })
                .verify();
        GOCARDLESS.verify(1, postRequestedFor(urlPathEqualTo("/payments")));
    }

    @Test
    void aMandateIsCancelledAndOneCancelledAlreadyIsDone() {
        GOCARDLESS.stubFor(post("/mandates/MD1/actions/cancel").willReturn(okJson(
                "{\"mandates\":{\"id\":\"MD1\",\"status\":\"cancelled\"}}")));
        GOCARDLESS.stubFor(post("/mandates/MD2/actions/cancel").willReturn(error(422, "invalid_state",
                "[{\"reason\":\"cancellation_failed\",\"message\":\"This mandate has already been cancelled\"}]")));
        GOCARDLESS.stubFor(get("/mandates/MD2").willReturn(okJson(
                "{\"mandates\":{\"id\":\"MD2\",\"status\":\"cancelled\"}}")));

        StepVerifier.create(gateway(policy()).cancelMandate("MD1", "k")).verifyComplete();
        StepVerifier.create(gateway(policy()).cancelMandate("MD2", "k")).verifyComplete();
    }

    @Test
    void aCollectionTheBanksHaveCannotBeCancelled() {
        GOCARDLESS.stubFor(post("/payments/PM1/actions/cancel").willReturn(error(422, "invalid_state",
                "[{\"reason\":\"cancellation_failed\",\"message\":\"This payment has been submitted\"}]")));
        GOCARDLESS.stubFor(get("/payments/PM1").willReturn(okJson(
                "{\"payments\":{\"id\":\"PM1\",\"status\":\"submitted\"}}")));

        StepVerifier.create(gateway(policy()).cancelCollection("PM1", "k"))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(error.getMessage()).endsWith("at GoCardless it is submitted.");
                })
                .verify();
    }

    @Test
    void aRefundConfirmsTheTotalRefundedIncludingItself() {
        GOCARDLESS.stubFor(get(urlPathEqualTo("/refunds")).withQueryParam("payment", equalTo("PM1")).willReturn(okJson("""
                {"refunds":[{"id":"RF1","amount":500,"status":"paid"},{"id":"RF2","amount":700,"status":"bounced"}],
                 "meta":{"cursors":{"before":null,"after":null},"limit":50}}""")));
        GOCARDLESS.stubFor(post("/refunds").willReturn(created("refunds",
                "{\"id\":\"RF3\",\"amount\":300,\"status\":\"created\"}")));

        ProviderRefund refund = gateway(policy()).refund(new RefundRequest(UUID.randomUUID(), "PM1", 300, "GBP",
                "refund-key")).block();

        assertThat(refund).isEqualTo(new ProviderRefund("RF3", false, null));
        GOCARDLESS.verify(postRequestedFor(urlPathEqualTo("/refunds"))
                .withHeader("Idempotency-Key", equalTo("refund-key"))
                .withRequestBody(matchingJsonPath("$.refunds.amount", equalTo("300")))
                .withRequestBody(matchingJsonPath("$.refunds.total_amount_confirmation", equalTo("800")))
                .withRequestBody(matchingJsonPath("$.refunds.links.payment", equalTo("PM1"))));
    }

    static void assertUnavailable(Throwable error) {
        assertThat(error).isInstanceOf(ApiException.class);
        ApiException unavailable = (ApiException) error;
        assertThat(unavailable.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(unavailable.getMessage()).startsWith("GoCardless is unavailable.");
        assertThat(unavailable.headers()).containsKey("Retry-After");
    }

    private static void stubMandateCreation() {
        GOCARDLESS.stubFor(post("/customers").willReturn(created("customers", "{\"id\":\"CU000123\"}")));
        GOCARDLESS.stubFor(post("/customer_bank_accounts").willReturn(created("customer_bank_accounts",
                "{\"id\":\"BA000123\",\"account_number_ending\":\"11\",\"bank_name\":\"BARCLAYS BANK PLC\"}")));
        GOCARDLESS.stubFor(post("/mandates").willReturn(created("mandates", """
                {"id":"MD000123","scheme":"bacs","status":"pending_submission",
                 "next_possible_charge_date":"2026-12-10","reference":"SP-0001"}""")));
    }

    private static ResponseDefinitionBuilder created(String envelope, String resource) {
        return aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                .withBody("{\"" + envelope + "\":" + resource + "}");
    }

    private static ResponseDefinitionBuilder error(int status, String type, String errors) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(
                "{\"error\":{\"message\":\"Refused\",\"documentation_url\":\"https://developer.gocardless.com/api-reference#"
                        + type + "\",\"type\":\"" + type + "\",\"request_id\":\"req_1\",\"code\":" + status
                        + ",\"errors\":" + errors + "}}");
    }

    private static CreateMandate mandate(String key) {
        return new CreateMandate(MANDATE_ID, CONTACT_ID, "SP-0001", new BankAccount("Ann Marie Lee", "200000",
                "55779911"), "ann@example.com", key);
    }

    private static Collect collect(String key) {
        return new Collect(PAYMENT_ID, "MD000123", 4500, "GBP", LocalDate.of(2026, 12, 14), "Rent December", key);
    }

    private static Policy policy() {
        return new Policy(Duration.ofSeconds(5), 20, 10, 50, Duration.ofSeconds(30), 1, 2, Duration.ofMillis(10));
    }

    private static GoCardlessDirectDebit gateway(Policy policy) {
        Resilience resilience = new Resilience(new ResilienceProperties(null, Map.of("gocardless", policy)));
        return new GoCardlessDirectDebit(new ProviderSettings.GoCardless(ACCESS_TOKEN, "secret", GOCARDLESS.baseUrl()),
                resilience);
    }
}
