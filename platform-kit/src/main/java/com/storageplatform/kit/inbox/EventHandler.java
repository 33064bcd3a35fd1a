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

    Mono<Void> handle(ConsumedEvent event);
}
