package com.storageplatform.compliance.access.control;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code access_commands} table: statements bound to one account, but the sender's claim over every account. */
@Repository
class CommandRepository {

    private static final String COLUMNS = """
            account_id, id, operator_id, environment, operation, subject_id, site_id, unit_id, agreement_id,
            contact_id, kind, reference, status, attempts
            """;

    private final DatabaseClient db;

    CommandRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(AccessCommand c, Instant at) {
        GenericExecuteSpec insert = AccountStatement.sql(db, c.accountId(), """
                INSERT INTO access_commands (account_id, id, operator_id, environment, operation, subject_id, site_id,
                       unit_id, agreement_id, contact_id, kind, reference, status, next_attempt_at, created_at,
                       updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :operation, :subject_id, :site_id, :unit_id,
                       :agreement_id, :contact_id, :kind, :reference, 'pending', :at, :at, :at)
                """)
                .bind("id", c.id())
                .bind("environment", c.environment().value())
                .bind("operation", c.operation().value())
                .bind("subject_id", c.subjectId())
                .bind("site_id", c.siteId())
                .bind("at", at);
        insert = nullable(insert, "operator_id", c.operatorId(), UUID.class);
        insert = nullable(insert, "unit_id", c.unitId(), UUID.class);
        insert = nullable(insert, "agreement_id", c.agreementId(), UUID.class);
        insert = nullable(insert, "contact_id", c.contactId(), UUID.class);
        insert = nullable(insert, "kind", c.kind(), String.class);
        return nullable(insert, "reference", c.reference(), String.class).then();
    }

    /**
     * Leases due pending commands of every account (a worker's claim: no one account), each only when no earlier
     * command of its subject is still pending, so a subject's commands reach the system in the order they were made.
     * {@code SKIP LOCKED} lets replicas share the work; a command stays leased until {@code leaseUntil}.
     */
    Flux<AccessCommand> claimDue(Instant now, Instant leaseUntil, int limit) {
        return db.sql("""
                UPDATE access_commands c SET lease_until = :lease_until, attempts = c.attempts + 1
                  FROM (SELECT account_id, id FROM access_commands p
                         WHERE p.status = 'pending' AND p.next_attempt_at <= :now
                           AND (p.lease_until IS NULL OR p.lease_until <= :now)
                           AND NOT EXISTS (SELECT 1 FROM access_commands e
                                            WHERE e.account_id = p.account_id AND e.subject_id = p.subject_id
                                              AND e.status = 'pending' AND e.seq < p.seq)
                         ORDER BY p.seq LIMIT :limit FOR UPDATE SKIP LOCKED) due
                 WHERE c.account_id = due.account_id AND c.id = due.id
                RETURNING c.account_id, c.id, c.operator_id, c.environment, c.operation, c.subject_id, c.site_id,
                          c.unit_id, c.agreement_id, c.contact_id, c.kind, c.reference, c.status, c.attempts
                """)
                .bind("now", now)
                .bind("lease_until", leaseUntil)
                .bind("limit", limit)
                .map(CommandRepository::toCommand)
                .all();
    }

