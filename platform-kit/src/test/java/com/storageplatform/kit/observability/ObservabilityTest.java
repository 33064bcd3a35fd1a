package com.storageplatform.kit.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.request.IdempotencyMetrics;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.PrometheusScrape;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * What every service gets from the kit for Prometheus and for traces (ADR 0022), through a real server, PostgreSQL
 * and Kafka: the scrape endpoint on the management port only, requests by route template, the pool, replays, jobs,
 * and a request's trace carried to the services it calls and onto its outbox row and Kafka record.
 */
@PlatformTest
class ObservabilityTest {

    /**
     * A call from one service to another inside a request, made as the kit's service client makes it: with a
     * WebClient from Spring Boot's {@code WebClient.Builder}, which carries the request's trace.
     */
    @TestConfiguration
    static class ServiceToService {

        @Bean
        RouterFunction<ServerResponse> traceRoutes(WebClient.Builder webClients, Environment environment) {
            return RouterFunctions.route()
                    .GET("/v1/public/peer", request -> ServerResponse.ok().bodyValue(
                            Map.of("received", String.valueOf(request.headers().firstHeader("traceparent")))))
                    .GET("/v1/public/caller", request -> TraceContextCarrier.current().flatMap(own -> webClients
                            .build().get().uri("http://127.0.0.1:" + environment.getProperty("local.server.port")
                                    + "/v1/public/peer")
                            .retrieve().bodyToMono(Map.class)
                            .flatMap(peer -> ServerResponse.ok().bodyValue(Map.of("own", own,
                                    "peer_received", peer.get("received"))))))
                    .build();
        }
    }

    @Autowired
    WebTestClient client;

    @Autowired
    Environment environment;

    @Autowired
    MeterRegistry meters;

    @Autowired
    DatabaseClient db;

    @Autowired
    EventPublisher publisher;

    @Test
    void prometheusScrapesTheManagementPortWithoutACredentialAndTheApiPortHasNoSuchRoute() {
        assertThat(PrometheusScrape.managementPort(environment))
                .isNotEqualTo(environment.getProperty("local.server.port", Integer.class));
        assertThat(PrometheusScrape.scrape(environment)).contains("# HELP", "jvm_memory_used_bytes");

        client.get().uri("/internal/prometheus").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        // Nothing else of the actuator is exposed there, to anyone.
        for (String path : new String[] {"/internal/health", "/internal/env", "/internal/heapdump", "/internal"}) {
            PrometheusScrape.client(environment).get().uri(path).exchange().expectStatus().isUnauthorized();
            PrometheusScrape.client(environment).get().uri(path)
                    .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                    .exchange().expectStatus().isNotFound();
        }
    }

    @Test
    void requestsAreCountedByRouteTemplateAndStatusNeverByTheirRawPath() {
        UUID id = Ids.newId();
        client.get().uri("/v1/samples/" + id).header("Authorization", TestCallers.bearer(TestCallers.apiCaller()))
                .exchange().expectStatus().isNotFound();

        String line = PrometheusScrape.awaitLine(environment, "http_server_requests_seconds_count{",
                "uri=\"/v1/samples/{id}\"", "status=\"404\"");
        assertThat(line).contains("method=\"GET\"", "application=\"");
        assertThat(PrometheusScrape.scrape(environment)).doesNotContain(id.toString())
                // Latency buckets for percentiles and SLOs.
                .contains("http_server_requests_seconds_bucket{");
    }

    @Test
    void theConnectionPoolIsMeasured() {
        assertThat(PrometheusScrape.scrape(environment))
                .contains("r2dbc_pool_acquired_connections{", "r2dbc_pool_pending_connections{",
                        "r2dbc_pool_max_allocated_connections{");
    }

    @Test
    void aReplayedResponseIsCountedAndAFirstExecutionIsNot() {
        String bearer = TestCallers.bearer(TestCallers.apiCaller("samples:write"));
        String key = "replay-" + UUID.randomUUID();
        double before = replays();

        for (int attempt = 0; attempt < 3; attempt++) {
            client.post().uri("/v1/samples").header("Authorization", bearer).header("Idempotency-Key", key)
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("name", "replayed"))
                    .exchange().expectStatus().isCreated();
        }

