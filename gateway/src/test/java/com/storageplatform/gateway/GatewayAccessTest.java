package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;


import com.storageplatform.gateway.access.ReplacedHeaderFilters;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenVerifier;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.cloud.gateway.filter.AdaptCachedBodyGlobalFilter;
import org.springframework.cloud.gateway.filter.ForwardPathFilter;
import org.springframework.cloud.gateway.filter.ForwardRoutingFilter;
import org.springframework.cloud.gateway.filter.GatewayMetricsFilter;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyRoutingFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.filter.RemoveCachedBodyFilter;
import org.springframework.cloud.gateway.filter.WebsocketRoutingFilter;
import org.springframework.cloud.gateway.filter.WeightCalculatorWebFilter;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveXForwardedHeadersFilter;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** Authentication, exact scopes, caller tokens, header hygiene and revocation, against real HTTP backends. */
// A generous introspection timeout: an answer is held in flight on purpose, on a machine that may be slow. The
// client waits longer than that timeout, so a slow check fails as the gateway's own answer, never as a client
// timeout that hides which step was slow.
@ExtendWith(ThreadDumpOnTimeout.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "platform.introspection.timeout=10s")
@AutoConfigureWebTestClient(timeout = "15s")
class GatewayAccessTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    private final ReactiveJwtDecoder callerTokens = CallerTokenVerifier.decoder(Pem.publicKey(TestCallers.publicKeyPem()));
    private final FakeService auth = Backends.get("auth");
    private final FakeService billing = Backends.get("billing");

    @BeforeEach
    void clear() {
        auth.tokens.clear();
        billing.received.clear();
        auth.received.clear();
    }

    private String issue(String kind, Environment environment, List<UUID> sites, String... scopes) {
        String token = "svc_" + (environment == Environment.LIVE ? "live_" : "test_") + UUID.randomUUID().toString().replace("-", "");
        if (kind.equals("refresh_token")) {
            token = "svc_rt_" + UUID.randomUUID().toString().replace("-", "");
        }
        auth.tokens.put(token, new Introspection(true, Ids.newId().toString(), kind, Ids.newId(), Ids.newId(),
                environment, List.of(scopes), sites, ActorType.API, null));
        return token;
    }

    private WebTestClient.ResponseSpec get(String path, String token) {
        return client.get().uri(path).header("Authorization", "Bearer " + token).exchange();
    }

    @Test
    void aMissingMalformedOrUnknownCredentialIsUnauthorized() {
        client.get().uri("/v1/payments").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().exists("RateLimit-Limit")
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        client.get().uri("/v1/payments").header("Authorization", "Basic abc").exchange().expectStatus().isUnauthorized();
        client.get().uri("/v1/payments").header("Authorization", "Bearer").exchange().expectStatus().isUnauthorized();
        client.get().uri("/v1/payments").header("Authorization", "Bearer svc_live_%%%").exchange().expectStatus().isUnauthorized();
        get("/v1/payments", "svc_live_" + "x".repeat(40)).expectStatus().isUnauthorized();
        get("/v1/payments", "not_our_format_at_all_but_long_enough").expectStatus().isUnauthorized();
        assertThat(billing.received).isEmpty();
    }

    @Test
    void aRefreshTokenIsNeverAV1Credential() {
        String refresh = issue("refresh_token", Environment.LIVE, null, "billing:read");
        int before = auth.introspections.get();
        get("/v1/payments", refresh).expectStatus().isUnauthorized();
        assertThat(auth.introspections.get() - before).as("svc_rt_ is refused by its form").isZero();

        // A secret shaped like an access token that the auth service says is a refresh token: refused on its answer.
        String disguised = "svc_at_" + UUID.randomUUID().toString().replace("-", "");
        auth.tokens.put(disguised, auth.tokens.get(refresh));
        get("/v1/payments", disguised)
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        assertThat(auth.introspections.get() - before).isEqualTo(1);
        assertThat(billing.received).isEmpty();
    }

    @Test
    void scopesAreExactAndWriteDoesNotImplyRead() {
        String writer = issue("api_key", Environment.LIVE, null, "billing:write");
        String reader = issue("api_key", Environment.LIVE, null, "billing:read");
        get("/v1/payments", writer)
                .expectStatus().isForbidden()
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("insufficient_scope")
                .jsonPath("$.error.message").value(message -> assertThat((String) message).contains("billing:read"));
        get("/v1/payments", reader).expectStatus().isOk();
        client.post().uri("/v1/payments").header("Authorization", "Bearer " + reader)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange().expectStatus().isForbidden()
                .expectBody().jsonPath("$.error.message").value(message -> assertThat((String) message).contains("billing:write"));
        client.post().uri("/v1/payments").header("Authorization", "Bearer " + writer)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange().expectStatus().isOk();
    }

    @Test
    void aReadOnlyCollectionRefusesOtherMethods() {
        String events = issue("api_key", Environment.LIVE, null, "events:read");
        client.post().uri("/v1/events").header("Authorization", "Bearer " + events)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().valueEquals("Allow", "GET")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
    }

    @Test
    void theServiceGetsASignedCallerTokenNeverTheClientsSecret() {
        UUID site = Ids.newId();
        String key = issue("api_key", Environment.TEST, List.of(site), "billing:read");
        Introspection issued = auth.tokens.get(key);
        get("/v1/payments/abc", key).expectStatus().isOk();

        FakeService.Received received = billing.last();
        assertThat(received.uri()).isEqualTo("/v1/payments/abc");
        String authorization = received.headers().get("authorization");
        assertThat(authorization).startsWith("Bearer ey").doesNotContain(key);
        Caller caller = callerTokens.decode(authorization.substring(7)).map(CallerTokenVerifier::toCaller).block();
        assertThat(caller.accountId()).isEqualTo(issued.accountId());
        assertThat(caller.operatorId()).isEqualTo(issued.operatorId());
        assertThat(caller.environment()).isEqualTo(Environment.TEST);
        assertThat(caller.scopes()).containsExactly("billing:read");
        assertThat(caller.siteIds()).containsExactly(site);
        assertThat(caller.credentialId()).isEqualTo(issued.credentialId());
        assertThat(received.headers().get("service-request-id")).startsWith("req_");
    }

    @Test
    void clientSentInternalHeadersAreStripped() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        client.get().uri("/v1/payments").header("Authorization", "Bearer " + key)
                .header("X-Internal-Account", "someone-else")
                .header("Service-Revoked-Credentials", "x")
                .header("Service-Caller-Token", "forged")
                .header("Service-Deadline-Ms", "600000")
                .exchange().expectStatus().isOk();
        assertThat(billing.last().headers()).doesNotContainKeys("x-internal-account", "service-revoked-credentials",
                "service-caller-token", "service-deadline-ms");
    }

    @Test
    void hopByHopAndForwardingHeadersCrossTheGatewayInNeitherDirection() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        billing.responseHeader.set("Proxy-Authenticate:Basic");
        try {
            client.get().uri("/v1/payments").header("Authorization", "Bearer " + key)
                    .header("Connection", "keep-alive, X-Hop-Option")
                    .header("X-Hop-Option", "1")
                    .header("Forwarded", "for=203.0.113.9")
                    .header("X-Forwarded-For", "203.0.113.9")
                    .header("X-Forwarded-Host", "evil.example")
                    .header("Proxy-Authorization", "Basic eA==")
                    .header("X-Kept", "yes")
                    .exchange().expectStatus().isOk()
                    .expectHeader().doesNotExist("Proxy-Authenticate");
        } finally {
            billing.responseHeader.set(null);
        }
        assertThat(billing.last().headers()).doesNotContainKeys("x-hop-option", "forwarded", "x-forwarded-for",
                "x-forwarded-host", "proxy-authorization").containsEntry("x-kept", "yes");
    }

    /**
     * The gateway's own header filters do this work in the one copy they make, and each route's filters are sorted
     * once: per request, both cost CPU (docs/performance.md).
     */
    @Test
    void springCloudGatewaysPerRequestCopyingAndSortingAreGone(@Autowired ApplicationContext context) {
        assertThat(context.getBean(org.springframework.cloud.gateway.config.GatewayProperties.class)
                .isRouteFilterCacheEnabled()).isTrue();
        assertThat(ReplacedHeaderFilters.NAMES).noneMatch(context::containsBean);
        assertThat(context.getBeansOfType(HttpHeadersFilter.class).values()).noneMatch(filter ->
                filter instanceof RemoveHopByHopHeadersFilter || filter instanceof RemoveForwardedHeadersFilter
                        || filter instanceof RemoveXForwardedHeadersFilter);
    }

    /**
     * Every request used to pass Spring Cloud Gateway's own timer and filters for features no route uses (forward: and
     * ws: routes, cached bodies, weighted routes): each a step of every request (docs/performance.md).
     */
    @Test
    void onlyTheFiltersTheRoutesNeedRunOnEveryRequest(@Autowired ApplicationContext context) {
        assertThat(context.getBeansOfType(GlobalFilter.class).values()).noneMatch(filter ->
                filter instanceof GatewayMetricsFilter || filter instanceof ForwardRoutingFilter
                        || filter instanceof ForwardPathFilter || filter instanceof WebsocketRoutingFilter
                        || filter instanceof AdaptCachedBodyGlobalFilter || filter instanceof RemoveCachedBodyFilter);
        assertThat(context.getBeansOfType(WeightCalculatorWebFilter.class)).isEmpty();
        assertThat(context.getBeansOfType(GlobalFilter.class).values())
                .anyMatch(filter -> filter instanceof NettyRoutingFilter)
                .anyMatch(filter -> filter instanceof NettyWriteResponseFilter);
    }

    @Test
    void aWellFormedRequestIdIsKeptPassedOnAndEchoedOnce() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        client.get().uri("/v1/payments").header("Authorization", "Bearer " + key)
                .header("Service-Request-Id", "req_from_client_0001")
                .exchange()
                .expectHeader().valueEquals("Service-Request-Id", "req_from_client_0001");
        assertThat(billing.last().headers().get("service-request-id")).isEqualTo("req_from_client_0001");
        client.get().uri("/v1/payments").header("Authorization", "Bearer " + key)
                .header("Service-Request-Id", "bad id with spaces")
                .exchange()
                .expectHeader().value("Service-Request-Id", id -> assertThat(id).startsWith("req_"));
    }

    @Test
    void introspectionIsCachedButARevocationReportedByAuthIsHonouredAtOnce() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        String credentialId = auth.tokens.get(key).credentialId();
        int before = auth.introspections.get();
        get("/v1/payments", key).expectStatus().isOk();
        get("/v1/payments", key).expectStatus().isOk();
        assertThat(auth.introspections.get() - before).isEqualTo(1);

        auth.tokens.put(key, Introspection.inactive());
        auth.responseHeader.set("Service-Revoked-Credentials:" + credentialId);
        try {
            client.post().uri("/admin/v1/api-keys/" + credentialId + "/revoke")
                    .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                    .exchange()
                    .expectStatus().isOk()
                    .expectHeader().doesNotExist("Service-Revoked-Credentials");
        } finally {
            auth.responseHeader.set(null);
        }
        get("/v1/payments", key).expectStatus().isUnauthorized();
    }

    @Test
    void aRevocationThatOvertakesAnIntrospectionInFlightIsNotCached() throws Exception {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        String credentialId = auth.tokens.get(key).credentialId();
        Sinks.Empty<Void> answerHeld = Sinks.empty();
        auth.introspectionHold.set(answerHeld.asMono());
        int before = auth.introspections.get();
        CompletableFuture<Integer> inFlight = CompletableFuture.supplyAsync(
                () -> get("/v1/payments", key).returnResult(String.class).getStatus().value());
        try {
            awaitIntrospections(before + 1);
            // The auth service has read the key as active; now it is revoked and the gateway told, before that answer.
            auth.tokens.put(key, Introspection.inactive());
            auth.introspectionHold.set(Mono.empty());
            reportRevocation("revoke", credentialId);
        } finally {
            auth.introspectionHold.set(Mono.empty());
            answerHeld.tryEmitEmpty();
        }

        int inFlightStatus = inFlight.get(10, TimeUnit.SECONDS);
        get("/v1/payments", key).expectStatus().isUnauthorized();
        assertThat(inFlightStatus).as("the overtaken answer is asked again").isEqualTo(401);
        assertThat(billing.received).isEmpty();
    }

    @Test
    void aRotatedKeyIsCachedAgainAfterItsNotice() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        String credentialId = auth.tokens.get(key).credentialId();
        get("/v1/payments", key).expectStatus().isOk();
        // Rotation reports the old key, which stays valid for 24 hours: asked again once, then cached again.
        reportRevocation("rotate", credentialId);
        int before = auth.introspections.get();
        get("/v1/payments", key).expectStatus().isOk();
        get("/v1/payments", key).expectStatus().isOk();
        assertThat(auth.introspections.get() - before).isEqualTo(1);
    }

    /** An admin request through the gateway whose answer reports the credential, as the auth service does. */
    private void reportRevocation(String action, String credentialId) {
        auth.responseHeader.set("Service-Revoked-Credentials:" + credentialId);
        try {
            client.post().uri("/admin/v1/api-keys/" + credentialId + "/" + action)
                    .header("Authorization", "Bearer " + Backends.ADMIN_TOKEN)
                    .exchange()
                    .expectStatus().isOk();
        } finally {
            auth.responseHeader.set(null);
        }
    }

    private void awaitIntrospections(int count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (auth.introspections.get() < count) {
            assertThat(System.nanoTime()).as("the introspection reached the auth service").isLessThan(deadline);
            sleep(5);
        }
    }

    @Test
    void anExpiredCachedCredentialIsAskedAgain() {
        String key = issue("api_key", Environment.LIVE, null, "billing:read");
        Introspection live = auth.tokens.get(key);
        auth.tokens.put(key, new Introspection(true, live.credentialId(), "api_key", live.operatorId(),
                live.accountId(), live.environment(), live.scopes(), null, ActorType.API, Instant.now().plusMillis(300)));
        get("/v1/payments", key).expectStatus().isOk();
        auth.tokens.put(key, Introspection.inactive());
        sleep(400);
        get("/v1/payments", key).expectStatus().isUnauthorized();
    }

    @Test
    void theAdminApiNeedsThePlatformAdminToken() {
        client.get().uri("/admin/v1/operators/x").exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        client.get().uri("/admin/v1/operators/x").header("Authorization", "Bearer svc_admin_wrong").exchange()
                .expectStatus().isUnauthorized();
        String apiKey = issue("api_key", Environment.LIVE, null, "billing:read");
        client.get().uri("/admin/v1/operators/x").header("Authorization", "Bearer " + apiKey).exchange()
                .expectStatus().isUnauthorized();
        assertThat(auth.received).isEmpty();

        client.get().uri("/admin/v1/operators/x").header("Authorization", "Bearer " + Backends.ADMIN_TOKEN).exchange()
                .expectStatus().isOk();
        String forwarded = auth.last().headers().get("authorization");
        assertThat(forwarded).doesNotContain(Backends.ADMIN_TOKEN);
        Caller caller = callerTokens.decode(forwarded.substring(7)).map(CallerTokenVerifier::toCaller).block();
        assertThat(caller.isPlatformAdmin()).isTrue();
    }

    @Test
    void theTokenEndpointIsPublicAndKeepsTheClientsBasicCredentials() {
        client.post().uri("/oauth/token").header("Authorization", "Basic Y2xpOnNlY3JldA==")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("grant_type=client_credentials")
                .exchange().expectStatus().isOk();
        assertThat(auth.last().headers().get("authorization")).isEqualTo("Basic Y2xpOnNlY3JldA==");
    }

    @Test
    void providerNotificationsArePublicRoutedToBillingWithTheirSignatureAndNeverACallerToken() {
        client.post().uri("/providers/gocardless/notifications")
                .header("Webhook-Signature", "abc123")
                .header("Service-Caller", "forged")
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"events\": []}")
                .exchange()
                .expectStatus().isOk()
                .expectHeader().exists("RateLimit-Limit");
        assertThat(billing.last().uri()).isEqualTo("/providers/gocardless/notifications");
        assertThat(billing.last().headers().get("webhook-signature")).isEqualTo("abc123");
        assertThat(billing.last().headers()).doesNotContainKey("service-caller");
        assertThat(billing.last().headers()).doesNotContainKey("authorization");
    }

    @Test
    void messageDeliveryReportsArePublicRoutedToCrmWithTheirSignatureAndNeverACallerToken() {
        FakeService crm = Backends.get("crm");
        client.post().uri("/message-providers/twilio/notifications")
                .header("X-Twilio-Signature", "abc123")
                .header("Service-Caller", "forged")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("MessageSid=SM1&MessageStatus=delivered")
                .exchange()
                .expectStatus().isOk()
                .expectHeader().exists("RateLimit-Limit");
        assertThat(crm.last().uri()).isEqualTo("/message-providers/twilio/notifications");
        assertThat(crm.last().headers().get("x-twilio-signature")).isEqualTo("abc123");
        assertThat(crm.last().headers()).doesNotContainKey("service-caller");
        assertThat(crm.last().headers()).doesNotContainKey("authorization");
    }

    @Test
    void idCheckOutcomesAndTheCustomersLinkArePublicRoutedToComplianceWithoutACallerToken() {
        FakeService compliance = Backends.get("compliance");
        client.post().uri("/id-check-providers/stripe/notifications")
                .header("Stripe-Signature", "t=1,v1=abc")
                .header("Service-Caller", "forged")
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"id\": \"evt_1\"}")
                .exchange()
                .expectStatus().isOk()
                .expectHeader().exists("RateLimit-Limit");
        assertThat(compliance.last().uri()).isEqualTo("/id-check-providers/stripe/notifications");
        assertThat(compliance.last().headers().get("stripe-signature")).isEqualTo("t=1,v1=abc");
        assertThat(compliance.last().headers()).doesNotContainKey("service-caller");

        client.get().uri("/id-checks/start?token=abc").exchange().expectStatus().isOk();
        assertThat(compliance.last().uri()).isEqualTo("/id-checks/start?token=abc");
        assertThat(compliance.last().headers()).doesNotContainKey("authorization");
    }

    @Test
    void theDeveloperSettingsArePublicRoutedToTheAuthServiceWithTheirCookiesAndRevocationsAreStripped() {
        auth.responseHeader.set("Service-Revoked-Credentials:" + "0198e7a4-0000-7000-8000-000000000001");
        try {
            client.post().uri("/app/api-keys/x/revoke").header("Cookie", "platform_session=svc_ses_x")
                    .contentType(MediaType.APPLICATION_FORM_URLENCODED).bodyValue("_csrf=t").exchange()
                    .expectStatus().isOk()
                    .expectHeader().doesNotExist("Service-Revoked-Credentials")
                    .expectHeader().exists("RateLimit-Limit");
        } finally {
            auth.responseHeader.set(null);
        }
        assertThat(auth.last().uri()).isEqualTo("/app/api-keys/x/revoke");
        assertThat(auth.last().headers().get("cookie")).isEqualTo("platform_session=svc_ses_x");
        assertThat(auth.last().headers()).doesNotContainKey("authorization");

        client.get().uri("/app").exchange().expectStatus().isOk();
        assertThat(auth.last().uri()).isEqualTo("/app");
        client.get().uri("/application").exchange().expectStatus().isNotFound();
    }

    @Test
    void everyV1ResponseCarriesRateLimitHeaders() {
        String key = issue("api_key", Environment.TEST, null, "billing:read");
        String live = issue("api_key", Environment.LIVE, null, "billing:read", "events:read");
        assertRateLimited(get("/v1/payments", key).expectStatus().isOk(), "50");
        assertRateLimited(get("/v1/payments", live).expectStatus().isOk(), "200");
        // Answered for the credential, from its bucket: missing scope, unknown route, write to a read-only collection.
        assertRateLimited(get("/v1/contacts", key).expectStatus().isForbidden(), "50");
        assertRateLimited(get("/v1/spaceships", live).expectStatus().isNotFound(), "200");
        assertRateLimited(client.post().uri("/v1/events").header("Authorization", "Bearer " + live)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isEqualTo(405), "200");
        // Answered without a credential, from the source IP's bucket (20 a second, burst 40).
        assertRateLimited(client.get().uri("/v1/payments").exchange().expectStatus().isUnauthorized(), "40");
        assertRateLimited(get("/v1/payments", "svc_live_" + "x".repeat(40)).expectStatus().isUnauthorized(), "40");
        assertRateLimited(client.get().uri("/v1/spaceships").exchange().expectStatus().isNotFound(), "40");
        assertThat(billing.received).hasSize(2);
    }

    private static void assertRateLimited(WebTestClient.ResponseSpec response, String limit) {
        response.expectHeader().valueEquals("RateLimit-Limit", limit)
                .expectHeader().exists("RateLimit-Remaining")
                .expectHeader().exists("RateLimit-Reset");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
