package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.tracing.Span;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Each delivery attempt in the trace of the request that published its event (ADR 0022): a span under the event's
 * {@code traceparent}, and one log line per attempt written in it, so the attempt's log carries that trace id. The
 * receiver is sent no trace header: our trace ids stay ours. The line names ids and the outcome, never the URL
 * (receivers put credentials in them) or a body.
 */
@Component
class DeliveryTraces {

    private static final Logger log = LoggerFactory.getLogger(DeliveryTraces.class);

    private final TraceContinuation traces;

    DeliveryTraces(TraceContinuation traces) {
        this.traces = traces;
    }

    <T> Mono<T> attempt(DeliveryQueue.Claimed delivery, Function<Span, Mono<T>> work) {
        return traces.within("webhook delivery", delivery.traceparent(), span -> {
            span.tag("event.type", delivery.eventType()).tag("attempt", Integer.toString(delivery.attempts() + 1));
            return work.apply(span);
        });
    }

    void attempted(Span span, DeliveryQueue.Claimed delivery, DeliverySender.Attempt attempt) {
        if (!attempt.succeeded()) {
            span.tag("error", attempt.error());
        }
        traces.inScope(span, () -> log.info("Delivery {} of event {} ({}) to endpoint {}, attempt {}: {}",
                delivery.id(), delivery.eventId(), delivery.eventType(), delivery.endpointId(),
                delivery.attempts() + 1, attempt.succeeded() ? "succeeded (HTTP " + attempt.status() + ")"
                        : "failed (" + attempt.error() + ")"));
    }
}
