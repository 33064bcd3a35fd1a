package com.storageplatform.billing.mandate;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code mandate.*} events, in the change's transaction, with the mandate as a read answers it. */
@Component
class MandateEvents {

    static final String CREATED = "mandate.created";
    /** The event of each status a mandate moves to. */
    private static final Map<String, String> ON_STATUS = Map.of(Mandate.ACTIVE, "mandate.active",
            Mandate.CANCELLED, "mandate.cancelled", Mandate.FAILED, "mandate.failed");

    private final EventPublisher events;

    MandateEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Mandate> created(Caller caller, Mandate mandate) {
        return events.publish(caller, CREATED, mandate.id(), mandate).thenReturn(mandate);
    }

    /** The event of the status the mandate moved to. */
    Mono<Mandate> moved(Caller caller, Mandate mandate) {
        return events.publish(caller, ON_STATUS.get(mandate.status()), mandate.id(), mandate).thenReturn(mandate);
    }
}
