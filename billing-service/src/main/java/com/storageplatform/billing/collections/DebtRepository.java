package com.storageplatform.billing.collections;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.collections.DebtProjection.Current;
import com.storageplatform.billing.collections.DebtProjection.Debt;
import com.storageplatform.kit.db.AccountStatement;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code delinquency_debts} table (V71), every statement bound to an account. */
@Repository
class DebtRepository {

    private final DatabaseClient db;

    DebtRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The stretch the invoice owes now, its row locked. */
    Mono<Current> currentForUpdate(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, """
                SELECT owed_from, contact_id, site_id, currency, due_date, outstanding_minor FROM delinquency_debts
                 WHERE account_id = :account_id AND invoice_id = :invoice_id AND owed_until IS NULL FOR UPDATE
                """)
                .bind("invoice_id", invoiceId)
                .map(row -> new Current(new Debt(row.get("contact_id", UUID.class), row.get("site_id", UUID.class),
                        row.get("currency", String.class), row.get("due_date", LocalDate.class),
                        row.get("outstanding_minor", Long.class)), row.get("owed_from", LocalDate.class)))
                .one();
    }

    /**
     * The stretch ends on {@code day}; one that started the same day never spanned the end of a day, so it goes
     * (a change later that day replaces it).
     */
    Mono<Void> end(UUID accountId, UUID invoiceId, Current current, LocalDate day) {
        String where = " WHERE account_id = :account_id AND invoice_id = :invoice_id AND owed_until IS NULL";
        if (!current.owedFrom().isBefore(day)) {
            return AccountStatement.sql(db, accountId, "DELETE FROM delinquency_debts" + where)
                    .bind("invoice_id", invoiceId).then();
        }
        return AccountStatement.sql(db, accountId, "UPDATE delinquency_debts SET owed_until = :day" + where)
                .bind("invoice_id", invoiceId).bind("day", day).then();
    }

    Mono<Void> start(UUID accountId, UUID invoiceId, Debt debt, LocalDate day) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO delinquency_debts (account_id, invoice_id, owed_from, contact_id, site_id, currency,
                       due_date, outstanding_minor)
                VALUES (:account_id, :invoice_id, :day, :contact_id, :site_id, :currency, :due_date, :outstanding)
                """)
                .bind("invoice_id", invoiceId).bind("day", day).bind("contact_id", debt.contactId())
                .bind("currency", debt.currency()).bind("due_date", debt.dueDate())
                .bind("outstanding", debt.outstandingMinor());
        return nullable(insert, "site_id", debt.siteId(), UUID.class).then();
    }

    /**
     * The figures of the debts in {@code currency} owed at the end of {@code day} and past their due date, per site
     * ({@code bySite}) or for all together, at {@code sites} (null: every site, and invoices on no plan).
     */
    Flux<Figures> overdue(UUID accountId, String currency, LocalDate day, boolean today, Set<UUID> sites,
            boolean bySite) {
        String site = bySite ? "site_id" : "CAST(NULL AS uuid)";
        // Today's report reads only what is owed now (a partial index); a past day's, the stretches spanning it.
        String owed = today ? "owed_until IS NULL" : "daterange(owed_from, owed_until) @> CAST(:day AS date)";
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, """
                SELECT %s AS site_id, count(*) AS invoices, count(DISTINCT contact_id) AS accounts,
                       CAST(sum(outstanding_minor) AS bigint) AS overdue,
                       CAST(coalesce(sum(outstanding_minor) FILTER (WHERE late <= 30), 0) AS bigint) AS band_1_30,
                       CAST(coalesce(sum(outstanding_minor) FILTER (WHERE late BETWEEN 31 AND 60), 0) AS bigint)
                           AS band_31_60,
                       CAST(coalesce(sum(outstanding_minor) FILTER (WHERE late BETWEEN 61 AND 90), 0) AS bigint)
                           AS band_61_90,
                       CAST(coalesce(sum(outstanding_minor) FILTER (WHERE late > 90), 0) AS bigint) AS band_over_90
                  FROM (SELECT site_id, contact_id, outstanding_minor, CAST(:day AS date) - due_date AS late
                          FROM delinquency_debts
                         WHERE account_id = :account_id AND currency = :currency
                           AND due_date < CAST(:day AS date) AND %s
                           AND (CAST(:all_sites AS boolean) OR site_id = ANY(:sites))) owed
                 GROUP BY 1
                """.formatted(site, owed))
                .bind("currency", currency).bind("day", day)
                .bind("all_sites", sites == null)
                .bind("sites", sites == null ? new UUID[0] : sites.toArray(UUID[]::new));
        return select.map(row -> new Figures(row.get("site_id", UUID.class), row.get("invoices", Long.class),
                        row.get("accounts", Long.class), row.get("overdue", Long.class),
                        row.get("band_1_30", Long.class), row.get("band_31_60", Long.class),
                        row.get("band_61_90", Long.class), row.get("band_over_90", Long.class)))
                .all();
    }

    /** The figures of one group of overdue debts; {@code siteId} null for all together or invoices on no plan. */
    record Figures(UUID siteId, long invoices, long accounts, long overdueMinor, long band1To30Minor,
            long band31To60Minor, long band61To90Minor, long bandOver90Minor) {
    }
}
