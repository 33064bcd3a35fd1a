package com.storageplatform.kit.inbox;

import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Keeps a projection of another service's data from its events. A service declares handlers as beans; the
 * {@link Inbox} consumes their topics and calls each handler once per event id, inside the transaction that
 * records the id, so a projection never applies an event twice or half.
 */
public interface EventHandler {

    /** The topic the events come from, e.g. {@code commerce.events}. */
    String topic();

    /** The event types handled (as published); others on the topic are skipped. */
    Set<String> types();

    /**
     * Whether this event of a handled type is one the handler acts on, judged from the event alone: one no handler
     * wants is neither recorded nor given a transaction. The default wants every event of its types.
     */
    default boolean wants(ConsumedEvent event) {
        return true;
    }

    Mono<Void> handle(ConsumedEvent event);
}
