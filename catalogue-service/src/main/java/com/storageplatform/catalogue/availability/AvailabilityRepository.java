package com.storageplatform.catalogue.availability;

import com.storageplatform.catalogue.holds.Holds;
import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unit.Units;
import com.storageplatform.catalogue.unittype.UnitType;
import com.storageplatform.catalogue.unittype.UnitTypes;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Active unit types with their unit counts, paged like any list (newest unit type first). */
@Repository
class AvailabilityRepository {

    /** Each active unit type's columns and counts, read in one statement from the features' own SQL. */
    private static final String SELECT = UnitTypes.selectWith(
            Sites.timezoneOf("unit_types.site_id") + " AS timezone",
            Units.inUseOfType("unit_types") + " AS units_total",
            Units.freeOfType("unit_types") + " AS units_free",
            Units.heldOfType("unit_types") + " AS units_held",
            Holds.liveOnTypeOnly("unit_types") + " AS type_holds");

    private final DatabaseClient db;
    private final Clock clock;

    AvailabilityRepository(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    Mono<Envelopes.ListOf<Counted>> page(Caller caller, UUID siteId, UUID unitTypeId, PageRequest page) {
        return ListQuery.from(SELECT, caller.accountId())
                .bind(Holds.NOW, clock.instant())
                .withinSites(caller, "site_id")
                .where("status = 'active'")
                .where("site_id = :site_id", "site_id", siteId)
                .where("id = :unit_type_id", "unit_type_id", unitTypeId)
                .page(db, page, AvailabilityRepository::toCounted);
    }

    private static Counted toCounted(Readable row) {
        return new Counted(UnitTypes.fromRow(row), row.get("timezone", String.class),
                row.get("units_total", Long.class), row.get("units_free", Long.class),
                row.get("units_held", Long.class), row.get("type_holds", Long.class));
    }

    /** A unit type with its counts, before pricing. */
    record Counted(UnitType type, String timezone, long unitsTotal, long unitsFree, long unitsHeld,
            long typeHolds) {

        long unitsBookable() {
            return Math.max(0, unitsFree - typeHolds);
        }

        long unitsOccupied() {
            return Math.min(unitsTotal, unitsHeld + typeHolds);
        }
    }
}
