package com.storageplatform.catalogue.unit;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Internal events of unit changes (not webhooks), through the outbox in the same transaction, with the unit's API
 * shape as {@code data}. A status change that commerce's events cause is a {@code unit.updated} too.
 */
@Component
class UnitEvents {

    static final String CREATED = "unit.created";
    static final String UPDATED = "unit.updated";
    static final String ARCHIVED = "unit.archived";

    private final EventPublisher events;

    UnitEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, Unit unit) {
        return events.publish(caller, CREATED, unit.id(), unit).then();
    }

    /** {@code unit.archived} when the change archived it, otherwise {@code unit.updated}. */
    Mono<Void> changed(Caller caller, Unit before, Unit after) {
        boolean archived = Unit.ARCHIVED.equals(after.status()) && !Unit.ARCHIVED.equals(before.status());
        return events.publish(caller, archived ? ARCHIVED : UPDATED, after.id(), after).then();
    }
}
