package com.storageplatform.billing.overlock;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code overlock.*} on {@code billing.events}, with the overlock as a read answers it. {@code overlock.requested}
 * and {@code overlock.release_requested} are internal (compliance locks and unlocks the unit from them);
 * {@code overlock.applied} and {@code overlock.released} are public, each once the lock system confirms.
 */
@Component
class OverlockEvents {

    static final String REQUESTED = "overlock.requested";
    static final String RELEASE_REQUESTED = "overlock.release_requested";

    private final EventPublisher events;

    OverlockEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Overlock> publish(Caller caller, String type, Overlock overlock) {
        return events.publish(caller, type, overlock.id(), overlock).thenReturn(overlock);
    }
}
