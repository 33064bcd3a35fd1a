package com.storageplatform.kit.tracing;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Continues a trace that arrived as a {@code traceparent} (on a Kafka record, in a stored row) in work done later,
 * elsewhere: the dispatcher ingesting an event and delivering its webhook. The span is a child of the remote one,
 * keeps its sampling decision, and is current while the work logs, so the log lines carry its trace id.
 */
public class TraceContinuation {

    private final Tracer tracer;

    public TraceContinuation(Tracer tracer) {
        this.tracer = tracer;
    }

    /** Starts a span under the given {@code traceparent}, or a new trace when it is missing or malformed. */
    public Span start(String name, String traceparent) {
        Span.Builder span = tracer.spanBuilder().name(name).kind(Span.Kind.CONSUMER);
        TraceContextCarrier.parse(traceparent).ifPresentOrElse(
                parent -> span.setParent(tracer.traceContextBuilder().traceId(parent.traceId())
                        .spanId(parent.spanId()).sampled(parent.sampled()).build()),
                span::setNoParent);
        return span.start();
    }

    /** Runs {@code action} (typically a log line) with the span current. */
    public void inScope(Span span, Runnable action) {
        try (Tracer.SpanInScope ignored = tracer.withSpan(span)) {
            action.run();
        }
    }

    /**
     * Runs the work in a span continuing {@code traceparent}, ended (with the error, if any) when the work ends; the
     * work receives the span to log in it ({@link #inScope}).
     */
    public <T> Mono<T> within(String name, String traceparent, Function<Span, Mono<T>> work) {
        return Mono.defer(() -> {
            Span span = start(name, traceparent);
            return Mono.defer(() -> work.apply(span))
                    .doOnError(span::error)
                    .doFinally(signal -> span.end());
        });
    }
}
