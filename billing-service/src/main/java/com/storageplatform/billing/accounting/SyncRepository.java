package com.storageplatform.billing.accounting;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The {@code accounting_syncs} table. */
@Repository
class SyncRepository {

    private static final String COLUMNS = """
            id, subject_type, subject_id, action, invoice_id, status, provider, external_id, reason_code, reason,
            attempts, next_attempt_at, created_at, synced_at, failed_at, updated_at""";

    private final DatabaseClient db;
    private final JsonMapper json;

    SyncRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** Queues the push of {@code action} on the subject, due now; nothing when it is queued already. */
    Mono<Boolean> queue(Caller caller, String subjectType, UUID subjectId, String action, UUID invoiceId,
            JsonNode subject, UUID id, Instant at) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO accounting_syncs (account_id, id, operator_id, environment, subject_type, subject_id,
                       action, invoice_id, subject, status, next_attempt_at, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :subject_type, :subject_id, :action,
                       :invoice_id, CAST(:subject AS jsonb), 'pending', :at, :at, :at)
                ON CONFLICT (account_id, subject_type, subject_id, action) DO NOTHING
                """)
                .bind("id", id)
                .bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value())
                .bind("subject_type", subjectType)
                .bind("subject_id", subjectId)
                .bind("action", action)
                .bind("subject", json.writeValueAsString(subject))
                .bind("at", at);
        return nullable(insert, "invoice_id", invoiceId, UUID.class).fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /**
     * Leases due pending rows of every account (a worker's claim: no one account), each only when no earlier row
     * of its subject or of its invoice is still pending, so an invoice reaches the system before its payments,
     * credit notes and void. {@code SKIP LOCKED} lets replicas share the work; a row stays leased until
     * {@code leaseUntil}.
     */
    Flux<SyncItem> claimDue(Instant now, Instant leaseUntil, int limit) {
        return db.sql("""
                UPDATE accounting_syncs s SET lease_until = :lease_until, attempts = s.attempts + 1
                  FROM (SELECT account_id, id FROM accounting_syncs p
                         WHERE p.status = 'pending' AND p.next_attempt_at <= :now
                           AND (p.lease_until IS NULL OR p.lease_until <= :now)
                           AND NOT EXISTS (SELECT 1 FROM accounting_syncs e
                                            WHERE e.account_id = p.account_id AND e.status = 'pending'
                                              AND e.seq < p.seq
                                              AND (e.subject_id = p.subject_id OR e.invoice_id = p.invoice_id))
                         ORDER BY p.seq LIMIT :limit FOR UPDATE SKIP LOCKED) due
                 WHERE s.account_id = due.account_id AND s.id = due.id
                RETURNING s.account_id, s.id, s.operator_id, s.environment, s.subject_type, s.subject_id, s.action,
                          s.invoice_id, s.subject::text AS subject, s.attempts
                """)
                .bind("now", now)
                .bind("lease_until", leaseUntil)
                .bind("limit", limit)
                .map(row -> new SyncItem(row.get("account_id", UUID.class), row.get("id", UUID.class),
                        row.get("operator_id", UUID.class), Environment.of(row.get("environment", String.class)),
                        row.get("subject_type", String.class), row.get("subject_id", UUID.class),
                        row.get("action", String.class), row.get("invoice_id", UUID.class),
                        json.readTree(row.get("subject", String.class)), row.get("attempts", Integer.class)))
                .all();
    }

    /** The push of an invoice's issue, if one was queued. */
    Mono<AccountingSync> issueOf(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM accounting_syncs
                WHERE account_id = :account_id AND subject_type = 'invoice' AND subject_id = :invoice_id
                  AND action = 'issued'
                """)
                .bind("invoice_id", invoiceId)
                .map(SyncRepository::toSync)
                .one();
    }

    /** The system booked the pending row: {@code synced}. Empty when it is no longer pending. */
    Mono<AccountingSync> synced(UUID accountId, UUID id, String provider, String externalId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE accounting_syncs SET status = 'synced', provider = :provider, external_id = :external_id,
                       synced_at = :at, next_attempt_at = NULL, lease_until = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                RETURNING\s""" + COLUMNS)
                .bind("id", id).bind("provider", provider).bind("external_id", externalId).bind("at", at)
                .map(SyncRepository::toSync)
                .one();
    }

    /** The pending row ends {@code failed} or {@code skipped}, with why. Empty when it is no longer pending. */
    Mono<AccountingSync> ended(UUID accountId, UUID id, String status, String provider, String reasonCode,
            String reason, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE accounting_syncs SET status = :status, provider = :provider, reason_code = :reason_code,
                       reason = :reason, failed_at = CASE WHEN :status = 'failed' THEN CAST(:at AS timestamptz) END,
                       next_attempt_at = NULL, lease_until = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                RETURNING\s""" + COLUMNS)
                .bind("id", id).bind("status", status).bind("reason_code", reasonCode).bind("reason", reason)
                .bind("at", at);
        return nullable(update, "provider", provider, String.class).map(SyncRepository::toSync).one();
    }

    /** The system could not take the row now: pending again from {@code next}, with why. */
    Mono<Void> retryAt(UUID accountId, UUID id, Instant next, String error, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE accounting_syncs SET next_attempt_at = :next, last_error = :error, lease_until = NULL,
                       updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'pending'
                """)
                .bind("id", id).bind("next", next).bind("error", error).bind("at", at)
                .then();
    }

    Mono<AccountingSync> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM accounting_syncs WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(SyncRepository::toSync)
                .one();
    }

    Mono<Envelopes.ListOf<AccountingSync>> list(UUID accountId, String subjectType, UUID subjectId, String status,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM accounting_syncs", accountId)
                .where("subject_type = :subject_type", "subject_type", subjectType)
                .where("subject_id = :subject_id", "subject_id", subjectId)
                .where("status = :status", "status", status)
                .page(db, page, SyncRepository::toSync);
    }

    private static AccountingSync toSync(Readable row) {
        return new AccountingSync(row.get("id", UUID.class), AccountingSync.OBJECT,
                row.get("subject_type", String.class), row.get("subject_id", UUID.class),
                row.get("action", String.class), row.get("invoice_id", UUID.class), row.get("status", String.class),
                row.get("provider", String.class), row.get("external_id", String.class),
                row.get("reason_code", String.class), row.get("reason", String.class),
                row.get("attempts", Integer.class), row.get("next_attempt_at", Instant.class),
                row.get("created_at", Instant.class), row.get("synced_at", Instant.class),
                row.get("failed_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
