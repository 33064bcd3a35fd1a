package com.storageplatform.kit.tracing;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationView;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.handler.TracingObservationHandler;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * Carries a request's trace where HTTP instrumentation does not reach (ADR 0022): from the request into its outbox
 * row, from the row onto the Kafka record, and from the record to whoever consumes it later. The form is W3C's
 * {@code traceparent} ({@code 00-<trace id>-<span id>-<flags>}), whatever the HTTP propagation is set to.
 */
public final class TraceContextCarrier {

    /** The column of {@code outbox_events} and the Kafka header that carry it. */
    public static final String TRACEPARENT = "traceparent";

    private static final Pattern W3C = Pattern.compile("([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?");
    private static final String INVALID_TRACE = "0".repeat(32);
    private static final String INVALID_SPAN = "0".repeat(16);

    private TraceContextCarrier() {
    }

    /** A parsed {@code traceparent}. */
    public record TraceParent(String traceId, String spanId, boolean sampled) {

        public String format() {
            return "00-" + traceId + "-" + spanId + (sampled ? "-01" : "-00");
        }
    }

    /**
     * The {@code traceparent} of the span the calling reactive chain runs in (the request's, read from the Reactor
     * context where WebFlux put its observation); empty outside a trace.
     */
    public static Mono<String> current() {
        return Mono.deferContextual(context -> Mono.justOrEmpty(of(context)));
    }

    static Optional<String> of(ContextView context) {
        for (Observation.ContextView observation = context.<Observation>getOrEmpty(ObservationThreadLocalAccessor.KEY)
                .map(Observation::getContextView).orElse(null);
                observation != null;
                observation = parentOf(observation)) {
            TracingObservationHandler.TracingContext tracing =
                    observation.get(TracingObservationHandler.TracingContext.class);
            Span span = tracing == null ? null : tracing.getSpan();
            if (span != null && !span.isNoop()) {
                return Optional.of(format(span.context()));
            }
        }
        return Optional.empty();
    }

    private static Observation.ContextView parentOf(Observation.ContextView observation) {
        ObservationView parent = observation.getParentObservation();
        return parent == null ? null : parent.getContextView();
    }

    public static String format(TraceContext context) {
        return new TraceParent(context.traceId(), context.spanId(), Boolean.TRUE.equals(context.sampled())).format();
    }

    /**
     * Reads a {@code traceparent}: empty when it is missing or malformed (version {@code ff}, an all-zero id, wrong
     * lengths, upper case), so a bad value starts a new trace rather than failing the work it came with.
     */
    public static Optional<TraceParent> parse(String traceparent) {
        if (traceparent == null) {
            return Optional.empty();
        }
        Matcher parts = W3C.matcher(traceparent.trim());
        if (!parts.matches() || parts.group(1).equals("ff") || (parts.group(1).equals("00") && parts.group(5) != null)
                || parts.group(2).equals(INVALID_TRACE) || parts.group(3).equals(INVALID_SPAN)) {
            return Optional.empty();
        }
        boolean sampled = (Integer.parseInt(parts.group(4), 16) & 1) == 1;
        return Optional.of(new TraceParent(parts.group(2), parts.group(3), sampled));
    }

    /** Adds the {@code traceparent} header to a Kafka record's headers (nothing without one). */
    public static void put(Headers headers, String traceparent) {
        if (traceparent != null && !traceparent.isBlank()) {
            headers.remove(TRACEPARENT);
            headers.add(TRACEPARENT, traceparent.getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** The {@code traceparent} header of a Kafka record, when it has one. */
    public static Optional<String> from(Headers headers) {
        Header header = headers == null ? null : headers.lastHeader(TRACEPARENT);
        return header == null || header.value() == null ? Optional.empty()
                : Optional.of(new String(header.value(), StandardCharsets.US_ASCII));
    }
}
