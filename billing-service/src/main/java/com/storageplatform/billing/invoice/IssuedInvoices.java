package com.storageplatform.billing.invoice;

import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Invoices billing issues itself, already {@code open}: the invoice of an order commerce asks billing to be paid
 * for, of a shop sale at the desk, and of a plan's period (the billing run). Published as {@code invoice.created}
 * then {@code invoice.finalized}, as a draft finalized through the API would be.
 */
@Component
public class IssuedInvoices {

    private final InvoiceRepository invoices;
    private final InvoiceEvents events;
    private final DatabaseClient db;
    private final Clock clock;

    IssuedInvoices(InvoiceRepository invoices, InvoiceEvents events, DatabaseClient db, Clock clock) {
        this.invoices = invoices;
        this.events = events;
        this.db = db;
        this.clock = clock;
    }

    /**
     * What to issue.
     *
     * @param source        {@link Invoice#SOURCE_ORDER}, {@link Invoice#SOURCE_SHOP} or {@link Invoice#SOURCE_IMPORT}
     * @param lines         the charges, VAT and IPT worked out ({@link #line})
     * @param depositMinor  a refundable deposit billed as a {@code deposit} line (0 for none), recorded as a
     *                      deposit awaiting payment
     */
    public record Issue(UUID contactId, String currency, String source, UUID orderId, String description,
            List<Line> lines, long depositMinor, String collectionMethod, LocalDate dueDate) {
    }

    /** The most one line (and one invoice) may come to, in minor units. */
    public static final long MAX_AMOUNT_MINOR = InvoiceRules.MAX_LINE_AMOUNT_MINOR;

    /** An invoice's or line's description by the rules of {@code POST /v1/invoices}: printable, at most 500. */
    public static String description(Validation v, String field, String value) {
        return InvoiceRules.description(v, field, value);
    }

    /** A line of {@code kind} with its total and the taxes within it. */
    public static Line line(String kind, String description, int quantity, long amountMinor, String vatTreatment,
            UUID productId) {
        return InvoiceRules.line(kind, description, quantity, amountMinor, vatTreatment, productId);
    }

    public Mono<Invoice> issue(Caller caller, Issue issue) {
        return Mono.defer(() -> issue(caller, Ids.newId(), issue));
    }

    /**
     * As {@link #issue(Caller, Issue)}, under an id the caller chose: a shop sale charges a card against its
     * invoice's id before anything is written.
     */
    public Mono<Invoice> issue(Caller caller, UUID invoiceId, Issue issue) {
        return issue(caller, invoiceId, issue, null);
    }

    /** A plan's invoice ({@link Invoice#SOURCE_BILLING_RUN}), carrying the plan's id. */
    public Mono<Invoice> issueForPlan(Caller caller, UUID invoiceId, Issue issue, UUID subscriptionId) {
        return issue(caller, invoiceId, issue, subscriptionId);
    }

    private Mono<Invoice> issue(Caller caller, UUID invoiceId, Issue issue, UUID subscriptionId) {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            List<Line> lines = issue.depositMinor() > 0
                    ? append(issue.lines(), InvoiceRules.line(Line.DEPOSIT, "Refundable deposit", 1,
                            issue.depositMinor(), Line.OUTSIDE_SCOPE, null))
                    : issue.lines();
            long total = lines.stream().mapToLong(Line::totalMinor).sum();
            Invoice draft = new Invoice(invoiceId, Invoice.OBJECT, issue.contactId(), subscriptionId,
                    issue.orderId(),
                    issue.source(), Invoice.DRAFT, issue.currency(), issue.collectionMethod(), issue.description(),
                    issue.dueDate(), lines, total, lines.stream().mapToLong(Line::vatMinor).sum(),
                    lines.stream().mapToLong(Line::iptMinor).sum(), 0, 0, 0, total, 0, null, null, null, null, null,
                    null, null, now, now);
            // Written open at once, and published from what is in hand: the draft it passed through, then the open
            // invoice a read answers (the clock is to the microsecond, as stored).
            Invoice open = draft.finalized(issue.dueDate(), now);
            return invoices.insert(caller, open)
                    .then(events.publish(caller, InvoiceEvents.CREATED, draft))
                    .then(issue.depositMinor() > 0 ? deposit(caller, open, issue.depositMinor(), now) : Mono.empty())
                    .then(events.publish(caller, InvoiceEvents.FINALIZED, open));
        });
    }

    private Mono<Void> deposit(Caller caller, Invoice invoice, long amountMinor, Instant now) {
        return AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO deposits (account_id, id, contact_id, invoice_id, order_id, amount_minor, currency, status,
                       created_at, updated_at)
                VALUES (:account_id, :id, :contact_id, :invoice_id, :order_id, :amount, :currency, 'awaiting_payment',
                       :now, :now)
                """)
                .bind("id", Ids.newId()).bind("contact_id", invoice.contactId()).bind("invoice_id", invoice.id())
                .bind("order_id", org.springframework.r2dbc.core.Parameter.fromOrEmpty(invoice.orderId(), UUID.class))
                .bind("amount", amountMinor).bind("currency", invoice.currency()).bind("now", now)
                .then();
    }

    private static List<Line> append(List<Line> lines, Line line) {
        List<Line> all = new java.util.ArrayList<>(lines);
        all.add(line);
        return List.copyOf(all);
    }
}
