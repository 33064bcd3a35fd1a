package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.event.StoredEvent;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the dispatcher (the event ingest) may do with deliveries, never through the
 * {@code webhook_deliveries} table or the queue's repository directly (ModuleBoundariesTest).
 */
@Component
public class Deliveries {

    private final DeliveryQueue queue;

    Deliveries(DeliveryQueue queue) {
        this.queue = queue;
    }

    /**
     * Queues one delivery per (event, subscribed endpoint) for a batch of newly logged events, in one statement;
     * returns how many were queued. A pair already queued is left alone.
     */
    public Mono<Integer> queueAll(List<StoredEvent> events) {
        return queue.queueAll(events);
    }
}
