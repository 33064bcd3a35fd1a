package com.storageplatform.billing.collections;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.collections.SaleProcess.Notice;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
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
 * The {@code sale_processes} and {@code sale_notices} tables, every statement bound to an account except the notice
 * sweep's page of processes with a notice due.
 */
@Repository
class SaleProcessRepository {

    private static final String COLUMNS = """
            id, contact_id, agreement_id, unit_id, site_id, case_id, status, amount_owed_minor, currency,
            invoice_ids, sale_date, sold_on, proceeds_minor, surplus_minor, shortfall_minor, closed_reason,
            opened_at, sold_at, closed_at, created_at, updated_at
            """;

    private final DatabaseClient db;

    SaleProcessRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The oldest open arrears case of the customer, in whatever currency; empty when none is open. */
    Mono<UUID> oldestOpenCase(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id FROM collections_cases WHERE account_id = :account_id AND contact_id = :contact_id
                   AND status = 'open' ORDER BY opened_at, id LIMIT 1
                """)
                .bind("contact_id", contactId).map(row -> row.get("id", UUID.class)).one();
    }

    /** The process open for the agreement, if any. */
    Mono<UUID> openOfAgreement(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id FROM sale_processes WHERE account_id = :account_id AND agreement_id = :agreement_id
                   AND status = 'open'
                """)
                .bind("agreement_id", agreementId).map(row -> row.get("id", UUID.class)).one();
    }

    /** The ids of the customer's open processes. */
    Flux<UUID> openOfContact(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id FROM sale_processes WHERE account_id = :account_id AND contact_id = :contact_id
                   AND status = 'open' ORDER BY id
                """)
                .bind("contact_id", contactId).map(row -> row.get("id", UUID.class)).all();
    }

    /**
     * A new open process with its notices, acting later (its notices) as {@code caller}'s operator and environment;
     * false when the agreement has one open already (another request's, a moment ago).
     */
    Mono<Boolean> insert(Caller caller, SaleProcess p) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO sale_processes (account_id, id, contact_id, agreement_id, unit_id, site_id, case_id,
                       status, currency, invoice_ids, sale_date, operator_id, environment, opened_at, created_at,
                       updated_at)
                VALUES (:account_id, :id, :contact_id, :agreement_id, :unit_id, :site_id, :case_id, 'open',
                       :currency, :invoice_ids, :sale_date, :operator_id, :environment, :now, :now, :now)
                ON CONFLICT (account_id, agreement_id) WHERE status = 'open' DO NOTHING
                """)
                .bind("id", p.id()).bind("contact_id", p.contactId()).bind("agreement_id", p.agreementId())
                .bind("unit_id", p.unitId()).bind("site_id", p.siteId()).bind("case_id", p.caseId())
                .bind("currency", p.currency()).bind("invoice_ids", p.invoiceIds().toArray(UUID[]::new))
                .bind("sale_date", p.saleDate()).bind("now", p.openedAt());
        insert = nullable(insert, "operator_id", caller.operatorId(), UUID.class);
        insert = nullable(insert, "environment",
                caller.environment() == null ? null : caller.environment().value(), String.class);
        return insert.fetch().rowsUpdated().flatMap(rows -> rows == 0 ? Mono.just(false)
                : Flux.fromIterable(p.notices()).concatMap(notice -> AccountStatement.sql(db, caller.accountId(), """
                                INSERT INTO sale_notices (account_id, process_id, notice_index, due_on)
                                VALUES (:account_id, :process_id, :index, :due_on)
                                """)
                                .bind("process_id", p.id()).bind("index", notice.index())
                                .bind("due_on", notice.dueOn()).then())
                        .then(Mono.just(true)));
    }

    Mono<SaleProcess> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM sale_processes WHERE account_id = :account_id AND id = :id")
                .bind("id", id).map(SaleProcessRepository::toProcess).one()
                .flatMap(p -> withNotices(accountId, p));
    }

    /** The process, its row locked. */
    Mono<SaleProcess> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM sale_processes WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id).map(SaleProcessRepository::toProcess).one()
                .flatMap(p -> withNotices(accountId, p));
    }

    Mono<Envelopes.ListOf<SaleProcess>> list(UUID accountId, UUID contactId, UUID agreementId, String status,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM sale_processes", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("agreement_id = :agreement_id", "agreement_id", agreementId)
                .where("status = :status", "status", status)
                .page(db, page, SaleProcessRepository::toProcess)
                .flatMap(list -> Flux.fromIterable(list.data()).concatMap(p -> withNotices(accountId, p))
                        .collectList().map(data -> new Envelopes.ListOf<>(data, list.meta())));
    }

    /** Records that the notice went out; false when it had already (each notice once). */
    Mono<Boolean> markSent(UUID accountId, UUID processId, int index, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE sale_notices SET sent_at = :now
                 WHERE account_id = :account_id AND process_id = :process_id AND notice_index = :index
                   AND sent_at IS NULL
                """)
                .bind("process_id", processId).bind("index", index).bind("now", now)
                .fetch().rowsUpdated().map(rows -> rows == 1);
    }

    /** The sale recorded: what was owed, the proceeds and what they left over or short. */
    Mono<Void> sold(UUID accountId, UUID id, long owedMinor, LocalDate soldOn, long proceedsMinor, long surplusMinor,
            long shortfallMinor, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE sale_processes SET status = 'sold', amount_owed_minor = :owed, sold_on = :sold_on,
                       proceeds_minor = :proceeds, surplus_minor = :surplus, shortfall_minor = :shortfall,
                       sold_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id AND status = 'open'
                """)
                .bind("id", id).bind("owed", owedMinor).bind("sold_on", soldOn).bind("proceeds", proceedsMinor)
                .bind("surplus", surplusMinor).bind("shortfall", shortfallMinor).bind("now", now)
                .then();
    }

    Mono<Void> closed(UUID accountId, UUID id, long owedMinor, String reason, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE sale_processes SET status = 'closed', amount_owed_minor = :owed, closed_reason = :reason,
                       closed_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id AND status = 'open'
                """)
                .bind("id", id).bind("owed", owedMinor).bind("reason", reason).bind("now", now)
                .then();
    }

    /** An open process with a notice due, with the account it acts as. */
    record DueProcess(UUID accountId, UUID operatorId, Environment environment, UUID id) {
    }

    /**
     * Up to {@code limit} open processes of every account, after {@code (afterAccount, afterId)} in key order, with a
     * notice not sent due on or before {@code latestDay} (the latest "today" of any time zone): a page of the notice
     * sweep, which judges each process's day in its account's zone. Across accounts: a worker's read.
     */
    Flux<DueProcess> duePage(LocalDate latestDay, UUID afterAccount, UUID afterId, int limit) {
        return db.sql("""
                SELECT p.account_id, p.operator_id, p.environment, p.id FROM sale_processes p
                 WHERE p.status = 'open' AND (p.account_id, p.id) > (:after_account, :after_id)
                   AND EXISTS (SELECT 1 FROM sale_notices n WHERE n.account_id = p.account_id
                                  AND n.process_id = p.id AND n.sent_at IS NULL AND n.due_on <= :day)
                 ORDER BY p.account_id, p.id LIMIT :limit
                """)
                .bind("day", latestDay).bind("after_account", afterAccount).bind("after_id", afterId)
                .bind("limit", limit)
                .map(row -> new DueProcess(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        Environment.find(row.get("environment", String.class)).orElse(null),
                        row.get("id", UUID.class)))
                .all();
    }

    private Mono<SaleProcess> withNotices(UUID accountId, SaleProcess p) {
        return AccountStatement.sql(db, accountId, """
                SELECT notice_index, due_on, sent_at FROM sale_notices
                 WHERE account_id = :account_id AND process_id = :process_id ORDER BY notice_index
                """)
                .bind("process_id", p.id())
                .map(row -> {
                    int index = row.get("notice_index", Integer.class);
                    return new Notice(index, index == 0 ? Notice.NOTICE_OF_SALE : Notice.REMINDER,
                            row.get("due_on", LocalDate.class), row.get("sent_at", Instant.class));
                })
                .all().collectList()
                .map(notices -> new SaleProcess(p.id(), p.object(), p.contactId(), p.agreementId(), p.unitId(),
                        p.siteId(), p.caseId(), p.status(), p.amountOwedMinor(), p.currency(), p.invoiceIds(),
                        notices, p.saleDate(), p.soldOn(), p.proceedsMinor(), p.surplusMinor(), p.shortfallMinor(),
                        p.closedReason(), p.openedAt(), p.soldAt(), p.closedAt(), p.createdAt(), p.updatedAt()));
    }

    private static SaleProcess toProcess(Readable row) {
        Long owed = row.get("amount_owed_minor", Long.class);
        UUID[] invoices = row.get("invoice_ids", UUID[].class);
        return new SaleProcess(row.get("id", UUID.class), SaleProcess.OBJECT, row.get("contact_id", UUID.class),
                row.get("agreement_id", UUID.class), row.get("unit_id", UUID.class), row.get("site_id", UUID.class),
                row.get("case_id", UUID.class), row.get("status", String.class), owed == null ? 0 : owed,
                row.get("currency", String.class), invoices == null ? List.of() : Arrays.asList(invoices), List.of(),
                row.get("sale_date", LocalDate.class), row.get("sold_on", LocalDate.class),
                row.get("proceeds_minor", Long.class), row.get("surplus_minor", Long.class),
                row.get("shortfall_minor", Long.class), row.get("closed_reason", String.class),
                row.get("opened_at", Instant.class), row.get("sold_at", Instant.class),
                row.get("closed_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