        assertThat(replays() - before).isEqualTo(2);
        assertThat(PrometheusScrape.awaitLine(environment, "idempotency_replays_total")).isNotBlank();
    }

    private double replays() {
        return meters.counter(IdempotencyMetrics.REPLAYS).count();
    }

    @Test
    void jobRunsAreTimedByJobAndOutcome() {
        client.post().uri("/internal/jobs/idempotency-cleanup/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk();

        PrometheusScrape.awaitLine(environment, "jobs_runs_seconds_count{", "name=\"idempotency-cleanup\"",
                "outcome=\"ran\"");
    }

    @Test
    void theOutboxGaugesAndTheKafkaClientsAreMeasured() {
        assertThat(PrometheusScrape.scrape(environment)).contains("outbox_backlog_rows{", "outbox_oldest_age_seconds{",
                "outbox_parked{", "outbox_parks_total{", "kafka_producer_");
    }

    @Test
    void anEventCarriesTheTraceOfTheRequestThatPublishedItOntoItsRowAndItsKafkaRecord() {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        String gatewaySpan = "00f067aa0ba902b7";
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            Map<?, ?> created = client.post().uri("/v1/samples")
                    .header("Authorization", TestCallers.bearer(TestCallers.apiCaller("samples:write")))
                    .header("traceparent", "00-" + traceId + "-" + gatewaySpan + "-01")
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("name", "traced"))
                    .exchange().expectStatus().isCreated()
                    .expectBody(Map.class).returnResult().getResponseBody();
            String id = ((Map<?, ?>) created.get("data")).get("id").toString();

            String stored = db.sql("SELECT traceparent FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id")
                    .bind("id", id).map(row -> row.get("traceparent", String.class)).one().block();
            TraceContextCarrier.TraceParent parent = TraceContextCarrier.parse(stored).orElseThrow();
            // The service's own span of the request, in the caller's trace, with the caller's sampling decision.
            assertThat(parent.traceId()).isEqualTo(traceId);
            assertThat(parent.spanId()).isNotEqualTo(gatewaySpan);
            assertThat(parent.sampled()).isTrue();

            ConsumerRecord<String, String> record = events.await(r -> r.value().contains(id), 1,
                    Duration.ofSeconds(30)).get(0);
            assertThat(TraceContextCarrier.from(record.headers())).contains(stored);
        }
    }

    @Test
    void aCallToAnotherServiceCarriesTheRequestsTrace() {
        String traceId = "0af7651916cd43dd8448eb211c80319c";
        Map<?, ?> answer = client.get().uri("/v1/public/caller")
                .header("traceparent", "00-" + traceId + "-b7ad6b7169203331-01")
                .exchange().expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();

        TraceContextCarrier.TraceParent own = TraceContextCarrier.parse((String) answer.get("own")).orElseThrow();
        TraceContextCarrier.TraceParent sent = TraceContextCarrier.parse((String) answer.get("peer_received"))
                .orElseThrow();
        assertThat(own.traceId()).isEqualTo(traceId);
        // The peer is called from a client span of its own, in the same trace.
        assertThat(sent.traceId()).isEqualTo(traceId);
        assertThat(sent.spanId()).isNotEqualTo(own.spanId());
    }

    @Test
    void anEventPublishedOutsideAnyRequestHasNoTrace() {
        UUID id = publisher.publish(TestCallers.apiCaller(), "sample.untraced", null, Map.of("object", "sample"))
                .block(Duration.ofSeconds(10));

        String stored = db.sql("SELECT coalesce(traceparent, 'none') AS t FROM outbox_events WHERE event_id = :id")
                .bind("id", id).map(row -> row.get("t", String.class)).one().block();
        assertThat(stored).isEqualTo("none");
    }
}
