package com.storageplatform.kit.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenVerifier;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.request.RequestDeadlineFilter;
import com.storageplatform.kit.testsupport.ScriptedPeer;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import com.storageplatform.kit.web.RequestIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The kit's ServiceClient, pointed at scripted local peers, asserted on what went over the wire and what the
 * caller got back. Each behaviour has its own peer, so one test's failures never open another's breaker.
 */
@PlatformTest
@TestPropertySource(properties = {
        "platform.request.deadline=5s",
        // A peer that hangs is given the whole deadline per attempt: the deadline, not the attempt, trips.
        "platform.resilience.peers.hanging.timeout=60s",
        "platform.resilience.peers.failing.sliding-window-size=4",
        "platform.resilience.peers.failing.minimum-number-of-calls=4",
        "platform.resilience.peers.failing.open-for=30s",
        "platform.resilience.peers.unavailable.retry-backoff=10ms"})
class ServiceClientTest {

    static final ScriptedPeer PEER = ScriptedPeer.start();
    static final ScriptedPeer HANGING = ScriptedPeer.start();
    static final ScriptedPeer FAILING = ScriptedPeer.start();
    static final ScriptedPeer UNAVAILABLE = ScriptedPeer.start();
    static final ScriptedPeer RESETTING = ScriptedPeer.start();

    static final String SAMPLE = """
            {"data":{"id":"0190f1a2-0000-7000-8000-000000000001","object":"sample","name":"relayed",
             "status":"active","created_at":"2026-11-30T10:00:00Z","a_field_added_later":{"x":1}}}""";

    @DynamicPropertySource
    static void peers(DynamicPropertyRegistry registry) {
        registry.add("platform.services.peer.url", PEER::url);
        registry.add("platform.services.hanging.url", HANGING::url);
        registry.add("platform.services.failing.url", FAILING::url);
        registry.add("platform.services.unavailable.url", UNAVAILABLE::url);
        registry.add("platform.services.resetting.url", RESETTING::url);
    }

    @AfterAll
    static void stop() {
        PEER.close();
        HANGING.close();
        FAILING.close();
        UNAVAILABLE.close();
        RESETTING.close();
    }

    @Autowired
    WebTestClient client;

    private final UUID site = Ids.newId();
    private final Caller caller = new Caller(Ids.newId(), Ids.newId(), Environment.TEST,
            Set.of("samples:write", "samples:read", "billing:write"), Set.of(site), ActorType.API,
            "key_" + Ids.newId(), null);

    @BeforeEach
    void reset() {
        PEER.clear();
        PEER.answer(201, SAMPLE);
        HANGING.clear();
        HANGING.hang();
        FAILING.clear();
        FAILING.answer(500, "{\"error\":{\"code\":\"internal_error\",\"message\":\"boom\"}}");
        UNAVAILABLE.clear();
        UNAVAILABLE.answer(503, "{\"error\":{\"code\":\"service_unavailable\",\"message\":\"down\"}}");
        RESETTING.clear();
        RESETTING.reset();
    }

    private WebTestClient.RequestBodySpec relay(String peer, String token) {
        return client.post().uri("/v1/relay/" + peer + "/samples").header("Authorization", "Bearer " + token);
    }

    private WebTestClient.ResponseSpec relay(String peer, String key, String query) {
        WebTestClient.RequestBodySpec request = client.post()
                .uri("/v1/relay/" + peer + "/samples" + (query == null ? "" : "?" + query))
                .header("Authorization", TestCallers.bearer(caller));
        if (key != null) {
            request = request.header(MutationFilter.KEY_HEADER, key);
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"relayed\"}").exchange();
    }

    private WebTestClient.ResponseSpec read(String peer) {
        return client.get().uri("/v1/relay/" + peer + "/samples/" + Ids.newId())
                .header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    @Test
    void theCallCarriesTheRequestsTraceFromASpanOfItsOwn() {
        String traceId = "0af7651916cd43dd8448eb211c80319c";
        String requestSpan = "b7ad6b7169203331";
        relay("peer", TestCallers.token(caller)).header("traceparent", "00-" + traceId + "-" + requestSpan + "-01")
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"relayed\"}").exchange()
                .expectStatus().isCreated();

        TraceContextCarrier.TraceParent sent = TraceContextCarrier.parse(PEER.last().header("traceparent"))
                .orElseThrow();
        assertThat(sent.traceId()).isEqualTo(traceId);
        assertThat(sent.spanId()).isNotEqualTo(requestSpan);
        assertThat(sent.sampled()).isTrue();
    }

