package com.storageplatform.compliance.access.device;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code hardware_devices} table, every statement bound to one account. */
@Repository
class DeviceRepository {

    private static final String COLUMNS = """
            id, site_id, unit_id, kind, name, external_ref, status, created_at, updated_at
            """;

    private final DatabaseClient db;

    DeviceRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID siteId, String kind, String status) {
    }

    /** Stores the device; false when another device of the account has its {@code external_ref} (nothing stored). */
    Mono<Boolean> insert(UUID accountId, HardwareDevice d) {
        return values(AccountStatement.sql(db, accountId, """
                INSERT INTO hardware_devices (account_id, id, site_id, unit_id, kind, name, external_ref, status,
                       created_at, updated_at)
                VALUES (:account_id, :id, :site_id, :unit_id, :kind, :name, :external_ref, :status, :created_at,
                       :updated_at)
                ON CONFLICT (account_id, external_ref) WHERE external_ref IS NOT NULL DO NOTHING
                """), d)
                .bind("site_id", d.siteId()).bind("kind", d.kind()).bind("created_at", d.createdAt())
                .fetch().rowsUpdated().map(rows -> rows > 0);
    }

    Mono<Void> save(UUID accountId, HardwareDevice d) {
        return values(AccountStatement.sql(db, accountId, """
                UPDATE hardware_devices SET unit_id = :unit_id, name = :name, external_ref = :external_ref,
                       status = :status, updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """), d).then();
    }

    private static GenericExecuteSpec values(GenericExecuteSpec spec, HardwareDevice d) {
        spec = spec.bind("id", d.id()).bind("name", d.name()).bind("status", d.status())
                .bind("updated_at", d.updatedAt());
        spec = nullable(spec, "unit_id", d.unitId(), UUID.class);
        return nullable(spec, "external_ref", d.externalRef(), String.class);
    }

    Mono<HardwareDevice> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The device, its row locked for the rest of the transaction. */
    Mono<HardwareDevice> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<HardwareDevice> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM hardware_devices WHERE account_id = :account_id AND id = :id"
                                + lock)
                .bind("id", id)
                .map(DeviceRepository::toDevice)
                .one();
    }

    /** The account's device the gate system calls {@code externalRef}. */
    Mono<HardwareDevice> findByExternalRef(UUID accountId, String externalRef) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM hardware_devices WHERE account_id = :account_id AND external_ref = :external_ref")
                .bind("external_ref", externalRef)
                .map(DeviceRepository::toDevice)
                .one();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM hardware_devices WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    /** Newest first; a site-restricted caller sees its own sites' devices only. */
    Mono<Envelopes.ListOf<HardwareDevice>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM hardware_devices", caller.accountId())
                .where("site_id = :site_id", "site_id", f.siteId())
                .where("kind = :kind", "kind", f.kind())
                .where("status = :status", "status", f.status())
                .withinSites(caller, "site_id")
                .page(db, page, DeviceRepository::toDevice);
    }

    private static HardwareDevice toDevice(Readable row) {
        return new HardwareDevice(row.get("id", UUID.class), HardwareDevice.OBJECT, row.get("site_id", UUID.class),
                row.get("unit_id", UUID.class), row.get("kind", String.class), row.get("name", String.class),
                row.get("external_ref", String.class), row.get("status", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
