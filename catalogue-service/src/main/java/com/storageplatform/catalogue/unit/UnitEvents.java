package com.storageplatform.catalogue.unit;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/**
 * {@code unit.created}, {@code unit.updated} and {@code unit.archived}, with the unit as {@code data}. A status
 * change that commerce's events cause is a {@code unit.updated} too.
 */
@Component
class UnitEvents extends ResourceEvents<Unit> {

    UnitEvents(EventPublisher events) {
        super(events, Unit.OBJECT, Unit::id, unit -> Unit.ARCHIVED.equals(unit.status()));
    }
}