    /** The system took the pending command: {@code sent}. Nothing when it is no longer pending. */
    Mono<Void> sent(UUID accountId, UUID id, String provider, String providerRef, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE access_commands SET status = 'sent', provider = :provider, provider_ref = :provider_ref,
                       sent_at = :at, last_error = NULL, lease_until = NULL, next_attempt_at = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                """)
                .bind("id", id).bind("provider", provider).bind("at", at);
        return nullable(update, "provider_ref", providerRef, String.class).then();
    }

    /** The pending command ends unsent: {@code failed} or {@code cancelled}, with why. Empty when it was not pending. */
    Mono<AccessCommand> ended(UUID accountId, UUID id, String status, String provider, String error, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE access_commands SET status = :status, provider = :provider, last_error = :error,
                       settled_at = :at, lease_until = NULL, next_attempt_at = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                RETURNING\s""" + COLUMNS)
                .bind("id", id).bind("status", status).bind("error", error).bind("at", at);
        return nullable(update, "provider", provider, String.class).map(CommandRepository::toCommand).one();
    }

    /** The system could not take the command now: pending again from {@code next}, with why. */
    Mono<Void> retryAt(UUID accountId, UUID id, Instant next, String error, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE access_commands SET next_attempt_at = :next, last_error = :error, lease_until = NULL,
                       updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                """)
                .bind("id", id).bind("next", next).bind("error", error).bind("at", at)
                .then();
    }

    /**
     * The system's report of the command's outcome: {@code confirmed} or {@code failed}. A report can come before
     * the sender records the command {@code sent} (a fast system), so a pending command settles too; a settled one
     * never changes again. Answers the command it settled; empty when it was not waiting for an outcome.
     */
    Mono<AccessCommand> settle(UUID accountId, UUID id, String status, String error, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE access_commands SET status = :status, last_error = :error, settled_at = :at,
                       lease_until = NULL, next_attempt_at = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status IN ('pending', 'sent')
                RETURNING\s""" + COLUMNS)
                .bind("id", id).bind("status", status).bind("at", at);
        return nullable(update, "error", error, String.class).map(CommandRepository::toCommand).one();
    }

    /**
     * The simulator's lock commands it accepted at least {@code delay} ago and has not confirmed yet, of every
     * account (a worker's read, no one account), oldest first.
     */
    Flux<AccessCommand> simulatedLocksSentBefore(Instant sentBefore, int limit) {
        return db.sql("SELECT " + COLUMNS + """
                 FROM access_commands
                WHERE status = 'sent' AND provider = 'simulator'
                  AND operation IN ('apply_overlock', 'release_overlock') AND sent_at <= :sent_before
                ORDER BY sent_at, seq LIMIT :limit
                """)
                .bind("sent_before", sentBefore)
                .bind("limit", limit)
                .map(CommandRepository::toCommand)
                .all();
    }

    /** Whether the account has any lock command for the reference (an overlock id). */
    Mono<AccessCommand> anyLock(UUID accountId, String reference) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM access_commands
                WHERE account_id = :account_id AND reference = :reference
                  AND operation IN ('apply_overlock', 'release_overlock')
                ORDER BY seq LIMIT 1
                """)
                .bind("reference", reference)
                .map(CommandRepository::toCommand)
                .one();
    }

    /** The reference's first lock command still waiting for an outcome (pending or sent); empty when none is. */
    Mono<AccessCommand> waitingLock(UUID accountId, String reference) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM access_commands
                WHERE account_id = :account_id AND reference = :reference
                  AND operation IN ('apply_overlock', 'release_overlock') AND status IN ('pending', 'sent')
                ORDER BY seq LIMIT 1
                """)
                .bind("reference", reference)
                .map(CommandRepository::toCommand)
                .one();
    }

    /** A settled lock command's outcome; empty while it waits for one. */
    Mono<AccessLock> lockOutcome(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                , last_error, settled_at FROM access_commands
                WHERE account_id = :account_id AND id = :id AND status IN ('confirmed', 'failed')
                """)
                .bind("id", id)
                .map(row -> toCommand(row).outcome(row.get("status", String.class),
                        row.get("last_error", String.class), row.get("settled_at", Instant.class)))
                .one();
    }

    private static AccessCommand toCommand(Readable row) {
        return new AccessCommand(row.get("account_id", UUID.class), row.get("id", UUID.class),
                row.get("operator_id", UUID.class), Environment.of(row.get("environment", String.class)),
                Operation.of(row.get("operation", String.class)), row.get("subject_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class), row.get("agreement_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("kind", String.class), row.get("reference", String.class),
                row.get("status", String.class), row.get("attempts", Integer.class));
    }
}
