package com.storageplatform.billing.collections;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code collections_cases} and {@code dunning_steps} tables, every statement bound to an account except the
 * dunning job's page of open cases.
 */
@Repository
class CaseRepository {

    private static final String COLUMNS = """
            id, contact_id, currency, status, amount_overdue_minor, overdue_invoice_ids, seen_invoice_ids,
            oldest_due_date, ladder::text AS ladder, overlock_id, operator_id, environment, opened_at, closed_at,
            closed_reason, created_at, updated_at,
            (SELECT max(s.step_index) FROM dunning_steps s
              WHERE s.account_id = collections_cases.account_id AND s.case_id = collections_cases.id) AS last_step
            """;

    private final DatabaseClient db;
    private final LadderRepository ladders;

    CaseRepository(DatabaseClient db, LadderRepository ladders) {
        this.db = db;
        this.ladders = ladders;
    }

    /** The open case of the customer in {@code currency}, its row locked. */
    Mono<CaseRow> openForUpdate(UUID accountId, UUID contactId, String currency) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM collections_cases WHERE account_id = :account_id AND contact_id = :contact_id
                  AND currency = :currency AND status = 'open' FOR UPDATE
                """)
                .bind("contact_id", contactId).bind("currency", currency)
                .map(this::toRow).one();
    }

    /** The case, its row locked. */
    Mono<CaseRow> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM collections_cases WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id).map(this::toRow).one();
    }

    Mono<CaseRow> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM collections_cases WHERE account_id = :account_id AND id = :id")
                .bind("id", id).map(this::toRow).one();
    }

    Mono<Envelopes.ListOf<CaseRow>> list(UUID accountId, UUID contactId, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM collections_cases", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("status = :status", "status", status)
                .page(db, page, this::toRow);
    }

    /**
     * A new open case for the customer in {@code currency}, following {@code ladder}, with the operator and
     * environment the dunning job later acts as; nothing when one is open already (another writer's, a moment ago).
     */
    Mono<Void> open(Caller caller, UUID contactId, String currency, List<Step> ladder, Instant now) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO collections_cases (account_id, id, contact_id, currency, status, amount_overdue_minor,
                       overdue_invoice_ids, seen_invoice_ids, ladder, operator_id, environment, opened_at,
                       created_at, updated_at)
                VALUES (:account_id, :id, :contact_id, :currency, 'open', 0, '{}', '{}', CAST(:ladder AS jsonb),
                       :operator_id, :environment, :now, :now, :now)
                ON CONFLICT (account_id, contact_id, currency) WHERE status = 'open' DO NOTHING
                """)
                .bind("id", Ids.newId()).bind("contact_id", contactId).bind("currency", currency)
                .bind("ladder", ladders.text(ladder)).bind("now", now);
        insert = nullable(insert, "operator_id", caller.operatorId(), UUID.class);
        insert = nullable(insert, "environment",
                caller.environment() == null ? null : caller.environment().value(), String.class);
        return insert.then();
    }

    /** The case's figures as its invoices now say. */
    Mono<Void> saveFigures(UUID accountId, UUID id, long amountMinor, List<UUID> overdue, List<UUID> seen,
            LocalDate oldestDueDate, Instant now) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE collections_cases SET amount_overdue_minor = :amount, overdue_invoice_ids = :overdue,
                       seen_invoice_ids = :seen, oldest_due_date = :oldest, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("amount", amountMinor).bind("overdue", overdue.toArray(UUID[]::new))
                .bind("seen", seen.toArray(UUID[]::new)).bind("now", now);
        return nullable(update, "oldest", oldestDueDate, LocalDate.class).then();
    }

    /** Nothing overdue is left: closed, with why; the oldest due date stays as it was. */
    Mono<Void> close(UUID accountId, UUID id, String reason, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE collections_cases SET status = 'closed', amount_overdue_minor = 0, overdue_invoice_ids = '{}',
                       closed_at = :now, closed_reason = :reason, updated_at = :now
                 WHERE account_id = :account_id AND id = :id AND status = 'open'
                """)
                .bind("id", id).bind("reason", reason).bind("now", now)
                .then();
    }

    Mono<Void> setOverlock(UUID accountId, UUID id, UUID overlockId, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE collections_cases SET overlock_id = COALESCE(overlock_id, :overlock_id), updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("overlock_id", overlockId).bind("now", now)
                .then();
    }

    /** Records that the case took step {@code index}; false when it had already (the step's once-only key). */
    Mono<Boolean> takeStep(UUID accountId, UUID caseId, int index, Step step, Long lateFeeMinor, LocalDate today,
            Instant now) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO dunning_steps (account_id, case_id, step_index, action, days_after_due, late_fee_minor,
                       taken_on, taken_at)
                VALUES (:account_id, :case_id, :index, :action, :days, :late_fee, :today, :now)
                ON CONFLICT DO NOTHING
                """)
                .bind("case_id", caseId).bind("index", index).bind("action", step.action())
                .bind("days", step.daysAfterDue()).bind("today", today).bind("now", now);
        return nullable(insert, "late_fee", lateFeeMinor, Long.class).fetch().rowsUpdated().map(rows -> rows == 1);
    }

    /** An open case the dunning job looks at, with the account it acts as. */
    record OpenCase(UUID accountId, UUID operatorId, Environment environment, UUID id) {
    }

    /**
     * Up to {@code limit} open cases of every account after {@code (afterAccount, afterId)} in key order: a page of
     * the dunning job's sweep. Across accounts: a worker's read, not one account's statement.
     */
    Flux<OpenCase> openPage(UUID afterAccount, UUID afterId, int limit) {
        return db.sql("""
                SELECT account_id, operator_id, environment, id FROM collections_cases
                 WHERE status = 'open' AND (account_id, id) > (:after_account, :after_id)
                 ORDER BY account_id, id LIMIT :limit
                """)
                .bind("after_account", afterAccount).bind("after_id", afterId).bind("limit", limit)
                .map(row -> new OpenCase(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        Environment.find(row.get("environment", String.class)).orElse(null),
                        row.get("id", UUID.class)))
                .all();
    }

    private CaseRow toRow(Readable row) {
        return new CaseRow(row.get("id", UUID.class), row.get("contact_id", UUID.class),
                row.get("currency", String.class), row.get("status", String.class),
                row.get("amount_overdue_minor", Long.class), ids(row, "overdue_invoice_ids"),
                ids(row, "seen_invoice_ids"), row.get("oldest_due_date", LocalDate.class),
                ladders.steps(row.get("ladder", String.class)), row.get("overlock_id", UUID.class),
                row.get("last_step", Integer.class), row.get("opened_at", Instant.class),
                row.get("closed_at", Instant.class), row.get("closed_reason", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }

    private static List<UUID> ids(Readable row, String column) {
        UUID[] ids = row.get(column, UUID[].class);
        return ids == null ? List.of() : Arrays.asList(ids);
    }
}
