package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PrometheusScrape;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The gateway's metrics and traces (ADR 0022): Prometheus on the management port, which the ingress never reaches,
 * requests counted by route, and a trace that starts here whatever the client sent and goes on to the service.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        // A first credential check on a cold, busy JVM may take more than the 2 s a deployment allows.
        properties = "platform.introspection.timeout=10s")
@AutoConfigureWebTestClient(timeout = "15s")
class GatewayObservabilityTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
    }

    @Autowired
    WebTestClient client;

    @Autowired
    org.springframework.core.env.Environment environment;

    private final FakeService auth = Backends.get("auth");
    private final FakeService catalogue = Backends.get("catalogue");
    private String key;

    @BeforeEach
    void credential() {
        key = Backends.apiKey(Environment.TEST, "sites:read");
        catalogue.received.clear();
    }

    @Test
    void prometheusScrapesTheManagementPortAndThePublicPortHasNoMetrics() {
        assertThat(PrometheusScrape.scrape(environment)).contains("jvm_memory_used_bytes");

        client.get().uri("/internal/prometheus").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        assertThat(Backends.ALL.values()).allSatisfy(backend -> assertThat(backend.received)
                .noneMatch(request -> request.uri().contains("prometheus")));
    }

    @Test
    void proxiedRequestsAreCountedByTheirRouteAndTheGatewaysOwnByTheirPattern() {
        String id = Ids.newId().toString();
        client.get().uri("/v1/sites/" + id).header("Authorization", "Bearer " + key).exchange()
                .expectStatus().isOk();
        client.get().uri("/health").exchange().expectStatus().isOk();

        PrometheusScrape.awaitLine(environment, "http_server_requests_seconds_count{", "uri=\"/v1/sites/**\"",
                "status=\"200\"");
        PrometheusScrape.awaitLine(environment, "http_server_requests_seconds_count{", "uri=\"/health\"");
        assertThat(PrometheusScrape.scrape(environment)).doesNotContain(id);
        // The call to the service and the credential check, each under its own name: neither is dropped.
        PrometheusScrape.awaitLine(environment, "gateway_proxy_requests_seconds_count{",
                "spring_cloud_gateway_route_id=\"catalogue\"", "http_status_code=\"200\"");
        PrometheusScrape.awaitLine(environment, "http_client_requests_seconds_count{", "client_name=\"127.0.0.1\"",
                "method=\"POST\"", "status=\"200\"");
        // No long-task timer of requests in flight: two per proxied request, read by nothing (docs/performance.md).
        assertThat(PrometheusScrape.scrape(environment)).doesNotContain("_active_seconds");
    }

    @Test
    void aTraceStartsAtTheGatewayWhateverTheClientSentAndGoesOnToTheService() {
        String clientTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
        auth.received.clear();
        client.get().uri("/v1/sites").header("Authorization", "Bearer " + key)
                .header("traceparent", "00-" + clientTrace + "-00f067aa0ba902b7-01")
                .header("tracestate", "client=chosen")
                .header("baggage", "account=someone-else")
                .header("b3", clientTrace + "-00f067aa0ba902b7-1")
                .header("X-B3-TraceId", clientTrace)
                .exchange().expectStatus().isOk();
        client.get().uri("/v1/sites").header("Authorization", "Bearer " + key).exchange().expectStatus().isOk();

        List<FakeService.Received> received = catalogue.received;
        assertThat(received).hasSize(2);
        TraceContextCarrier.TraceParent first = TraceContextCarrier.parse(received.get(0).headers().get("traceparent"))
                .orElseThrow();
        TraceContextCarrier.TraceParent second = TraceContextCarrier.parse(received.get(1).headers().get("traceparent"))
                .orElseThrow();
        assertThat(first.traceId()).isNotEqualTo(clientTrace).isNotEqualTo(second.traceId());
        assertThat(received.get(0).headers()).doesNotContainKeys("tracestate", "baggage", "b3", "x-b3-traceid");
        // The first request's credential check is part of the same trace: the gateway carries it on from the
        // Reactor context, without restoring thread locals (ADR 0032).
        TraceContextCarrier.TraceParent check = auth.received.stream()
                .filter(request -> request.method().equals("POST"))
                .flatMap(request -> TraceContextCarrier.parse(request.headers().get("traceparent")).stream())
                .findFirst().orElseThrow();
        assertThat(check.traceId()).isEqualTo(first.traceId());
    }
}