    @Test
    void theCallerReachesThePeerNarrowedToTheScopesTheCallNamesWithTheRequestIdAndDeadline() {
        String gatewayToken = TestCallers.token(caller);
        String requestId = "req_relaytest0000000001";
        relay("peer", gatewayToken).header(RequestIds.HEADER, requestId)
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"relayed\"}").exchange()
                .expectStatus().isCreated()
                .expectBody()
                .jsonPath("$.data.name").isEqualTo("relayed")
                .jsonPath("$.data.a_field_added_later").doesNotExist();

        ScriptedPeer.Received sent = PEER.last();
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1/samples");
        assertThat(sent.body()).isEqualTo("{\"name\":\"relayed\"}");
        assertThat(sent.header(RequestIds.HEADER)).isEqualTo(requestId);
        assertThat(Long.parseLong(sent.header(RequestDeadlineFilter.HEADER))).isBetween(1L, 5000L);

        // What the peer's kit makes of the token: the same caller, with only the scope the call named.
        Jwt token = CallerTokenVerifier.decoder(Pem.publicKey(TestCallers.publicKeyPem()),
                Pem.publicKey(TestCallers.servicePublicKeyPem()))
                .decode(sent.header("Authorization").substring("Bearer ".length())).block();
        Caller received = CallerTokenVerifier.toCaller(token);
        assertThat(received.scopes()).containsExactly("samples:write");
        assertThat(received.accountId()).isEqualTo(caller.accountId());
        assertThat(received.operatorId()).isEqualTo(caller.operatorId());
        assertThat(received.environment()).isEqualTo(Environment.TEST);
        assertThat(received.siteIds()).containsExactly(site);
        assertThat(received.credentialId()).isEqualTo(caller.credentialId());
        // The request id travels in its header only (read by the peer's kit), so the token serves other requests.
        assertThat(received.requestId()).isNull();
        assertThat(CallerTokenVerifier.callingService(token)).isEqualTo("kittest");
        assertThat(CallerTokenVerifier.rootToken(token)).isEqualTo(gatewayToken);
    }

    @Test
    void oneCallersRequestsReuseOnePeerTokenPerScopeSetEachWithItsOwnRequestId() {
        String gatewayToken = TestCallers.token(caller);
        List<String> tokens = new ArrayList<>();
        for (String requestId : List.of("req_reusetest000000000001", "req_reusetest000000000002")) {
            relay("peer", gatewayToken).header(RequestIds.HEADER, requestId)
                    .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"reused\"}").exchange()
                    .expectStatus().isCreated();
            assertThat(PEER.last().header(RequestIds.HEADER)).isEqualTo(requestId);
            tokens.add(PEER.last().header("Authorization"));
        }
        assertThat(tokens.get(1)).isEqualTo(tokens.get(0));

        // Another caller (another gateway token) gets a token of its own.
        relay("peer", TestCallers.token(caller)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"reused\"}").exchange().expectStatus().isCreated();
        assertThat(PEER.last().header("Authorization")).isNotEqualTo(tokens.get(0));
    }

    @Test
    void aCallNeedingAScopeTheCallerLacksIsRefusedBeforeAnythingIsSent() {
        relay("peer", null, "scope=billing:read")
                .expectStatus().isForbidden()
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("insufficient_scope")
                .jsonPath("$.error.message").value(message -> assertThat((String) message).contains("billing:read"));
        assertThat(PEER.received()).isEmpty();
    }

    @Test
    void aMutationCarriesAKeyDerivedFromTheRequestsKeyAndNoneWithoutOne() {
        String key = "order-" + UUID.randomUUID();
        relay("peer", key, null).expectStatus().isCreated();
        assertThat(PEER.last().header(MutationFilter.KEY_HEADER))
                .isEqualTo(DerivedKeys.derive(key, "kittest", "peer", "create-sample"))
                .doesNotContain(key);

        relay("peer", null, null).expectStatus().isCreated();
        assertThat(PEER.last().headers()).doesNotContainKey("idempotency-key");
    }

    @Test
    void aPeersValidationErrorReachesTheCallerIntactAndIsStoredUnderTheCallersKey() {
        PEER.answer(422, """
                {"error":{"code":"validation_error","message":"Invalid value for amount_minor: below_minimum.",
                 "details":[{"field":"amount_minor","issue":"below_minimum"}]}}""");
        String key = "pay-" + UUID.randomUUID();
        for (int attempt = 0; attempt < 2; attempt++) {
            relay("peer", key, null)
                    .expectStatus().isEqualTo(422)
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("validation_error")
                    .jsonPath("$.error.message").isEqualTo("Invalid value for amount_minor: below_minimum.")
                    .jsonPath("$.error.details[0].field").isEqualTo("amount_minor")
                    .jsonPath("$.error.details[0].issue").isEqualTo("below_minimum");
        }
        // The endpoint decided it (through its peer), so the repeat was replayed: the peer was asked once.
        assertThat(PEER.received()).hasSize(1);
    }

    @Test
    void aPeersConflictKeepsItsOwnCodeAndRetryAfter() {
        PEER.answer(409, "{\"error\":{\"code\":\"unit_reserved\",\"message\":\"The unit is held until 2026-12-01.\"}}",
                Map.of("Retry-After", "7"));
        relay("peer", null, null)
                .expectStatus().isEqualTo(409)
                .expectHeader().valueEquals("Retry-After", "7")
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("unit_reserved")
                .jsonPath("$.error.message").isEqualTo("The unit is held until 2026-12-01.");
    }

    @Test
    void aPeerThatRefusesThisServicesTokenIsAnInternalErrorNotTheClientsFault() {
        PEER.answer(401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"A valid credential is required.\"}}");
        relay("peer", null, null)
                .expectStatus().isEqualTo(500)
                .expectBody().jsonPath("$.error.code").isEqualTo("internal_error");
    }

    @Test
    void aPeerRefusingTheBodyThisServiceBuiltIsAnInternalErrorNotAValidationErrorOfTheClient() {
        PEER.answer(400, "{\"error\":{\"code\":\"invalid_request\",\"message\":\"The body is not valid JSON.\"}}");
        relay("peer", null, null)
                .expectStatus().isEqualTo(500)
                .expectBody().jsonPath("$.error.code").isEqualTo("internal_error");

        PEER.answer(422, """
                {"error":{"code":"validation_error","message":"Unknown field: colour.",
                 "details":[{"field":"colour","issue":"unknown_field"}]}}""");
        relay("peer", null, null)
                .expectStatus().isEqualTo(500)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("internal_error")
                .jsonPath("$.error.details").doesNotExist();
    }

    @Test
    void aPeerThatHangsTripsTheRequestsDeadline() {
        client.post().uri("/v1/relay/hanging/samples").header("Authorization", TestCallers.bearer(caller))
                .header(RequestDeadlineFilter.HEADER, "1500")
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"relayed\"}").exchange()
                .expectStatus().isEqualTo(504)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("gateway_timeout");
        // It inherited 1.5 s (not the service's 5 s) and passed on what was left of it.
        assertThat(Long.parseLong(HANGING.last().header(RequestDeadlineFilter.HEADER))).isBetween(1L, 1500L);
        assertThat(HANGING.received()).hasSize(1);
    }

    @Test
    void aFailingPeerOpensItsBreakerAndCallersGet503WithRetryAfter() {
        // A read is retried (three attempts), each through the breaker: the first call fails three times.
        read("failing")
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "5")
                .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
        assertThat(FAILING.received()).hasSize(3);
        // The fourth failure of four calls opens it; from then on nothing reaches the peer.
        read("failing")
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "30")
                .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
        int reached = FAILING.received().size();
        read("failing")
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "30")
                .expectBody().jsonPath("$.error.message")
                .value(message -> assertThat((String) message).contains("The failing service is unavailable"));
        assertThat(FAILING.received()).hasSize(reached);
    }

    /**
     * A peer killed while it serves the call resets the connection: that is the peer being unavailable, retried like
     * any outage, and 503 with Retry-After once the attempts are spent, never a 500 (bench/faults-under-load.sh got
     * a 500 for the request in flight when it killed a service).
     */
    @Test
    void aPeerThatDropsTheConnectionWhileServingIsUnavailableAndRetried() {
        read("resetting")
                .expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "5")
                .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
        assertThat(RESETTING.received()).hasSize(3);
    }

    @Test
    void aMutationWithoutAKeyIsSentOnceAndOneWithAKeyIsRetriedUnderThatKey() {
        relay("unavailable", null, null)
                .expectStatus().isEqualTo(503)
                .expectHeader().exists("Retry-After")
                .expectBody().jsonPath("$.error.code").isEqualTo("service_unavailable");
        assertThat(UNAVAILABLE.received()).hasSize(1);

        UNAVAILABLE.clear();
        relay("unavailable", "retry-" + UUID.randomUUID(), null).expectStatus().isEqualTo(503);
        assertThat(UNAVAILABLE.received()).hasSize(3)
                .extracting(received -> received.header(MutationFilter.KEY_HEADER)).containsOnly(
                        UNAVAILABLE.received().get(0).header(MutationFilter.KEY_HEADER)).doesNotContainNull();
    }
}
