package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Internal events of unit type changes (not webhooks), through the outbox in the request's transaction, with the
 * unit type's API shape as {@code data}: other services keep their projections from them.
 */
@Component
class UnitTypeEvents {

    static final String CREATED = "unit_type.created";
    static final String UPDATED = "unit_type.updated";
    static final String ARCHIVED = "unit_type.archived";

    private final EventPublisher events;

    UnitTypeEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, UnitType type) {
        return events.publish(caller, CREATED, type.id(), type).then();
    }

    /** {@code unit_type.archived} when the change archived it, otherwise {@code unit_type.updated}. */
    Mono<Void> changed(Caller caller, UnitType before, UnitType after) {
        String type = after.isArchived() && !before.isArchived() ? ARCHIVED : UPDATED;
        return events.publish(caller, type, after.id(), after).then();
    }
}
