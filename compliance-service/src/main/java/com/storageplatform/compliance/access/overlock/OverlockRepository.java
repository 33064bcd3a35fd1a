package com.storageplatform.compliance.access.overlock;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code overlocks} table, every statement bound to one account. */
@Repository
class OverlockRepository {

    private static final String COLUMNS = """
            id, agreement_id, site_id, unit_id, requested_at, release_requested_at, apply_command_id,
            release_command_id, applied_at, apply_failed_at, released_at, release_failed_at
            """;

    private final DatabaseClient db;

    OverlockRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The overlock's row, made from {@code asked} (nothing seen yet) when there is none, locked for the rest of the
     * transaction: one event or settlement of an overlock at a time.
     */
    Mono<Overlock> lock(UUID accountId, Overlock asked, Instant at) {
        return AccountStatement.sql(db, accountId, """
                        INSERT INTO overlocks (account_id, id, agreement_id, site_id, unit_id, created_at, updated_at)
                        VALUES (:account_id, :id, :agreement_id, :site_id, :unit_id, :at, :at)
                        ON CONFLICT (account_id, id) DO NOTHING
                        """)
                .bind("id", asked.id()).bind("agreement_id", asked.agreementId())
                .bind("site_id", asked.siteId()).bind("unit_id", asked.unitId()).bind("at", at)
                .then()
                .then(findForUpdate(accountId, asked.id()));
    }

    /** The overlock locked for the rest of the transaction; empty when compliance never heard of it. */
    Mono<Overlock> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM overlocks WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id)
                .map(OverlockRepository::toOverlock)
                .one();
    }

    Mono<Void> save(UUID accountId, Overlock o, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE overlocks SET requested_at = :requested_at, release_requested_at = :release_requested_at,
                       apply_command_id = :apply_command_id, release_command_id = :release_command_id,
                       applied_at = :applied_at, apply_failed_at = :apply_failed_at, released_at = :released_at,
                       release_failed_at = :release_failed_at, updated_at = :at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", o.id()).bind("at", at);
        update = nullable(update, "requested_at", o.requestedAt(), Instant.class);
        update = nullable(update, "release_requested_at", o.releaseRequestedAt(), Instant.class);
        update = nullable(update, "apply_command_id", o.applyCommandId(), UUID.class);
        update = nullable(update, "release_command_id", o.releaseCommandId(), UUID.class);
        update = nullable(update, "applied_at", o.appliedAt(), Instant.class);
        update = nullable(update, "apply_failed_at", o.applyFailedAt(), Instant.class);
        update = nullable(update, "released_at", o.releasedAt(), Instant.class);
        return nullable(update, "release_failed_at", o.releaseFailedAt(), Instant.class).then();
    }

    /** Whether an overlock of the agreement is in force ({@link Overlock#inForce()}). */
    Mono<Boolean> inForce(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM overlocks
                                WHERE account_id = :account_id AND agreement_id = :agreement_id
                                  AND requested_at IS NOT NULL AND release_requested_at IS NULL
                                  AND apply_failed_at IS NULL)
                """)
                .bind("agreement_id", agreementId)
                .map(row -> row.get(0, Boolean.class))
                .one();
    }

    private static Overlock toOverlock(Readable row) {
        return new Overlock(row.get("id", UUID.class), row.get("agreement_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class),
                row.get("requested_at", Instant.class), row.get("release_requested_at", Instant.class),
                row.get("apply_command_id", UUID.class), row.get("release_command_id", UUID.class),
                row.get("applied_at", Instant.class), row.get("apply_failed_at", Instant.class),
                row.get("released_at", Instant.class), row.get("release_failed_at", Instant.class));
    }
}
