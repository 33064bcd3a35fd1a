package com.storageplatform.billing.invoice;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code invoices} and {@code invoice_lines} tables, every statement bound to an account. */
@Repository
class InvoiceRepository {

    static final String COLUMNS = """
            id, contact_id, subscription_id, order_id, source, status, currency, collection_method, description,
            due_date, total_minor, vat_minor, ipt_minor, amount_paid_minor, amount_credited_minor,
            amount_written_off_minor, amount_due_minor, in_flight_minor, voided_from, void_reason, write_off_reason,
            finalized_at, paid_at, voided_at, written_off_at, created_at, updated_at
            """;

    private final DatabaseClient db;

    InvoiceRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, Invoice invoice) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO invoices (account_id, id, contact_id, subscription_id, order_id, source, status, currency,
                       collection_method, description, due_date, total_minor, vat_minor, ipt_minor,
                       amount_due_minor, created_at, updated_at)
                VALUES (:account_id, :id, :contact_id, :subscription_id, :order_id, :source, :status, :currency,
                       :collection_method, :description, :due_date, :total_minor, :vat_minor, :ipt_minor,
                       :amount_due_minor, :created_at, :updated_at)
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
        return insert.then().then(Flux.range(0, invoice.lines().size())
                .concatMap(i -> insertLine(accountId, invoice.id(), i, invoice.lines().get(i)))
                .then());
    }

    private Mono<Void> insertLine(UUID accountId, UUID invoiceId, int position, Line line) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO invoice_lines (account_id, invoice_id, position, kind, description, quantity,
                       unit_amount_minor, amount_minor, vat_treatment, vat_minor, ipt_minor, product_id)
                VALUES (:account_id, :invoice_id, :position, :kind, :description, :quantity, :unit_amount_minor,
                       :amount_minor, :vat_treatment, :vat_minor, :ipt_minor, :product_id)
                """)
                .bind("invoice_id", invoiceId)
                .bind("position", position)
                .bind("kind", line.kind())
                .bind("description", line.description())
                .bind("quantity", line.quantity())
                .bind("unit_amount_minor", line.amountMinor())
                .bind("amount_minor", line.totalMinor())
                .bind("vat_treatment", line.vatTreatment())
                .bind("vat_minor", line.vatMinor())
                .bind("ipt_minor", line.iptMinor());
        return nullable(insert, "product_id", line.productId(), UUID.class).then();
    }

    Mono<Invoice> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The invoice, its row locked for the rest of the transaction. */
    Mono<Invoice> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
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

    /** Writes the invoice's status and figures after a change of its balance ({@link Balance}). */
    Mono<Void> saveBalance(UUID accountId, UUID id, Balance b, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE invoices SET status = :status, amount_paid_minor = :paid, amount_credited_minor = :credited,
                       amount_written_off_minor = :written_off, amount_due_minor = :due, in_flight_minor = :in_flight,
                       paid_at = CASE WHEN :status = 'paid' THEN COALESCE(paid_at, :now) END, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("status", b.status()).bind("paid", b.paidMinor())
                .bind("credited", b.creditedMinor()).bind("written_off", b.writtenOffMinor())
                .bind("due", b.dueMinor()).bind("in_flight", b.inFlightMinor()).bind("now", now)
                .then();
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
}
