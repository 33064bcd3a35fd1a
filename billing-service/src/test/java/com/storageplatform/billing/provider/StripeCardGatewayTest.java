package com.storageplatform.billing.provider;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** StripeCardGateway against a local stub answering as Stripe's API reference documents. */
class StripeCardGatewayTest {

    @RegisterExtension
    static final WireMockExtension STRIPE = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort())
            .build();

    static final String API_KEY = "sk_test_NeverInALog0123456789";
    static final String CARD = """
            {"id":"pm_1","object":"payment_method","type":"card","customer":"cus_1",
             "card":{"brand":"visa","last4":"4242","exp_month":12,"exp_year":2030}}""";
    static final UUID PAYMENT_ID = UUID.fromString("0190f1c2-0000-7000-8000-000000000001");

    @Test
    void aTokenBecomesACardAttachedToACustomerOfItsOwnEachCreateKeyed() {
        STRIPE.stubFor(post("/v1/payment_methods").willReturn(okJson(CARD.replace("\"cus_1\"", "null"))));
        STRIPE.stubFor(post("/v1/customers").willReturn(okJson("{\"id\":\"cus_1\",\"object\":\"customer\"}")));
        UUID methodId = UUID.randomUUID();

        StoredCard card = gateway(policy()).saveCard(new SaveCard(methodId, "tok_visa", "pm-key")).block();

        assertThat(card).isEqualTo(new StoredCard("pm_1", "visa", "4242", 12, 2030));
        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/payment_methods"))
                .withHeader("Idempotency-Key", equalTo("pm-key:payment_method"))
                .withHeader("Authorization", equalTo("Bearer " + API_KEY))
                .withFormParam("type", equalTo("card"))
                .withFormParam("card[token]", equalTo("tok_visa"))
                .withFormParam("metadata[payment_method_id]", equalTo(methodId.toString())));
        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/customers"))
                .withHeader("Idempotency-Key", equalTo("pm-key:customer"))
                .withFormParam("payment_method", equalTo("pm_1")));
    }

    @Test
    void aTokenStripeDoesNotKnowIs422OnCardToken() {
        STRIPE.stubFor(post("/v1/payment_methods").willReturn(aResponse().withStatus(400).withBody("""
                {"error":{"type":"invalid_request_error","code":"resource_missing","param":"card[token]",
                 "message":"No such token: 'tok_unknown'"}}""")));

        StepVerifier.create(gateway(policy()).saveCard(new SaveCard(UUID.randomUUID(), "tok_unknown", "k")))
                .expectErrorSatisfies(error -> {
                    ApiException refused = (ApiException) error;
                    assertThat(refused.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
                    assertThat(refused.details()).containsExactly(new FieldIssue("card_token", "invalid"));
                    assertThat(refused.getMessage()).contains("No such token: 'tok_unknown'");
                })
                .verify();
    }

    @Test
    void aCardDeclinedWhileSavingIs422OnCardToken() {
        STRIPE.stubFor(post("/v1/payment_methods").willReturn(okJson(CARD.replace("\"cus_1\"", "null"))));
        STRIPE.stubFor(post("/v1/customers").willReturn(aResponse().withStatus(402).withBody("""
                {"error":{"type":"card_error","code":"card_declined","decline_code":"do_not_honor",
                 "message":"Your card was declined."}}""")));

        StepVerifier.create(gateway(policy()).saveCard(new SaveCard(UUID.randomUUID(), "tok_visa", "k")))
                .expectErrorSatisfies(error -> assertThat(((ApiException) error).details())
                        .containsExactly(new FieldIssue("card_token", "invalid")))
                .verify();
    }

    @Test
    void aChargeIsAConfirmedPaymentIntentWithTheCustomerPresentAndItsKey() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").willReturn(okJson(
                "{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));

        CardCharge charge = gateway(policy()).charge(charge("pay-key")).block();

        assertThat(charge).isEqualTo(new CardCharge("pi_1", CardCharge.Outcome.SUCCEEDED, null, null, null));
        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/payment_intents"))
                .withHeader("Idempotency-Key", equalTo("pay-key"))
                .withFormParam("amount", equalTo("1500"))
                .withFormParam("currency", equalTo("gbp"))
                .withFormParam("customer", equalTo("cus_1"))
                .withFormParam("payment_method", equalTo("pm_1"))
                .withFormParam("confirm", equalTo("true"))
                .withFormParam("off_session", equalTo("false"))
                .withFormParam("return_url", equalTo("https://app.example.com/payments/return"))
                .withFormParam("metadata[payment_id]", equalTo(PAYMENT_ID.toString())));
    }

    @Test
    void aDeclinedCardIsAFailedChargeWithStripesCodeNotAnError() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").willReturn(aResponse().withStatus(402).withBody("""
                {"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds",
                 "message":"Your card has insufficient funds.",
                 "payment_intent":{"id":"pi_2","object":"payment_intent","status":"requires_payment_method"}}}""")));

        CardCharge charge = gateway(policy()).charge(charge("k")).block();

        assertThat(charge).isEqualTo(new CardCharge("pi_2", CardCharge.Outcome.FAILED, null, "insufficient_funds",
                "Your card has insufficient funds."));
        STRIPE.verify(1, postRequestedFor(urlPathEqualTo("/v1/payment_intents")));
    }

    @Test
    void aChargeNeedingStepUpAnswersStripesRedirect() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").willReturn(okJson("""
                {"id":"pi_3","object":"payment_intent","status":"requires_action",
                 "next_action":{"type":"redirect_to_url","redirect_to_url":{
                   "url":"https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_3",
                   "return_url":"https://app.example.com/payments/return"}}}""")));

        CardCharge charge = gateway(policy()).charge(charge("k")).block();

        assertThat(charge.outcome()).isEqualTo(CardCharge.Outcome.REQUIRES_ACTION);
        assertThat(charge.redirectUrl()).isEqualTo("https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_3");
    }

    @Test
    void aCardNoLongerAtStripeIsAConflict() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(aResponse().withStatus(404).withBody("""
                {"error":{"type":"invalid_request_error","code":"resource_missing","param":"payment_method",
                 "message":"No such PaymentMethod: 'pm_1'"}}""")));

        StepVerifier.create(gateway(policy()).charge(charge("k")))
                .expectErrorSatisfies(error -> assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT))
                .verify();
    }

    @Test
    void aRequestStripeRefusesAsBuiltIsAnInternalError() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").willReturn(aResponse().withStatus(400).withBody("""
                {"error":{"type":"invalid_request_error","code":"parameter_invalid_integer","param":"amount",
                 "message":"Invalid integer: -1"}}""")));

        StepVerifier.create(gateway(policy()).charge(charge("k")))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(IllegalStateException.class);
                    assertThat(error.getMessage()).contains("parameter_invalid_integer", "amount");
                })
                .verify();
    }

    @Test
    void aRefusedApiKeyIsAnInternalErrorThatNeverShowsTheKey() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(aResponse().withStatus(401).withBody("""
                {"error":{"type":"invalid_request_error",
                 "message":"Invalid API Key provided: sk_test_****6789"}}""")));

        StepVerifier.create(gateway(policy()).charge(charge("k")))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(IllegalStateException.class).hasNoCause();
                    assertThat(error.getMessage()).contains("BILLING_PROVIDERS_STRIPE_API_KEY")
                            .doesNotContain(API_KEY).doesNotContain("6789");
                })
                .verify();
    }

    @Test
    void aStripe5xxIsRetriedWithTheSameKeyAndTheSecondAnswerTaken() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").inScenario("blip").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(500).withBody("{\"error\":{\"type\":\"api_error\"}}"))
                .willSetStateTo("recovered"));
        STRIPE.stubFor(post("/v1/payment_intents").inScenario("blip").whenScenarioStateIs("recovered")
                .willReturn(okJson("{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));

        CardCharge charge = gateway(policy()).charge(charge("pay-key")).block();

        assertThat(charge.outcome()).isEqualTo(CardCharge.Outcome.SUCCEEDED);
        List<LoggedRequest> sent = STRIPE.findAll(postRequestedFor(urlPathEqualTo("/v1/payment_intents")));
        assertThat(sent).hasSize(2).allSatisfy(request -> assertThat(request.getHeader("Idempotency-Key"))
                .isEqualTo("pay-key"));
    }

    @Test
    void aStripeOutageIs503WithRetryAfter() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD)));
        STRIPE.stubFor(post("/v1/payment_intents").willReturn(aResponse().withStatus(503)));

        StepVerifier.create(gateway(policy()).charge(charge("k")))
                .expectErrorSatisfies(StripeCardGatewayTest::assertUnavailable)
                .verify();
        STRIPE.verify(2, postRequestedFor(urlPathEqualTo("/v1/payment_intents")));
    }

    @Test
    void aStripeThatDoesNotAnswerInTimeIs503() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(okJson(CARD).withFixedDelay(3000)));
        Policy quick = new Policy(Duration.ofMillis(400), 20, 10, 50, Duration.ofSeconds(30), 1, 2,
                Duration.ofMillis(10));

        StepVerifier.create(gateway(quick).charge(charge("k")))
                .expectErrorSatisfies(StripeCardGatewayTest::assertUnavailable)
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void aStripeRateLimitIs503() {
        STRIPE.stubFor(post("/v1/refunds").willReturn(aResponse().withStatus(429).withBody(
                "{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"rate_limit\",\"message\":\"Too many\"}}")));

        StepVerifier.create(gateway(policy()).refund(new RefundRequest(UUID.randomUUID(), "pi_1", 500, "GBP", "k")))
                .expectErrorSatisfies(StripeCardGatewayTest::assertUnavailable)
                .verify();
    }

    @Test
    void theCircuitOpensOnRepeatedOutagesAndThenStripeIsNotCalled() {
        STRIPE.stubFor(get("/v1/payment_methods/pm_1").willReturn(aResponse().withStatus(500)));
        Policy fragile = new Policy(Duration.ofSeconds(2), 2, 2, 50, Duration.ofSeconds(60), 1, 1,
                Duration.ofMillis(10));
        StripeCardGateway gateway = gateway(fragile);

        for (int i = 0; i < 2; i++) {
            StepVerifier.create(gateway.charge(charge("k"))).expectError(ApiException.class).verify();
        }
        StepVerifier.create(gateway.charge(charge("k")))
                .expectErrorSatisfies(error -> {
                    assertUnavailable(error);
                    assertThat(((ApiException) error).headers()).containsEntry("Retry-After", "60");
                })
                .verify();
        STRIPE.verify(2, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlPathEqualTo("/v1/payment_methods/pm_1")));
    }

    @Test
    void aCardRefusalNeitherRetriesNorCountsAgainstTheCircuit() {
        STRIPE.stubFor(post("/v1/payment_methods").willReturn(aResponse().withStatus(400).withBody(
                "{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"token_already_used\",\"message\":\"Used\"}}")));
        Policy fragile = new Policy(Duration.ofSeconds(2), 2, 2, 50, Duration.ofSeconds(60), 1, 3,
                Duration.ofMillis(10));
        StripeCardGateway gateway = gateway(fragile);

        for (int i = 0; i < 3; i++) {
            StepVerifier.create(gateway.saveCard(new SaveCard(UUID.randomUUID(), "tok_used", "k")))
                    .expectErrorSatisfies(error -> assertThat(((ApiException) error).code())
                            .isEqualTo(ErrorCode.VALIDATION_ERROR))
                    .verify();
        }
        STRIPE.verify(3, postRequestedFor(urlPathEqualTo("/v1/payment_methods")));
    }

    @Test
    void aChargeAwaitingStepUpIsCancelledWithItsKey() {
        STRIPE.stubFor(post("/v1/payment_intents/pi_3/cancel").willReturn(okJson(
                "{\"id\":\"pi_3\",\"object\":\"payment_intent\",\"status\":\"canceled\"}")));

        assertThat(gateway(policy()).cancel("pi_3", "cancel-key").block().outcome())
                .isEqualTo(CardCharge.Outcome.CANCELLED);
        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/payment_intents/pi_3/cancel"))
                .withHeader("Idempotency-Key", equalTo("cancel-key")));
    }

    @Test
    void aChargeStripeHasCompletedCannotBeCancelled() {
        STRIPE.stubFor(post("/v1/payment_intents/pi_3/cancel").willReturn(aResponse().withStatus(400).withBody("""
                {"error":{"type":"invalid_request_error","code":"payment_intent_unexpected_state",
                 "message":"You cannot cancel this PaymentIntent because it has a status of succeeded.",
                 "payment_intent":{"id":"pi_3","object":"payment_intent","status":"succeeded"}}}""")));

        StepVerifier.create(gateway(policy()).cancel("pi_3", "k"))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(error.getMessage()).endsWith("at Stripe it is succeeded.");
                })
                .verify();
    }

    @Test
    void aRefundIsKeyedAndSucceededOnlyWhenStripeSaysSo() {
        STRIPE.stubFor(post("/v1/refunds").willReturn(okJson(
                "{\"id\":\"re_1\",\"object\":\"refund\",\"status\":\"pending\",\"amount\":500}")));
        UUID refundId = UUID.randomUUID();

        ProviderRefund refund = gateway(policy()).refund(new RefundRequest(refundId, "pi_1", 500, "GBP", "re-key"))
                .block();

        assertThat(refund).isEqualTo(new ProviderRefund("re_1", false, null));
        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/refunds"))
                .withHeader("Idempotency-Key", equalTo("re-key"))
                .withFormParam("payment_intent", equalTo("pi_1"))
                .withFormParam("amount", equalTo("500"))
                .withFormParam("metadata[refund_id]", equalTo(refundId.toString())));
    }

    @Test
    void aRefundOfMoreThanIsLeftIsAConflict() {
        STRIPE.stubFor(post("/v1/refunds").willReturn(aResponse().withStatus(400).withBody("""
                {"error":{"type":"invalid_request_error","code":"charge_already_refunded",
                 "message":"Charge ch_1 has already been refunded."}}""")));

        StepVerifier.create(gateway(policy()).refund(new RefundRequest(UUID.randomUUID(), "pi_1", 500, "GBP", "k")))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(error.getMessage()).contains("has already been refunded");
                })
                .verify();
    }

    static void assertUnavailable(Throwable error) {
        assertThat(error).isInstanceOf(ApiException.class);
        ApiException unavailable = (ApiException) error;
        assertThat(unavailable.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(unavailable.getMessage()).startsWith("Stripe is unavailable.");
        assertThat(unavailable.headers()).containsKey("Retry-After");
    }

    private static ChargeCard charge(String key) {
        return new ChargeCard(PAYMENT_ID, "pm_1", 1500, "GBP", "Invoice INV-1",
                "https://app.example.com/payments/return", key);
    }

    /** Two attempts of a keyed create, quickly, and a breaker that stays shut through a test's few failures. */
    private static Policy policy() {
        return new Policy(Duration.ofSeconds(5), 20, 10, 50, Duration.ofSeconds(30), 1, 2, Duration.ofMillis(10));
    }

    private static StripeCardGateway gateway(Policy policy) {
        Resilience resilience = new Resilience(new ResilienceProperties(null, Map.of("stripe", policy)));
        return new StripeCardGateway(new ProviderSettings.Stripe(API_KEY, "whsec_1", STRIPE.baseUrl()), resilience);
    }

}
