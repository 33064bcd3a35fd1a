package com.storageplatform.billing.invoice;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Readable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code invoices} and {@code invoice_lines} tables, every statement bound to an account except the overdue
 * sweep's claim.
 */
@Repository
class InvoiceRepository {

    static final String COLUMNS = """
            id, contact_id, subscription_id, order_id, source, status, currency, collection_method, description,
            due_date, total_minor, vat_minor, ipt_minor, amount_paid_minor, amount_credited_minor,
            amount_written_off_minor, amount_due_minor, in_flight_minor, voided_from, void_reason, write_off_reason,
            finalized_at, paid_at, voided_at, written_off_at, created_at, updated_at
            """;

    /** PostgreSQL's {@code lock_not_available}: a lock not obtained within {@code lock_timeout}. */
    static final String LOCK_NOT_AVAILABLE = "55P03";

    private final DatabaseClient db;

    InvoiceRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * A new invoice of the caller's account, with the operator and environment a sweep later acts as: a draft, or an
     * invoice billing issues already {@code open} ({@code finalized_at} set). Its lines go in one statement.
     */
    Mono<Void> insert(Caller caller, Invoice invoice) {
        UUID accountId = caller.accountId();
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO invoices (account_id, id, contact_id, subscription_id, order_id, source, status, currency,
                       collection_method, description, due_date, total_minor, vat_minor, ipt_minor,
                       amount_due_minor, operator_id, environment, finalized_at, created_at, updated_at)
                VALUES (:account_id, :id, :contact_id, :subscription_id, :order_id, :source, :status, :currency,
                       :collection_method, :description, :due_date, :total_minor, :vat_minor, :ipt_minor,
                       :amount_due_minor, :operator_id, :environment, :finalized_at, :created_at, :updated_at)
                """)
                .bind("id", invoice.id())
                .bind("contact_id", invoice.contactId())
                .bind("source", invoice.source())
                .bind("status", invoice.status())
                .bind("currency", invoice.currency())
                .bind("collection_method", invoice.collectionMethod())
                .bind("total_minor", invoice.totalMinor())
                .bind("vat_minor", invoice.vatMinor())
                .bind("ipt_minor", invoice.iptMinor())
                .bind("amount_due_minor", invoice.amountDueMinor())
                .bind("created_at", invoice.createdAt())
                .bind("updated_at", invoice.updatedAt());
        insert = nullable(insert, "subscription_id", invoice.subscriptionId(), UUID.class);
        insert = nullable(insert, "order_id", invoice.orderId(), UUID.class);
        insert = nullable(insert, "description", invoice.description(), String.class);
        insert = nullable(insert, "due_date", invoice.dueDate(), LocalDate.class);
        insert = nullable(insert, "operator_id", caller.operatorId(), UUID.class);
        insert = nullable(insert, "environment",
                caller.environment() == null ? null : caller.environment().value(), String.class);
        insert = nullable(insert, "finalized_at", invoice.finalizedAt(), Instant.class);
        return insert.then().then(insertLines(accountId, invoice.id(), invoice.lines()));
    }

    /** The lines in one statement, a column array each ({@code unnest}): one round trip however many lines. */
    private Mono<Void> insertLines(UUID accountId, UUID invoiceId, List<Line> lines) {
        if (lines.isEmpty()) {
            return Mono.empty();
        }
        int n = lines.size();
        Integer[] positions = new Integer[n];
        String[] kinds = new String[n];
        String[] descriptions = new String[n];
        Integer[] quantities = new Integer[n];
        Long[] unitAmounts = new Long[n];
        Long[] amounts = new Long[n];
        String[] vatTreatments = new String[n];
        Long[] vats = new Long[n];
        Long[] ipts = new Long[n];
        UUID[] products = new UUID[n];
        for (int i = 0; i < n; i++) {
            Line line = lines.get(i);
            positions[i] = i;
            kinds[i] = line.kind();
            descriptions[i] = line.description();
            quantities[i] = line.quantity();
            unitAmounts[i] = line.amountMinor();
            amounts[i] = line.totalMinor();
            vatTreatments[i] = line.vatTreatment();
            vats[i] = line.vatMinor();
            ipts[i] = line.iptMinor();
            products[i] = line.productId();
        }
        return AccountStatement.sql(db, accountId, """
                INSERT INTO invoice_lines (account_id, invoice_id, position, kind, description, quantity,
                       unit_amount_minor, amount_minor, vat_treatment, vat_minor, ipt_minor, product_id)
                SELECT :account_id, :invoice_id, l.*
                  FROM unnest(:positions::int[], :kinds::text[], :descriptions::text[], :quantities::int[],
                       :unit_amounts::bigint[], :amounts::bigint[], :vat_treatments::text[], :vats::bigint[],
                       :ipts::bigint[], :products::uuid[]) AS l
                """)
                .bind("invoice_id", invoiceId)
                .bind("positions", positions).bind("kinds", kinds).bind("descriptions", descriptions)
                .bind("quantities", quantities).bind("unit_amounts", unitAmounts).bind("amounts", amounts)
                .bind("vat_treatments", vatTreatments).bind("vats", vats).bind("ipts", ipts)
                .bind("products", products)
                .then();
    }

    Mono<Invoice> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The invoice, its row locked for the rest of the transaction. */
    Mono<Invoice> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /**
     * The invoice, its row locked for the rest of the transaction, waiting at most {@code wait} for another
     * transaction that holds it: the wait is the transaction's {@code lock_timeout} ({@code SET LOCAL}) for this one
     * statement, put back as it was once the lock is taken so later statements wait as usual. Past the wait,
     * PostgreSQL's {@code lock_not_available} (55P03) fails with {@code busy}; nothing was written.
     */
    Mono<Invoice> findForUpdateWaiting(UUID accountId, UUID id, Duration wait, ApiException busy) {
        // The transaction's own settings, not an account's rows.
        Mono<String> previous = db.sql("""
                SELECT current_setting('lock_timeout') AS previous, set_config('lock_timeout', :wait, true) AS now
                """)
                .bind("wait", wait.toMillis() + "ms")
                .map(row -> row.get("previous", String.class))
                .one();
        return previous.flatMap(before -> findForUpdate(accountId, id)
                .onErrorMap(InvoiceRepository::lockNotAvailable, failure -> busy)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(found -> db.sql("SELECT set_config('lock_timeout', :before, true)")
                        .bind("before", before)
                        .then()
                        .then(Mono.justOrEmpty(found))));
    }

    private static boolean lockNotAvailable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof R2dbcException r2dbc) {
                return LOCK_NOT_AVAILABLE.equals(r2dbc.getSqlState());
            }
        }
        return false;
    }

    /** Whether a sale has taken the invoice's debt in and is open ({@code in_sale_id}). */
    Mono<Boolean> inSale(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT in_sale_id IS NOT NULL AS in_sale FROM invoices WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id)
                .map(row -> row.get("in_sale", Boolean.class))
                .one()
                .defaultIfEmpty(false);
    }

    /** The invoices' debts taken into the sale {@code saleId} ({@code in_sale_id}). */
    Mono<Void> markInSale(UUID accountId, UUID saleId, List<UUID> ids) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET in_sale_id = :sale WHERE account_id = :account_id AND id = ANY(:ids)
                """)
                .bind("sale", saleId).bind("ids", ids.toArray(UUID[]::new))
                .then();
    }

    /** No invoice's debt is in the sale {@code saleId} any more. */
    Mono<Void> clearSale(UUID accountId, UUID saleId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET in_sale_id = NULL WHERE account_id = :account_id AND in_sale_id = :sale
                """)
                .bind("sale", saleId)
                .then();
    }

    /**
     * Adds {@code quantity} to the line's {@code returned_quantity} while it stays within the line's quantity;
     * answers the rows changed (0 when it would not).
     */
    Mono<Long> addReturned(UUID accountId, UUID invoiceId, int position, int quantity) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoice_lines SET returned_quantity = returned_quantity + :quantity
                 WHERE account_id = :account_id AND invoice_id = :invoice_id AND position = :position
                   AND returned_quantity + :quantity <= quantity
                """)
                .bind("invoice_id", invoiceId).bind("position", position).bind("quantity", quantity)
                .fetch().rowsUpdated();
    }

    private Mono<Invoice> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM invoices WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(InvoiceRepository::toInvoice)
                .one()
                .flatMap(invoice -> lines(accountId, List.of(id))
                        .map(lines -> invoice.withLines(lines.getOrDefault(id, List.of()))));
    }

    Mono<Envelopes.ListOf<Invoice>> list(UUID accountId, UUID contactId, UUID subscriptionId, String status,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM invoices", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("subscription_id = :subscription_id", "subscription_id", subscriptionId)
                .where("status = :status", "status", status)
                .page(db, page, InvoiceRepository::toInvoice)
                .flatMap(list -> lines(accountId, list.data().stream().map(Invoice::id).toList())
                        .map(lines -> new Envelopes.ListOf<>(list.data().stream()
                                .map(i -> i.withLines(lines.getOrDefault(i.id(), List.of()))).toList(),
                                list.meta())));
    }

    private Mono<Map<UUID, List<Line>>> lines(UUID accountId, List<UUID> invoiceIds) {
        if (invoiceIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return AccountStatement.sql(db, accountId, """
                SELECT invoice_id, kind, description, quantity, unit_amount_minor, amount_minor, vat_treatment,
                       vat_minor, ipt_minor, product_id, returned_quantity
                  FROM invoice_lines WHERE account_id = :account_id AND invoice_id = ANY(:ids)
                 ORDER BY invoice_id, position
                """)
                .bind("ids", invoiceIds.toArray(UUID[]::new))
                .map(row -> Map.entry(row.get("invoice_id", UUID.class), toLine(row)))
                .all()
                .collect(Collectors.groupingBy(Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue,
                        Collectors.toList())));
    }

    /**
     * Writes the invoice's status and figures after a change of its balance ({@link Balance}); answers the invoice
     * as saved (its lines, which a balance never changes, from {@code before}).
     */
    Mono<Invoice> saveBalance(UUID accountId, Invoice before, Balance b, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET status = :status, amount_paid_minor = :paid, amount_credited_minor = :credited,
                       amount_written_off_minor = :written_off, amount_due_minor = :due, in_flight_minor = :in_flight,
                       paid_at = CASE WHEN :status = 'paid' THEN COALESCE(paid_at, :now) END, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                RETURNING\s""" + COLUMNS)
                .bind("id", before.id()).bind("status", b.status()).bind("paid", b.paidMinor())
                .bind("credited", b.creditedMinor()).bind("written_off", b.writtenOffMinor())
                .bind("due", b.dueMinor()).bind("in_flight", b.inFlightMinor()).bind("now", now)
                .map(InvoiceRepository::toInvoice)
                .one()
                .map(saved -> saved.withLines(before.lines()));
    }

    /** A draft made {@code open}, due on {@code dueDate}. */
    Mono<Void> finalizeDraft(UUID accountId, UUID id, LocalDate dueDate, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET status = 'open', due_date = :due_date, finalized_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id AND status = 'draft'
                """)
                .bind("id", id).bind("due_date", dueDate).bind("now", now)
                .then();
    }

    /**
     * The invoice made {@code void} from {@code voidedFrom}: what was due stays in {@code amount_due_minor}, though
     * nothing is owed on it any more.
     */
    Mono<Void> markVoid(UUID accountId, UUID id, String voidedFrom, String reason, Instant now) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE invoices SET status = 'void', voided_from = :voided_from, void_reason = :void_reason,
                       voided_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id AND status = :voided_from
                """)
                .bind("id", id).bind("voided_from", voidedFrom).bind("now", now);
        return nullable(update, "void_reason", reason, String.class).then();
    }

    /** The debt written off ({@link Balance#writtenOff}), with why and when. */
    Mono<Void> saveWriteOff(UUID accountId, UUID id, Balance b, String reason, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET amount_written_off_minor = :written_off, amount_due_minor = :due,
                       write_off_reason = :reason, written_off_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("written_off", b.writtenOffMinor()).bind("due", b.dueMinor())
                .bind("reason", reason).bind("now", now)
                .then();
    }

    /**
     * An open invoice the overdue sweep looks at, with the account it belongs to and its advance notice.
     *
     * @param operatorId  null, and {@code environment} too, for an invoice written before they were recorded
     */
    record PastDue(UUID accountId, UUID operatorId, String environment, Invoice invoice, LocalDate noticeChargeDate,
            Long noticeAmountMinor) {
    }

    /**
     * Up to {@code limit} open invoices of every account, oldest due date first, due before {@code latestToday}
     * (today where the day starts first, so every account's own today is on or before it), with something owed and
     * nothing collected or in flight, and no advance notice that covers them whatever the account's today. Each is
     * locked; one another transaction holds (a payment, a void) is passed over until the next run. The caller
     * judges each in its account's time zone. Across accounts: a worker's claim, not one account's statement.
     */
    Flux<PastDue> claimPastDue(LocalDate latestToday, int limit) {
        return db.sql("SELECT account_id, operator_id, environment, notice_charge_date, notice_amount_minor, "
                        + COLUMNS + """
                  FROM invoices
                 WHERE status = 'open' AND due_date < :latest_today AND amount_due_minor > 0
                   AND amount_paid_minor = 0 AND in_flight_minor = 0
                   AND NOT (notice_amount_minor IS NOT NULL AND notice_amount_minor = amount_due_minor
                            AND notice_charge_date >= :latest_today)
                 ORDER BY due_date, account_id, id
                 LIMIT :limit FOR UPDATE SKIP LOCKED
                """)
                .bind("latest_today", latestToday)
                .bind("limit", limit)
                .map(row -> new PastDue(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        row.get("environment", String.class), toInvoice(row),
                        row.get("notice_charge_date", LocalDate.class), row.get("notice_amount_minor", Long.class)))
                .all();
    }

    /** Records a Direct Debit advance notice: the charge date and the amount it named. */
    Mono<Void> saveNotice(UUID accountId, UUID id, LocalDate chargeDate, long amountMinor, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET notice_charge_date = :date, notice_amount_minor = :amount, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("date", chargeDate).bind("amount", amountMinor).bind("now", now)
                .then();
    }

    /** The charge date the invoice's Direct Debit advance notice named; empty when it had none. */
    Mono<LocalDate> noticeChargeDate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT notice_charge_date FROM invoices
                 WHERE account_id = :account_id AND id = :id AND notice_charge_date IS NOT NULL
                """)
                .bind("id", id)
                .map(row -> row.get("notice_charge_date", LocalDate.class))
                .one();
    }

    static Invoice toInvoice(Readable row) {
        return new Invoice(row.get("id", UUID.class), Invoice.OBJECT, row.get("contact_id", UUID.class),
                row.get("subscription_id", UUID.class), row.get("order_id", UUID.class),
                row.get("source", String.class), row.get("status", String.class), row.get("currency", String.class),
                row.get("collection_method", String.class), row.get("description", String.class),
                row.get("due_date", LocalDate.class), List.of(), row.get("total_minor", Long.class),
                row.get("vat_minor", Long.class), row.get("ipt_minor", Long.class),
                row.get("amount_paid_minor", Long.class), row.get("amount_credited_minor", Long.class),
                row.get("amount_written_off_minor", Long.class), row.get("amount_due_minor", Long.class),
                row.get("in_flight_minor", Long.class), row.get("voided_from", String.class),
                row.get("void_reason", String.class), row.get("write_off_reason", String.class),
                row.get("finalized_at", Instant.class), row.get("paid_at", Instant.class),
                row.get("voided_at", Instant.class), row.get("written_off_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }

    private static Line toLine(Readable row) {
        return new Line(row.get("kind", String.class), row.get("description", String.class),
                row.get("quantity", Integer.class), row.get("unit_amount_minor", Long.class),
                row.get("amount_minor", Long.class), row.get("vat_treatment", String.class),
                row.get("vat_minor", Long.class), row.get("ipt_minor", Long.class),
                row.get("product_id", UUID.class), row.get("returned_quantity", Integer.class));
    }

    Mono<Boolean> anyOverdueOfPlan(UUID accountId, UUID subscriptionId) {
        return AccountStatement.sql(db, accountId, """
                SELECT 1 FROM invoices
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND status = 'overdue'
                 LIMIT 1
                """)
                .bind("subscription_id", subscriptionId)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /** The customer's invoices in {@code currency} that are overdue with something owed, oldest due date first. */
    Flux<Invoice> overdueOf(UUID accountId, UUID contactId, String currency, LocalDate today) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM invoices WHERE account_id = :account_id AND contact_id = :contact_id AND currency = :currency
                  AND amount_due_minor > 0
                  AND (status = 'overdue'
                       OR status = 'partially_paid' AND due_date < :today AND in_flight_minor = 0)
                 ORDER BY due_date, id
                """)
                .bind("contact_id", contactId).bind("currency", currency).bind("today", today)
                .map(InvoiceRepository::toInvoice)
                .all();
    }

    /** The account's invoices of {@code ids}, without their lines. */
    Flux<Invoice> findAll(UUID accountId, List<UUID> ids) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM invoices WHERE account_id = :account_id AND id = ANY(:ids)")
                .bind("ids", ids.toArray(UUID[]::new))
                .map(InvoiceRepository::toInvoice)
                .all();
    }
}
