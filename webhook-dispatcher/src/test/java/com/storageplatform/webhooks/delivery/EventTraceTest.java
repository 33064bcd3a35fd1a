package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * An event's trace reaches its webhooks (ADR 0022): the dispatcher stores the {@code traceparent} the event arrived
 * with and continues that trace while it ingests the event and in every delivery attempt, whose log lines carry the
 * trace id; the receiver gets no trace header.
 */
@DispatcherTest
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = "logging.level.com.storageplatform.webhooks.event.IngestTraces=debug")
class EventTraceTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    DispatcherApi api;
    WebhookReceiver receiver;
    final Caller caller = DispatcherApi.caller();

    @BeforeEach
    void setUp() {
        api = new DispatcherApi(client, kafka, json);
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void tearDown() {
        receiver.close();
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    @Test
    void ingestAndEveryDeliveryAttemptContinueTheTraceTheEventArrivedWith(CapturedOutput output) {
        String traceId = hex(16);
        String publisherSpan = hex(8);
        String traceparent = "00-" + traceId + "-" + publisherSpan + "-01";
        receiver.status.set(500);
        api.endpoint(caller, receiver.url(), "deal.*");

        UUID id = api.publish(caller, "crm.events", "deal.won", Map.of("object", "deal"), traceparent);
        receiver.await(r -> true, 2, Duration.ofSeconds(30));

        assertThat(db.sql("SELECT traceparent FROM events WHERE id = :id").bind("id", id)
                .map(row -> row.get("traceparent", String.class)).one().block()).isEqualTo(traceparent);
        List<String> attempts = awaitLines(output, "Delivery ", "of event " + id, 2);
        assertThat(attempts).allSatisfy(line -> assertThat(line).contains(traceId).contains("failed (HTTP 500)")
                .doesNotContain(receiver.url()));
        // Each attempt is a span of its own in the trace, a child of the publisher's span.
        assertThat(attempts).noneSatisfy(line -> assertThat(line).contains(publisherSpan));
        assertThat(awaitLines(output, "Event " + id, "is in the event log", 1))
                .singleElement().satisfies(line -> assertThat(line).contains(traceId));
        assertThat(receiver.received).allSatisfy(delivery -> {
            assertThat(delivery.header("traceparent")).isNull();
            assertThat(delivery.header("tracestate")).isNull();
        });
    }

    @Test
    void anEventThatCameWithoutATraceIsDeliveredInANewOne(CapturedOutput output) {
        api.endpoint(caller, receiver.url(), "deal.*");

        UUID id = api.publish(caller, "crm.events", "deal.lost", Map.of("object", "deal"));
        receiver.await(r -> true, 1, Duration.ofSeconds(30));

        assertThat(db.sql("SELECT coalesce(traceparent, 'none') AS t FROM events WHERE id = :id").bind("id", id)
                .map(row -> row.get("t", String.class)).one().block()).isEqualTo("none");
        String line = awaitLines(output, "Delivery ", "of event " + id, 1).get(0);
        assertThat(line).contains("succeeded (HTTP 200)").containsPattern("\\[[0-9a-f]{32}-[0-9a-f]{16}\\]");
        assertThat(TraceContextCarrier.parse(null)).isEmpty();
    }

    /** The log lines holding every fragment, once there are {@code count} (the attempt is logged after it is recorded). */
    private static List<String> awaitLines(CapturedOutput output, String first, String second, int count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = output.getOut().lines().filter(line -> line.contains(first) && line.contains(second)).toList();
            if (lines.size() >= count) {
                return lines;
            }
            DispatcherApi.sleep(100);
        }
        throw new AssertionError("Expected " + count + " log lines with '" + first + "' and '" + second + "', got "
                + lines);
    }
}
