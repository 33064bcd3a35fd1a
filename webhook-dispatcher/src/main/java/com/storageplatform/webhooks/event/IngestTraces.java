package com.storageplatform.webhooks.event;

import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.tracing.Span;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Ingest's place in each event's trace (ADR 0022): a span under the trace the event arrived with, in which its
 * storing is logged, so the event's path from the request that published it to its webhooks reads as one trace.
 */
@Component
class IngestTraces {

    private static final Logger log = LoggerFactory.getLogger(IngestTraces.class);

    private final TraceContinuation traces;

    IngestTraces(TraceContinuation traces) {
        this.traces = traces;
    }

    /** The event is in the log (a redelivered one was already). */
    void stored(StoredEvent event) {
        Span span = traces.start("webhook ingest", event.traceparent()).tag("event.type", event.type());
        try {
            traces.inScope(span, () -> log.debug("Event {} ({}) from {} is in the event log", event.id(),
                    event.type(), event.source()));
        } finally {
            span.end();
        }
    }
}
