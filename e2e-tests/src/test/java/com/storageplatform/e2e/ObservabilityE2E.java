package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.devstack.Service;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Metrics and traces of the running platform (ADR 0022): one request's trace, from the gateway through the service
 * and its outbox, Kafka and the dispatcher, to the webhook it causes; and every process's metrics on its management
 * port, which the gateway never routes to.
 */
class ObservabilityE2E {

    private final DevStack stack = Stack.get();

    @Test
    void aRequestsTraceIdIsOnItsOutboxRowAndInTheDispatchersLogOfItsWebhook() throws Exception {
        Webhooks webhooks = new Webhooks(stack, "Traced Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            webhooks.endpoint(receiver.url(), "payment.*");
            Http.Response triggered = Http.post(webhooks.url("/v1/test-helpers/events"), webhooks.key,
                    Map.of("type", "payment.succeeded", "data", Map.of("object", "payment", "amount_minor", 1200)));
            assertThat(triggered.status()).as(triggered.body().toString()).isEqualTo(201);
            String eventId = triggered.data().path("id").asString();
            String requestId = triggered.header("Service-Request-Id");

            receiver.await(received -> Http.JSON.readTree(received.body()).path("id").asString().equals(eventId), 1,
                    Duration.ofSeconds(60));

            // The outbox row the request wrote: its request id, and the request's trace.
            OutboxRow row = outboxRow(eventId);
            assertThat(Http.JSON.readTree(row.payload()).path("requestid").asString()).isEqualTo(requestId);
            TraceContextCarrier.TraceParent trace = TraceContextCarrier.parse(row.traceparent()).orElseThrow();
            assertThat(trace.sampled()).as("the devstack keeps every trace").isTrue();

            // The dispatcher delivered it in that trace, and said so in its log.
            String delivered = awaitLogLine(stack.logFile("webhook-dispatcher"), "of event " + eventId);
            assertThat(delivered).contains("succeeded (HTTP 200)", "[" + trace.traceId() + "-");
            assertThat(delivered).doesNotContain(receiver.url());
            // The receiver never sees our trace ids.
            assertThat(receiver.received).allSatisfy(received -> assertThat(received.header("traceparent")).isNull());
        }
    }

    @Test
    void everyProcessServesItsMetricsOnItsManagementPortAndTheGatewayNeverRoutesThere() throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (Service service : stack.services()) {
            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + stack.ports().management(service) + "/internal/prometheus")).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.statusCode()).as(service.name()).isEqualTo(200);
            assertThat(metrics.body()).as(service.name()).contains("http_server_requests_seconds_count{",
                    "application=\"" + service.name() + "\"");
        }
        for (String path : List.of("/internal/prometheus", "/v1/../internal/prometheus")) {
            Http.Response through = Http.get(stack.gatewayUrl() + path);
            assertThat(through.status()).as(path).isEqualTo(404);
        }
    }

    private record OutboxRow(String payload, String traceparent) {
    }

    private OutboxRow outboxRow(String eventId) throws SQLException {
        var database = stack.database();
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.username(),
                database.password());
             PreparedStatement query = connection.prepareStatement(
                     "SELECT payload, traceparent FROM webhooks.outbox_events WHERE event_id = ?::uuid")) {
            query.setString(1, eventId);
            try (ResultSet rows = query.executeQuery()) {
                assertThat(rows.next()).as("the outbox row of " + eventId).isTrue();
                return new OutboxRow(rows.getString("payload"), rows.getString("traceparent"));
            }
        }
    }

    /** The first line of a process's log that contains {@code fragment}, waiting for it to be written. */
    private static String awaitLogLine(Path log, String fragment) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            var line = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains(fragment))
                    .findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            assertThat(System.nanoTime()).as("a line with '" + fragment + "' in " + log).isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
