package com.storageplatform.compliance.identity.provider;

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
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** StripeIdentity against a local stub answering as Stripe's API reference documents VerificationSessions. */
class StripeIdentityTest {

    @RegisterExtension
    static final WireMockExtension STRIPE = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort())
            .build();

    static final String API_KEY = "sk_test_NeverInALog0123456789";
    static final UUID VERIFICATION = UUID.fromString("0190f1c2-0000-7000-8000-000000000001");

    static String session(String status, String url) {
        return """
                {"id":"vs_1","object":"identity.verification_session","type":"document","status":"%s",\
                "url":%s,"client_secret":"vs_1_secret","last_error":null,"livemode":false}"""
                .formatted(status, url == null ? "null" : "\"" + url + "\"");
    }

    @Test
    void aCheckIsADocumentSessionWithALiveSelfieNamedAndKeyedByThePlatformsId() {
        STRIPE.stubFor(post("/v1/identity/verification_sessions").willReturn(okJson(session("requires_input",
                "https://verify.stripe.com/start/test_abc"))));

        assertThat(identity(policy()).start(VERIFICATION).block()).isEqualTo("vs_1");

        STRIPE.verify(postRequestedFor(urlPathEqualTo("/v1/identity/verification_sessions"))
                .withHeader("Authorization", equalTo("Bearer " + API_KEY))
                .withHeader("Idempotency-Key", equalTo("identity_verification:" + VERIFICATION))
                .withFormParam("type", equalTo("document"))
                .withFormParam("client_reference_id", equalTo(VERIFICATION.toString()))
                .withFormParam("options[document][require_matching_selfie]", equalTo("true"))
                .withFormParam("options[document][require_live_capture]", equalTo("true"))
                .withFormParam("metadata[identity_verification_id]", equalTo(VERIFICATION.toString())));
    }

    @Test
    void theCustomersPageIsTheSessionsFreshUrlWhileItTakesInputAndNoneOnceProcessing() {
        STRIPE.stubFor(get("/v1/identity/verification_sessions/vs_1").inScenario("session")
                .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("processing")
                .willReturn(okJson(session("requires_input", "https://verify.stripe.com/start/test_fresh"))));
        STRIPE.stubFor(get("/v1/identity/verification_sessions/vs_1").inScenario("session")
                .whenScenarioStateIs("processing").willReturn(okJson(session("processing", null))));
        StripeIdentity identity = identity(policy());

        assertThat(identity.customerPage("vs_1").block()).contains("https://verify.stripe.com/start/test_fresh");
        assertThat(identity.customerPage("vs_1").block()).isEqualTo(Optional.empty());
    }

    @Test
    void anOutageIsRetriedWithTheSameKeyThenAnswered503() {
        STRIPE.stubFor(post("/v1/identity/verification_sessions").inScenario("flaky")
                .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("up")
                .willReturn(aResponse().withStatus(503).withBody("{\"error\":{\"type\":\"api_error\"}}")));
        STRIPE.stubFor(post("/v1/identity/verification_sessions").inScenario("flaky").whenScenarioStateIs("up")
                .willReturn(okJson(session("requires_input", null))));
        assertThat(identity(policy()).start(VERIFICATION).block()).isEqualTo("vs_1");
        STRIPE.verify(2, postRequestedFor(urlPathEqualTo("/v1/identity/verification_sessions"))
                .withHeader("Idempotency-Key", equalTo("identity_verification:" + VERIFICATION)));

        STRIPE.resetAll();
        STRIPE.stubFor(post("/v1/identity/verification_sessions").willReturn(aResponse().withStatus(500)
                .withBody("<html>proxy error</html>")));
        StepVerifier.create(identity(policy()).start(VERIFICATION)).expectErrorSatisfies(error -> {
            ApiException unavailable = (ApiException) error;
            assertThat(unavailable.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
            assertThat(unavailable.getMessage()).startsWith("Stripe Identity is unavailable.");
            assertThat(unavailable.headers()).containsKey("Retry-After");
        }).verify();
    }

    @Test
    void aSlowStripeIsUnavailableNotAHang() {
        STRIPE.stubFor(get("/v1/identity/verification_sessions/vs_1").willReturn(okJson(session("requires_input",
                null)).withFixedDelay(3000)));
        Policy quick = new Policy(Duration.ofMillis(500), 20, 10, 50, Duration.ofSeconds(30), 1, 1,
                Duration.ofMillis(10));
        StepVerifier.create(identity(quick).customerPage("vs_1"))
                .expectErrorSatisfies(error -> assertThat(((ApiException) error).code())
                        .isEqualTo(ErrorCode.SERVICE_UNAVAILABLE))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void aRefusedKeyIsThePlatformsFaultAndNeverShowsTheKey() {
        STRIPE.stubFor(post("/v1/identity/verification_sessions").willReturn(aResponse().withStatus(401).withBody("""
                {"error":{"type":"invalid_request_error","message":"Invalid API Key provided: sk_test_****6789"}}""")));
        StepVerifier.create(identity(policy()).start(VERIFICATION)).expectErrorSatisfies(error -> {
            assertThat(error).isInstanceOf(IllegalStateException.class);
            assertThat(error.getMessage()).contains("COMPLIANCE_IDENTITY_STRIPE_API_KEY").doesNotContain("sk_test");
        }).verify();
    }

    /** Two attempts of a keyed create, quickly, and a breaker that stays shut through a test's few failures. */
    private static Policy policy() {
        return new Policy(Duration.ofSeconds(5), 20, 10, 50, Duration.ofSeconds(30), 1, 2, Duration.ofMillis(10));
    }

    private static StripeIdentity identity(Policy policy) {
        Resilience resilience = new Resilience(new ResilienceProperties(null, Map.of("stripe", policy)));
        return new StripeIdentity(new IdCheckSettings.Stripe(API_KEY, "whsec_1", STRIPE.baseUrl()), resilience);
    }
}
