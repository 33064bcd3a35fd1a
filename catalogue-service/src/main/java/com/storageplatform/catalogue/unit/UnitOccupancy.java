package com.storageplatform.catalogue.unit;

import com.storageplatform.catalogue.holds.Holds;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The unit's side of the holds projection: after commerce's events changed what holds a unit, its occupancy is
 * read again from the live holds, saved, and a {@code unit.updated} published when the status clients see moved
 * (an out-of-service or archived unit keeps its status, so it publishes nothing).
 */
@Component
public class UnitOccupancy {

    private final UnitRepository units;
    private final Holds holds;
    private final UnitEvents events;
    private final Clock clock;

    UnitOccupancy(UnitRepository units, Holds holds, UnitEvents events, Clock clock) {
        this.units = units;
        this.holds = holds;
        this.events = events;
        this.clock = clock;
    }

    /** Nothing for a unit the account does not have: its holds are kept for whenever they matter. */
    public Mono<Void> refresh(Caller caller, UUID unitId) {
        return units.findForUpdate(caller.accountId(), unitId)
                .flatMap(current -> holds.occupancy(caller.accountId(), unitId).flatMap(occupancy -> {
                    if (occupancy.equals(current.occupancy())) {
                        return Mono.empty();
                    }
                    Unit unit = current.unit();
                    String status = Unit.statusOf(current.operatorStatus(), occupancy);
                    if (status.equals(unit.status())) {
                        return units.updateOccupancy(caller.accountId(), unitId, occupancy, unit.updatedAt());
                    }
                    Unit saved = unit.withStatus(status, clock.instant());
                    return units.updateOccupancy(caller.accountId(), unitId, occupancy, saved.updatedAt())
                            .then(events.changed(caller, unit, saved));
                }));
    }
}
