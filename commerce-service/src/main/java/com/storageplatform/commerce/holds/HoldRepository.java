package com.storageplatform.commerce.holds;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.db.Bindings;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

@Repository
class HoldRepository {

    private final DatabaseClient db;

    HoldRepository(DatabaseClient db) {
        this.db = db;
    }

    /** True when the hold was written; false when the unit is already held (the winner of a race commits first). */
    Mono<Boolean> insert(UUID accountId, Hold hold, Instant now) {
        DatabaseClient.GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO unit_holds (account_id, unit_id, holder_kind, holder_id, contact_id, held_until,
                       created_at)
                VALUES (:account_id, :unit_id, :kind, :holder_id, :contact_id, :held_until, :now)
                ON CONFLICT (account_id, unit_id) DO NOTHING
                """)
                .bind("unit_id", hold.unitId())
                .bind("kind", hold.holder().kind())
                .bind("holder_id", hold.holder().id())
                .bind("contact_id", hold.contactId())
                .bind("now", now);
        return Bindings.nullable(insert, "held_until", hold.heldUntil(), Instant.class)
                .fetch().rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** The hold on a unit as last committed, without a lock. */
    Mono<Hold> onUnit(UUID accountId, UUID unitId) {
        return AccountStatement.sql(db, accountId, """
                SELECT * FROM unit_holds WHERE account_id = :account_id AND unit_id = :unit_id
                """)
                .bind("unit_id", unitId)
                .map(HoldRepository::hold)
                .one();
    }

    /** The hold on a unit, locked until the transaction ends. */
    Mono<Hold> onUnitForUpdate(UUID accountId, UUID unitId) {
        return AccountStatement.sql(db, accountId, """
                SELECT * FROM unit_holds WHERE account_id = :account_id AND unit_id = :unit_id FOR UPDATE
                """)
                .bind("unit_id", unitId)
                .map(HoldRepository::hold)
                .one();
    }

    Mono<Hold> ofHolder(UUID accountId, Holder holder) {
        return AccountStatement.sql(db, accountId, """
                SELECT * FROM unit_holds
                 WHERE account_id = :account_id AND holder_kind = :kind AND holder_id = :holder_id
                """)
                .bind("kind", holder.kind())
                .bind("holder_id", holder.id())
                .map(HoldRepository::hold)
                .one();
    }

    Mono<Long> delete(UUID accountId, Holder holder) {
        return AccountStatement.sql(db, accountId, """
                DELETE FROM unit_holds
                 WHERE account_id = :account_id AND holder_kind = :kind AND holder_id = :holder_id
                """)
                .bind("kind", holder.kind())
                .bind("holder_id", holder.id())
                .fetch().rowsUpdated();
    }

    /** Gives the hold of {@code from} to {@code to} (a reservation taken up by its booking); rows changed. */
    Mono<Long> handOver(UUID accountId, Holder from, Holder to, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE unit_holds SET holder_kind = :to_kind, holder_id = :to_id, contact_id = :contact_id,
                       held_until = NULL
                 WHERE account_id = :account_id AND holder_kind = :from_kind AND holder_id = :from_id
                """)
                .bind("to_kind", to.kind())
                .bind("to_id", to.id())
                .bind("contact_id", contactId)
                .bind("from_kind", from.kind())
                .bind("from_id", from.id())
                .fetch().rowsUpdated();
    }

    Mono<Long> changeContact(UUID accountId, Holder holder, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE unit_holds SET contact_id = :contact_id
                 WHERE account_id = :account_id AND holder_kind = :kind AND holder_id = :holder_id
                """)
                .bind("contact_id", contactId)
                .bind("kind", holder.kind())
                .bind("holder_id", holder.id())
                .fetch().rowsUpdated();
    }

    private static Hold hold(Readable row) {
        return new Hold(row.get("unit_id", UUID.class),
                new Holder(row.get("holder_kind", String.class), row.get("holder_id", UUID.class)),
                row.get("contact_id", UUID.class), row.get("held_until", Instant.class));
    }
}
