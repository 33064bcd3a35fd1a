package com.storageplatform.kit.request;

import java.util.Optional;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * What a service call made while serving a request inherits from it, kept in the Reactor context of the request's
 * chain by {@link RequestDeadlineFilter}: its request id, its deadline and the {@code Idempotency-Key} it came
 * with (from which a peer's key is derived).
 *
 * @param idempotencyKey null when the request carried none
 */
public record InboundRequest(String requestId, Deadline deadline, String idempotencyKey) {

    /** The request being served, or empty outside one (a job, a Kafka listener). */
    public static Mono<Optional<InboundRequest>> current() {
        return Mono.deferContextual(context -> Mono.just(from(context)));
    }

    public static Optional<InboundRequest> from(ContextView context) {
        return context.getOrEmpty(InboundRequest.class);
    }
}
