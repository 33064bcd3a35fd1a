package com.storageplatform.catalogue.unittype;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code unit_types} table, every statement bound to an account. Other features read it through
 * {@link UnitTypes}.
 */
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
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO unit_types (account_id, %s)
                VALUES (:account_id, :id, :site_id, :name, :description, :width_cm, :depth_cm, :height_cm,
                        :price_minor, :currency, :vat_treatment, :features, :status, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("site_id", type.siteId())
                .bind("created_at", type.createdAt());
        return bindValues(insert, type).then();
    }

    Mono<Void> update(UUID accountId, UnitType type) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE unit_types SET name = :name, description = :description, width_cm = :width_cm,
                    depth_cm = :depth_cm, height_cm = :height_cm, price_minor = :price_minor, currency = :currency,
                    vat_treatment = :vat_treatment, features = :features, status = :status, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
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

    Flux<UnitType> atSites(UUID accountId, Collection<UUID> siteIds) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM unit_types WHERE account_id = :account_id AND site_id = ANY(:sites)")
                .bind("sites", siteIds.toArray(UUID[]::new))
                .map(UnitTypeRepository::toUnitType)
                .all();
    }

    /** Each of the account's unit types among {@code ids}, with its site. */
    Mono<Map<UUID, UUID>> sitesOf(UUID accountId, Collection<UUID> ids) {
        return AccountStatement.sql(db, accountId,
                        "SELECT id, site_id FROM unit_types WHERE account_id = :account_id AND id = ANY(:ids)")
                .bind("ids", ids.toArray(UUID[]::new))
                .map(row -> Map.entry(row.get("id", UUID.class), row.get("site_id", UUID.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    private Mono<UnitType> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM unit_types WHERE account_id = :account_id AND id = :id" + lock)
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
        spec = nullable(spec, "description", type.description(), String.class);
        spec = nullable(spec, "width_cm", type.widthCm(), Integer.class);
        spec = nullable(spec, "depth_cm", type.depthCm(), Integer.class);
        return nullable(spec, "height_cm", type.heightCm(), Integer.class);
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
