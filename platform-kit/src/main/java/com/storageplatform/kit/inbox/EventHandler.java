package com.storageplatform.kit.inbox;

import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Keeps a projection of another service's data from its events. A service declares handlers as beans; the
 * {@link Inbox} consumes their topics and calls each handler once per event id, inside the transaction that
 * records the id, so a projection never applies an event twice or half. A handler that says it is
 * {@link #idempotent()} is the exception: applying an event again changes nothing, so it runs without one.
 */
public interface EventHandler {

    /** The topic the events come from, e.g. {@code commerce.events}. */
    String topic();

    /** The event types handled (as published); others on the topic are skipped. */
    Set<String> types();

    Mono<Void> handle(ConsumedEvent event);

    /**
     * True only when applying an event again, at any later time and after any other event, leaves every row as it
     * was: an upsert that keeps the newer copy by event time, each of its statements so on its own. An event that
     * only such handlers want is applied without a transaction, and recorded after (ADR 0035); false, the default,
     * for anything else, above all a handler that calls out, counts, or writes what a later step reads.
     */
    default boolean idempotent() {
        return false;
    }
}
