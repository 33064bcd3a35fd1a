package com.storageplatform.catalogue.availability;

import com.storageplatform.catalogue.internal.LiveHolds;
import com.storageplatform.catalogue.unittype.UnitType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Active unit types with their unit counts, paged like any list (newest unit type first). */
@Repository
class AvailabilityRepository {

    /** A live hold ({@link LiveHolds}) on unit {@code u}: a lapsed one leaves the unit free, as for bookable. */
    private static final String HELD = """
            EXISTS (SELECT 1 FROM unit_holds h WHERE h.account_id = u.account_id AND h.unit_id = u.id AND %s)"""
            .formatted(LiveHolds.CONDITION);
    private static final String SELECT = """
            SELECT id, site_id, name, description, width_cm, depth_cm, height_cm, price_minor, currency,
                   vat_treatment, features, status, created_at, updated_at,
                   (SELECT timezone FROM sites s WHERE s.id = unit_types.site_id) AS timezone,
                   (SELECT count(*) FROM units u WHERE u.unit_type_id = unit_types.id
                        AND u.operator_status <> 'archived') AS units_total,
                   (SELECT count(*) FROM units u WHERE u.unit_type_id = unit_types.id
                        AND u.operator_status = 'available' AND NOT %1$s) AS units_free,
                   (SELECT count(*) FROM units u WHERE u.unit_type_id = unit_types.id
                        AND u.operator_status <> 'archived' AND %1$s) AS units_held,
                   (SELECT count(*) FROM unit_holds h WHERE h.account_id = unit_types.account_id
                        AND h.unit_type_id = unit_types.id AND h.unit_id IS NULL AND %2$s) AS type_holds
            FROM unit_types
            """.formatted(HELD, LiveHolds.CONDITION);

    private final DatabaseClient db;
    private final Clock clock;

    AvailabilityRepository(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    Mono<Envelopes.ListOf<Counted>> page(Caller caller, UUID siteId, UUID unitTypeId, PageRequest page) {
        ListQuery query = ListQuery.from(SELECT, caller.accountId());
        return LiveHolds.at(query, clock.instant())
                .withinSites(caller, "site_id")
                .where("status = 'active'")
                .where("site_id = :site_id", "site_id", siteId)
                .where("id = :unit_type_id", "unit_type_id", unitTypeId)
                .page(db, page, AvailabilityRepository::toCounted);
    }

    private static Counted toCounted(Readable row) {
        String[] features = row.get("features", String[].class);
        UnitType type = new UnitType(row.get("id", UUID.class), UnitType.OBJECT, row.get("site_id", UUID.class),
                row.get("name", String.class), row.get("description", String.class),
                row.get("width_cm", Integer.class), row.get("depth_cm", Integer.class),
                row.get("height_cm", Integer.class), row.get("price_minor", Long.class),
                row.get("currency", String.class), row.get("vat_treatment", String.class),
                features == null ? List.of() : List.of(features), row.get("status", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
        return new Counted(type, row.get("timezone", String.class), row.get("units_total", Long.class),
                row.get("units_free", Long.class), row.get("units_held", Long.class),
                row.get("type_holds", Long.class));
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
