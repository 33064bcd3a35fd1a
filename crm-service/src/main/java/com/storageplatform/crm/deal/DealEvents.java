package com.storageplatform.crm.deal;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code deal.*} events, in the change's transaction, with the deal as a read answers it. {@code deal.created},
 * {@code deal.won} and {@code deal.lost} are public (the spec's catalogue); {@code deal.updated} (any other change,
 * a reopening among them) and {@code deal.deleted} (the deal as it last was) are internal, for projections.
 */
@Component
class DealEvents {

    static final String CREATED = "deal.created";
    static final String WON = "deal.won";
    static final String LOST = "deal.lost";
    static final String UPDATED = "deal.updated";
    static final String DELETED = "deal.deleted";

    private final EventPublisher events;

    DealEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Deal> publish(Caller caller, String type, Deal deal) {
        return events.publish(caller, type, deal.id(), deal).thenReturn(deal);
    }

    /**
     * The event of a change: {@code deal.won} or {@code deal.lost} when it closed the deal, else
     * {@code deal.updated}.
     */
    static String ofChange(Deal before, Deal after) {
        if (Deal.OPEN.equals(before.status()) && Deal.WON.equals(after.status())) {
            return WON;
        }
        if (!Deal.LOST.equals(before.status()) && Deal.LOST.equals(after.status())) {
            return LOST;
        }
        return UPDATED;
    }
}
