package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code unit_types} table. Every statement is bound to an account. */
@Repository
class UnitTypeRepository {

    static final String COLUMNS = """
            id, site_id, name, description, width_cm, depth_cm, height_cm, price_minor, currency, vat_treatment,
            features, status, created_at, updated_at
            """;

    private final DatabaseClient db;

    UnitTypeRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, UnitType type) {
        GenericExecuteSpec insert = db.sql("""
                INSERT INTO unit_types (account_id, %s)
                VALUES (:account_id, :id, :site_id, :name, :description, :width_cm, :depth_cm, :height_cm,
                        :price_minor, :currency, :vat_treatment, :features, :status, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("account_id", accountId)
                .bind("site_id", type.siteId())
                .bind("created_at", type.createdAt());
        return bindValues(insert, type).then();
    }

    Mono<Void> update(UUID accountId, UnitType type) {
        GenericExecuteSpec update = db.sql("""
                UPDATE unit_types SET name = :name, description = :description, width_cm = :width_cm,
                    depth_cm = :depth_cm, height_cm = :height_cm, price_minor = :price_minor, currency = :currency,
                    vat_treatment = :vat_treatment, features = :features, status = :status, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("account_id", accountId);
        return bindValues(update, type).then();
    }

    Mono<UnitType> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** Locked until the transaction ends: updates, new units and rate plans of one type apply one at a time. */
    Mono<UnitType> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    Mono<Envelopes.ListOf<UnitType>> list(Caller caller, UUID siteId, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM unit_types", caller.accountId())
                .withinSites(caller, "site_id")
                .where("site_id = :site_id", "site_id", siteId)
                .where("status = :status", "status", status)
                .page(db, page, UnitTypeRepository::toUnitType);
    }

    /** The status of the account's site, or empty when it has no such site. */
    Mono<String> siteStatus(UUID accountId, UUID siteId) {
        return db.sql("SELECT status FROM sites WHERE account_id = :account_id AND id = :id")
                .bind("account_id", accountId)
                .bind("id", siteId)
                .map(row -> row.get("status", String.class))
                .one();
    }

    Mono<Long> unarchivedUnits(UUID accountId, UUID unitTypeId) {
        return count("""
                SELECT count(*) AS n FROM units
                WHERE account_id = :account_id AND unit_type_id = :id AND operator_status <> 'archived'
                """, accountId, unitTypeId);
    }

    Mono<Long> ratePlans(UUID accountId, UUID unitTypeId) {
        return count("SELECT count(*) AS n FROM rate_plans WHERE account_id = :account_id AND unit_type_id = :id",
                accountId, unitTypeId);
    }

    private Mono<Long> count(String sql, UUID accountId, UUID id) {
        return db.sql(sql).bind("account_id", accountId).bind("id", id)
                .map(row -> row.get("n", Long.class)).one();
    }

    private Mono<UnitType> findBy(UUID accountId, UUID id, String lock) {
        return db.sql("SELECT " + COLUMNS + " FROM unit_types WHERE account_id = :account_id AND id = :id" + lock)
                .bind("account_id", accountId)
                .bind("id", id)
                .map(UnitTypeRepository::toUnitType)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, UnitType type) {
        spec = spec.bind("id", type.id())
                .bind("name", type.name())
                .bind("price_minor", type.priceMinor())
                .bind("currency", type.currency())
                .bind("vat_treatment", type.vatTreatment())
                .bind("features", type.features().toArray(String[]::new))
                .bind("status", type.status())
                .bind("updated_at", type.updatedAt());
        spec = type.description() == null ? spec.bindNull("description", String.class)
                : spec.bind("description", type.description());
        spec = nullable(spec, "width_cm", type.widthCm());
        spec = nullable(spec, "depth_cm", type.depthCm());
        return nullable(spec, "height_cm", type.heightCm());
    }

    private static GenericExecuteSpec nullable(GenericExecuteSpec spec, String name, Integer value) {
        return value == null ? spec.bindNull(name, Integer.class) : spec.bind(name, value);
    }

    static UnitType toUnitType(Readable row) {
        String[] features = row.get("features", String[].class);
        return new UnitType(row.get("id", UUID.class), UnitType.OBJECT, row.get("site_id", UUID.class),
                row.get("name", String.class), row.get("description", String.class),
                row.get("width_cm", Integer.class), row.get("depth_cm", Integer.class),
                row.get("height_cm", Integer.class), row.get("price_minor", Long.class),
                row.get("currency", String.class), row.get("vat_treatment", String.class),
                features == null ? List.of() : List.of(features), row.get("status", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
