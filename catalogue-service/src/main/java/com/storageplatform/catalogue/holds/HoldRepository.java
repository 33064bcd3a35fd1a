package com.storageplatform.catalogue.holds;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code unit_holds} table: commerce's holders, one row each, per account. */
@Repository
class HoldRepository {

    private final DatabaseClient db;

    HoldRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The unit the holder held before this event, locked; empty when it is new or held no unit. */
    Mono<Optional<UUID>> unitBefore(UUID accountId, Hold hold) {
        return db.sql("""
                SELECT unit_id FROM unit_holds
                WHERE account_id = :account_id AND holder_kind = :kind AND holder_id = :holder_id FOR UPDATE
                """)
                .bind("account_id", accountId)
                .bind("kind", hold.holderKind())
                .bind("holder_id", hold.holderId())
                // A unit-type hold has no unit: a row with a null unit_id.
                .map(row -> Optional.ofNullable(row.get("unit_id", UUID.class)))
                .one()
                .defaultIfEmpty(Optional.empty());
    }

    /**
     * Records the event: a new holder is inserted as it is; a known one takes the ids the event names and moves
     * forward to the event's stage, never back (a late {@code created} cannot revive a cancelled hold).
     */
    Mono<Void> record(UUID accountId, Hold hold, Instant at) {
        GenericExecuteSpec upsert = db.sql("""
                INSERT INTO unit_holds (account_id, holder_kind, holder_id, unit_id, unit_type_id, site_id, stage,
                                        held_until, updated_at)
                VALUES (:account_id, :kind, :holder_id, :unit_id, :unit_type_id, :site_id, :stage, :held_until, :at)
                ON CONFLICT (account_id, holder_kind, holder_id) DO UPDATE SET
                    unit_id = COALESCE(EXCLUDED.unit_id, unit_holds.unit_id),
                    unit_type_id = COALESCE(EXCLUDED.unit_type_id, unit_holds.unit_type_id),
                    site_id = COALESCE(EXCLUDED.site_id, unit_holds.site_id),
                    stage = GREATEST(unit_holds.stage, EXCLUDED.stage),
                    held_until = COALESCE(EXCLUDED.held_until, unit_holds.held_until),
                    updated_at = EXCLUDED.updated_at
                """)
                .bind("account_id", accountId)
                .bind("kind", hold.holderKind())
                .bind("holder_id", hold.holderId())
                .bind("stage", (short) hold.stage())
                .bind("at", at);
        upsert = uuid(upsert, "unit_id", hold.unitId());
        upsert = uuid(upsert, "unit_type_id", hold.unitTypeId());
        upsert = uuid(upsert, "site_id", hold.siteId());
        upsert = hold.heldUntil() == null ? upsert.bindNull("held_until", Instant.class)
                : upsert.bind("held_until", hold.heldUntil());
        return upsert.then();
    }

    private static GenericExecuteSpec uuid(GenericExecuteSpec spec, String name, UUID value) {
        return value == null ? spec.bindNull(name, UUID.class) : spec.bind(name, value);
    }
}
