package com.storageplatform.billing.overlock;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code overlocks} table, every statement bound to an account. */
@Repository
class OverlockRepository {

    /** An overlock as stored: the resource and its lock commands' state. */
    record Stored(Overlock overlock, LockState lock) {
    }

    private static final String COLUMNS = """
            id, agreement_id, contact_id, site_id, unit_id, case_id, status, reason, failure_reason,
            release_failure_reason, requested_at, apply_confirmed_at, apply_failed_at, release_requested_at,
            release_confirmed_at, release_failed_at, applied_published_at, released_published_at, settled_command_ids,
            created_at, updated_at
            """;

    private final DatabaseClient db;

    OverlockRepository(DatabaseClient db) {
        this.db = db;
    }

    /** A new overlock; false when the agreement has one in force already (the partial unique index). */
    Mono<Boolean> insert(UUID accountId, Overlock o) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO overlocks (account_id, id, agreement_id, contact_id, site_id, unit_id, case_id, status,
                       reason, requested_at, created_at, updated_at)
                VALUES (:account_id, :id, :agreement_id, :contact_id, :site_id, :unit_id, :case_id, :status, :reason,
                       :requested_at, :requested_at, :requested_at)
                ON CONFLICT (account_id, agreement_id) WHERE status NOT IN ('released', 'failed') DO NOTHING
                """)
                .bind("id", o.id()).bind("agreement_id", o.agreementId()).bind("contact_id", o.contactId())
                .bind("site_id", o.siteId()).bind("unit_id", o.unitId()).bind("status", o.status())
                .bind("reason", o.reason()).bind("requested_at", o.requestedAt());
        return nullable(insert, "case_id", o.caseId(), UUID.class).fetch().rowsUpdated().map(rows -> rows == 1);
    }

    Mono<Stored> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM overlocks WHERE account_id = :account_id AND id = :id")
                .bind("id", id).map(OverlockRepository::toStored).one();
    }

    Mono<Stored> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM overlocks WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id).map(OverlockRepository::toStored).one();
    }

    /** The overlock in force on the agreement, if any. */
    Mono<Overlock> inForceOn(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM overlocks WHERE account_id = :account_id AND agreement_id = :agreement_id
                  AND status NOT IN ('released', 'failed')
                """)
                .bind("agreement_id", agreementId).map(row -> toStored(row).overlock()).one();
    }

    /** The case's overlocks in force, each locked. */
    Flux<Stored> inForceOfCaseForUpdate(UUID accountId, UUID caseId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM overlocks WHERE account_id = :account_id AND case_id = :case_id
                  AND status NOT IN ('released', 'failed')
                 ORDER BY id FOR UPDATE
                """)
                .bind("case_id", caseId).map(OverlockRepository::toStored).all();
    }

    Mono<Envelopes.ListOf<Overlock>> list(UUID accountId, Set<UUID> siteIds, UUID contactId, UUID agreementId,
            String status, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM overlocks", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("agreement_id = :agreement_id", "agreement_id", agreementId)
                .where("status = :status", "status", status);
        if (siteIds != null) {
            query = query.where("site_id = ANY(:site_ids)").bind("site_ids", siteIds.toArray(UUID[]::new));
        }
        return query.page(db, page, row -> toStored(row).overlock());
    }

    /** Writes the overlock's status and its lock commands' state. */
    Mono<Void> save(UUID accountId, UUID id, LockState s, Instant releaseRequestedAt, Instant now) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE overlocks SET status = :status, failure_reason = :failure_reason,
                       release_failure_reason = :release_failure_reason, apply_confirmed_at = :apply_confirmed_at,
                       apply_failed_at = :apply_failed_at, release_requested_at = :release_requested_at,
                       release_confirmed_at = :release_confirmed_at, release_failed_at = :release_failed_at,
                       applied_published_at = :applied_published_at, released_published_at = :released_published_at,
                       settled_command_ids = :settled, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("status", s.status()).bind("now", now)
                .bind("settled", s.settledCommandIds().toArray(UUID[]::new));
        update = nullable(update, "failure_reason", s.failureReason(), String.class);
        update = nullable(update, "release_failure_reason", s.releaseFailureReason(), String.class);
        update = nullable(update, "apply_confirmed_at", s.applyConfirmedAt(), Instant.class);
        update = nullable(update, "apply_failed_at", s.applyFailedAt(), Instant.class);
        update = nullable(update, "release_requested_at", releaseRequestedAt, Instant.class);
        update = nullable(update, "release_confirmed_at", s.releaseConfirmedAt(), Instant.class);
        update = nullable(update, "release_failed_at", s.releaseFailedAt(), Instant.class);
        update = nullable(update, "applied_published_at", s.appliedPublishedAt(), Instant.class);
        update = nullable(update, "released_published_at", s.releasedPublishedAt(), Instant.class);
        return update.then();
    }

    private static Stored toStored(Readable row) {
        UUID[] settled = row.get("settled_command_ids", UUID[].class);
        LockState lock = new LockState(row.get("status", String.class), row.get("apply_confirmed_at", Instant.class),
                row.get("apply_failed_at", Instant.class), row.get("failure_reason", String.class),
                row.get("release_confirmed_at", Instant.class), row.get("release_failed_at", Instant.class),
                row.get("release_failure_reason", String.class), row.get("applied_published_at", Instant.class),
                row.get("released_published_at", Instant.class),
                settled == null ? Set.of() : Set.copyOf(Arrays.asList(settled)));
        Overlock overlock = new Overlock(row.get("id", UUID.class), Overlock.OBJECT,
                row.get("agreement_id", UUID.class), row.get("contact_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class), row.get("case_id", UUID.class),
                lock.status(), row.get("reason", String.class), lock.failureReason(),
                row.get("requested_at", Instant.class), lock.applyConfirmedAt(), lock.applyFailedAt(),
                row.get("release_requested_at", Instant.class), lock.releaseConfirmedAt(), lock.releaseFailedAt(),
                lock.releaseFailureReason(), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
        return new Stored(overlock, lock);
    }
}
