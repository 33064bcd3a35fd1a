package com.storageplatform.catalogue.unit;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.catalogue.holds.Holds;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code units} table, every statement bound to an account. Other features read it through {@link Units}. */
@Repository
class UnitRepository {

    private static final String COLUMNS = """
            id, site_id, unit_type_id, name, floor, operator_status, occupancy, features, notes, created_at, updated_at
            """;
    /** The status clients see, as SQL ({@link Unit#statusOf}). */
    private static final String STATUS = """
            (CASE WHEN operator_status <> 'available' THEN operator_status
                  WHEN occupancy <> 'none' THEN occupancy ELSE 'available' END)""";
    /**
     * Bookable: the operator offers it and no live hold ({@link Holds}: a lapsed one does not count) is on it,
     * except the named reservation's ({@code :reservation_id}, which may be null).
     */
    private static final String BOOKABLE = "(operator_status = 'available' AND NOT "
            + Holds.liveOnUnitExcept("units", "reservation_id") + ")";

    private final DatabaseClient db;
    private final Clock clock;

    UnitRepository(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    Mono<Void> insert(UUID accountId, StoredUnit stored) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO units (account_id, id, site_id, unit_type_id, name, floor, operator_status, features,
                                   notes, created_at, updated_at)
                VALUES (:account_id, :id, :site_id, :unit_type_id, :name, :floor, :operator_status, :features,
                        :notes, :created_at, :updated_at)
                """)
                .bind("site_id", stored.unit().siteId())
                .bind("created_at", stored.unit().createdAt());
        return bindValues(insert, stored).then().onErrorMap(DataIntegrityViolationException.class,
                e -> nameTaken(stored.unit().name()));
    }

    Mono<Void> update(UUID accountId, StoredUnit stored) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE units SET unit_type_id = :unit_type_id, name = :name, floor = :floor,
                    operator_status = :operator_status, features = :features, notes = :notes,
                    updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, stored).then().onErrorMap(DataIntegrityViolationException.class,
                e -> nameTaken(stored.unit().name()));
    }

    /** Sets commerce's occupancy of the unit (the projection's share) and moves {@code updated_at}. */
    Mono<Void> updateOccupancy(UUID accountId, UUID id, String occupancy, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE units SET occupancy = :occupancy, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id)
                .bind("occupancy", occupancy)
                .bind("updated_at", at)
                .then();
    }

    Mono<StoredUnit> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    Mono<StoredUnit> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /** Whether another unit of the account's site already has this name, compared without case. */
    Mono<Boolean> nameTaken(UUID accountId, UUID siteId, String name, UUID exceptId) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM units WHERE account_id = :account_id AND site_id = :site_id
                               AND lower(name) = lower(:name) AND id <> :id) AS taken
                """)
                .bind("site_id", siteId)
                .bind("name", name)
                .bind("id", exceptId)
                .map(row -> row.get("taken", Boolean.class))
                .one();
    }

    /** Of {@code names} at the account's sites, those taken, lower-cased, by site. */
    Mono<Map<UUID, Set<String>>> takenNames(UUID accountId, Collection<UUID> siteIds, Collection<String> names) {
        return AccountStatement.sql(db, accountId, """
                SELECT site_id, lower(name) AS name FROM units
                WHERE account_id = :account_id AND site_id = ANY(:site_ids) AND lower(name) = ANY(:names)
                """)
                .bind("site_ids", siteIds.toArray(UUID[]::new))
                .bind("names", names.stream().map(name -> name.toLowerCase(Locale.ROOT)).toArray(String[]::new))
                .map(row -> Map.entry(row.get("site_id", UUID.class), row.get("name", String.class)))
                .all()
                .collect(Collectors.groupingBy(Map.Entry::getKey,
                        Collectors.mapping(Map.Entry::getValue, Collectors.toSet())));
    }

    /** How many of the account's units of the type are not archived. */
    Mono<Long> unarchivedOfType(UUID accountId, UUID unitTypeId) {
        return AccountStatement.sql(db, accountId, """
                SELECT count(*) AS n FROM units
                WHERE account_id = :account_id AND unit_type_id = :unit_type_id AND operator_status <> 'archived'
                """)
                .bind("unit_type_id", unitTypeId)
                .map(row -> row.get("n", Long.class))
                .one();
    }

    Mono<Envelopes.ListOf<Unit>> list(Caller caller, UnitFilters filters, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM units", caller.accountId())
                .withinSites(caller, "site_id")
                .where("site_id = :site_id", "site_id", filters.siteId())
                .where("unit_type_id = :unit_type_id", "unit_type_id", filters.unitTypeId())
                .where(STATUS + " = :status", "status", filters.status());
        if (filters.bookable() != null) {
            query.where(filters.bookable() ? BOOKABLE : "NOT " + BOOKABLE)
                    .bind(Holds.NOW, clock.instant())
                    .bindNullable("reservation_id", filters.reservationId(), UUID.class);
        }
        return query.page(db, page, row -> toStored(row).unit());
    }

    private Mono<StoredUnit> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM units WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(UnitRepository::toStored)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, StoredUnit stored) {
        Unit unit = stored.unit();
        spec = spec.bind("id", unit.id())
                .bind("unit_type_id", unit.unitTypeId())
                .bind("name", unit.name())
                .bind("operator_status", stored.operatorStatus())
                .bind("features", unit.features().toArray(String[]::new))
                .bind("updated_at", unit.updatedAt());
        spec = nullable(spec, "floor", unit.floor(), String.class);
        return nullable(spec, "notes", unit.notes(), String.class);
    }

    private static ApiException nameTaken(String name) {
        return ApiException.conflict("A unit named " + name + " already exists at this site.");
    }

    private static StoredUnit toStored(Readable row) {
        String[] features = row.get("features", String[].class);
        String operatorStatus = row.get("operator_status", String.class);
        String occupancy = row.get("occupancy", String.class);
        Unit unit = new Unit(row.get("id", UUID.class), Unit.OBJECT, row.get("site_id", UUID.class),
                row.get("unit_type_id", UUID.class), row.get("name", String.class), row.get("floor", String.class),
                Unit.statusOf(operatorStatus, occupancy), features == null ? List.of() : List.of(features),
                row.get("notes", String.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
        return new StoredUnit(unit, operatorStatus, occupancy);
    }
}
