package com.storageplatform.billing.invoice;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The refundable deposits billed on invoices ({@code deposits}): awaiting payment until their invoice is paid, then
 * held until move-out; back to awaiting payment when the invoice's payment is reversed; cancelled by a void while
 * never paid.
 */
@Component
class Deposits {

    static final String AWAITING_PAYMENT = "awaiting_payment";
    static final String HELD = "held";
    static final String CANCELLED = "cancelled";

    private final DatabaseClient db;

    Deposits(DatabaseClient db) {
        this.db = db;
    }

    /** Moves the invoice's deposits from {@code from} to {@code to}. */
    Mono<Long> move(UUID accountId, UUID invoiceId, String from, String to, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE deposits SET status = :to, updated_at = :now
                 WHERE account_id = :account_id AND invoice_id = :invoice_id AND status = :from
                """)
                .bind("invoice_id", invoiceId).bind("from", from).bind("to", to).bind("now", now)
                .fetch().rowsUpdated();
    }

    /** The deposits follow their invoice: held once it is paid, awaiting payment again when it is reopened. */
    Mono<Long> follow(UUID accountId, Invoice before, Invoice after, Instant now) {
        boolean paidNow = Invoice.PAID.equals(after.status()) && !Invoice.PAID.equals(before.status());
        boolean reopened = Invoice.PAID.equals(before.status()) && !Invoice.PAID.equals(after.status());
        if (paidNow) {
            return move(accountId, after.id(), AWAITING_PAYMENT, HELD, now);
        }
        return reopened ? move(accountId, after.id(), HELD, AWAITING_PAYMENT, now) : Mono.just(0L);
    }
}
