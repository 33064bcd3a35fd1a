package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code reservation.created}, {@code reservation.cancelled}, {@code reservation.expired} (public) and
 * {@code reservation.converted} (internal: the catalogue ends its hold on it), in the mutation's transaction, with
 * the reservation as a read would answer it.
 */
@Component
class ReservationEvents {

    static final String CREATED = "reservation.created";
    static final String CANCELLED = "reservation.cancelled";
    static final String EXPIRED = "reservation.expired";
    static final String CONVERTED = "reservation.converted";

    private final EventPublisher events;

    ReservationEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> publish(Caller caller, String type, Reservation reservation) {
        return events.publish(caller, type, reservation.id(), reservation).then();
    }
}
