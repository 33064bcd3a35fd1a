package com.storageplatform.kit.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** W3C traceparent as the outbox row and the Kafka header carry it (the W3C Trace Context examples). */
class TraceContextCarrierTest {

    static final String EXAMPLE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void aTraceparentIsReadAndWrittenBackTheSame() {
        TraceContextCarrier.TraceParent parent = TraceContextCarrier.parse(EXAMPLE).orElseThrow();

        assertThat(parent.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(parent.spanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(parent.sampled()).isTrue();
        assertThat(parent.format()).isEqualTo(EXAMPLE);
        assertThat(TraceContextCarrier.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")
                .orElseThrow().sampled()).isFalse();
    }

    @Test
    void aLaterVersionIsReadForItsKnownFields() {
        assertThat(TraceContextCarrier.parse("cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09-what-comes")
                .orElseThrow().sampled()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra"})
    void aMalformedTraceparentIsNone(String traceparent) {
        assertThat(TraceContextCarrier.parse(traceparent)).isEmpty();
    }

    @Test
    void theKafkaHeaderIsSetOnceAndReadBack() {
        RecordHeaders headers = new RecordHeaders();
        headers.add("traceparent", "stale".getBytes(StandardCharsets.US_ASCII));

        TraceContextCarrier.put(headers, EXAMPLE);

        assertThat(headers.headers("traceparent")).hasSize(1);
        assertThat(TraceContextCarrier.from(headers)).contains(EXAMPLE);
        TraceContextCarrier.put(headers, null);
        assertThat(TraceContextCarrier.from(headers)).contains(EXAMPLE);
        assertThat(TraceContextCarrier.from(new RecordHeaders())).isEmpty();
    }

    @Test
    void outsideATraceThereIsNoCurrentTraceparent() {
        StepVerifier.create(TraceContextCarrier.current()).verifyComplete();
        StepVerifier.create(Mono.defer(TraceContextCarrier::current).contextWrite(context -> context.put("other", 1)))
                .verifyComplete();
    }
}
