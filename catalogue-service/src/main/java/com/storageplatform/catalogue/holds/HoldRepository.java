package com.storageplatform.catalogue.holds;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
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
        return AccountStatement.sql(db, accountId, """
                SELECT unit_id FROM unit_holds
                WHERE account_id = :account_id AND holder_kind = :kind AND holder_id = :holder_id FOR UPDATE
                """)
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
        GenericExecuteSpec upsert = AccountStatement.sql(db, accountId, """
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
                .bind("kind", hold.holderKind())
                .bind("holder_id", hold.holderId())
                .bind("stage", (short) hold.stage())
                .bind("at", at);
        upsert = nullable(upsert, "unit_id", hold.unitId(), UUID.class);
        upsert = nullable(upsert, "unit_type_id", hold.unitTypeId(), UUID.class);
        upsert = nullable(upsert, "site_id", hold.siteId(), UUID.class);
        return nullable(upsert, "held_until", hold.heldUntil(), Instant.class).then();
    }

    /** What the live holds say of the unit ({@link Holds#occupancy}). */
    Mono<String> occupancy(UUID accountId, UUID unitId) {
        return AccountStatement.sql(db, accountId, """
                SELECT CASE WHEN bool_or(stage = 2) THEN 'occupied' WHEN bool_or(stage = 1) THEN 'reserved'
                            ELSE 'none' END AS occupancy
                FROM unit_holds WHERE account_id = :account_id AND unit_id = :unit_id AND stage < 3
                """)
                .bind("unit_id", unitId)
                .mapValue(String.class)
                .one();
    }
}
