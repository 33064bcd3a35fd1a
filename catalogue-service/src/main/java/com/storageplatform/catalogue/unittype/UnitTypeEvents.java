package com.storageplatform.catalogue.unittype;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/** {@code unit_type.created}, {@code unit_type.updated} and {@code unit_type.archived}, with the unit type. */
@Component
class UnitTypeEvents extends ResourceEvents<UnitType> {

    UnitTypeEvents(EventPublisher events) {
        super(events, UnitType.OBJECT, UnitType::id, UnitType::isArchived);
    }
}
