package com.storageplatform.kit.tracing;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * Log lines that carry the trace of the reactive chain they are written in. Every process runs Reactor's
 * {@code limited} context propagation (ADR 0034): the thread locals a log line takes its trace id from (the current
 * span, the MDC) are not restored after every operator, which cost a quarter of the services' CPU, so a line written
 * in an operator's callback would carry none. A line inside a request (or other traced work) is written through here.
 *
 * <pre>{@code
 * .switchIfEmpty(TraceLogs.log(() -> log.warn("Agreement {} is gone", id)))
 * .onErrorResume(failure -> TraceLogs.<Invoice>log(() -> log.warn("...", failure)).then(Mono.error(failure)))
 * }</pre>
 */
public final class TraceLogs {

    private static final ContextSnapshotFactory SNAPSHOTS = ContextSnapshotFactory.builder().build();

    private TraceLogs() {
    }

    /** Empty, like {@code Mono.fromRunnable}: writes the line when subscribed, with the chain's trace current. */
    public static <T> Mono<T> log(Runnable line) {
        return Mono.deferContextual(context -> {
            inTrace(context, line);
            return Mono.empty();
        });
    }

    /** Runs {@code work} (which logs) now, with the trace of {@code context} current; answers what it answers. */
    public static <T> T inTrace(ContextView context, Supplier<T> work) {
        try (ContextSnapshot.Scope trace = SNAPSHOTS.setThreadLocalsFrom(context)) {
            return work.get();
        }
    }

    /** Writes the line now, with the trace of {@code context} current. */
    public static void inTrace(ContextView context, Runnable line) {
        try (ContextSnapshot.Scope trace = SNAPSHOTS.setThreadLocalsFrom(context)) {
            line.run();
        }
    }
}
