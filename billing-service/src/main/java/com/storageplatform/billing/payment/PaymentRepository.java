package com.storageplatform.billing.payment;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code payments} table, every statement bound to an account but the lookup of a provider's reference. */
@Repository
class PaymentRepository {

    static final String COLUMNS = """
            id, contact_id, invoice_id, subscription_id, order_id, direction, refund_of, credit_note_id, rail,
            offline_method, reference, description, reason, amount_minor, currency, status, payment_method_id,
            mandate_id, provider, provider_payment_ref, provider_charge_date, bank_submitted_at, charged_at,
            failure_code, failure_message, redirect_url, in_flight, superseded_by_operator_at, amount_refunded_minor,
            closed_at, created_at, updated_at
            """;

    private final DatabaseClient db;

    PaymentRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * A payment as stored.
     *
     * @param inFlight whether its invoice counts its amount as in flight
     */
    record Stored(Payment payment, boolean inFlight) {
    }

    /** Where a provider's payment reference leads: the account it belongs to and the payment. */
    record Located(UUID accountId, UUID operatorId, Environment environment, UUID paymentId) {
    }

    /** A new payment, written for the caller's account; answers it as stored (what a read would answer). */
    Mono<Payment> insert(Caller caller, Payment p, boolean inFlight) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO payments (account_id, id, operator_id, environment, contact_id, invoice_id,
                       subscription_id, order_id, direction, refund_of, credit_note_id, rail, offline_method,
                       reference, description, reason, amount_minor, currency, status, payment_method_id, mandate_id,
                       provider, provider_payment_ref, provider_charge_date, charged_at, failure_code,
                       failure_message, redirect_url, in_flight, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :invoice_id, :subscription_id,
                       :order_id, :direction, :refund_of, :credit_note_id, :rail, :offline_method, :reference,
                       :description, :reason, :amount_minor, :currency, :status, :payment_method_id, :mandate_id,
                       :provider, :provider_payment_ref, :provider_charge_date, :charged_at, :failure_code,
                       :failure_message, :redirect_url, :in_flight, :created_at, :updated_at)
                RETURNING\s""" + COLUMNS)
                .bind("id", p.id())
                .bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value())
                .bind("contact_id", p.contactId())
                .bind("direction", p.direction())
                .bind("rail", p.rail())
                .bind("amount_minor", p.amountMinor())
                .bind("currency", p.currency())
                .bind("status", p.status())
                .bind("in_flight", inFlight)
                .bind("created_at", p.createdAt())
                .bind("updated_at", p.updatedAt());
        insert = nullable(insert, "invoice_id", p.invoiceId(), UUID.class);
        insert = nullable(insert, "subscription_id", p.subscriptionId(), UUID.class);
        insert = nullable(insert, "order_id", p.orderId(), UUID.class);
        insert = nullable(insert, "refund_of", p.refundOf(), UUID.class);
        insert = nullable(insert, "credit_note_id", p.creditNoteId(), UUID.class);
        insert = nullable(insert, "offline_method", p.offlineMethod(), String.class);
        insert = nullable(insert, "reference", p.reference(), String.class);
        insert = nullable(insert, "description", p.description(), String.class);
        insert = nullable(insert, "reason", p.reason(), String.class);
        insert = nullable(insert, "payment_method_id", p.paymentMethodId(), UUID.class);
        insert = nullable(insert, "mandate_id", p.mandateId(), UUID.class);
        insert = nullable(insert, "provider", p.provider(), String.class);
        insert = nullable(insert, "provider_payment_ref", p.providerPaymentRef(), String.class);
        insert = nullable(insert, "provider_charge_date", p.providerChargeDate(), LocalDate.class);
        insert = nullable(insert, "charged_at", p.chargedAt(), Instant.class);
        insert = nullable(insert, "failure_code", p.failureCode(), String.class);
        insert = nullable(insert, "failure_message", p.failureMessage(), String.class);
        insert = nullable(insert, "redirect_url", p.nextAction() == null ? null : p.nextAction().redirectUrl(),
                String.class);
        return insert.map(PaymentRepository::toPayment).one();
    }

    Mono<Payment> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM payments WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(PaymentRepository::toPayment)
                .one();
    }

    /** The payment with its row locked for the rest of the transaction. */
    Mono<Stored> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM payments WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id)
                .map(row -> new Stored(toPayment(row), row.get("in_flight", Boolean.class)))
                .one();
    }

    Mono<Envelopes.ListOf<Payment>> list(UUID accountId, UUID invoiceId, UUID contactId, String status, String rail,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM payments", accountId)
                .where("invoice_id = :invoice_id", "invoice_id", invoiceId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("status = :status", "status", status)
                .where("rail = :rail", "rail", rail)
                .page(db, page, PaymentRepository::toPayment);
    }

    /** The invoice's payments money can be paid back from ({@link Payment#REFUNDABLE}), newest first, locked. */
    Flux<Payment> refundableOf(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM payments WHERE account_id = :account_id AND invoice_id = :invoice_id AND direction = 'payment'
                   AND status IN ('succeeded', 'paid_out') ORDER BY id DESC FOR UPDATE
                """)
                .bind("invoice_id", invoiceId)
                .map(PaymentRepository::toPayment)
                .all();
    }

    /** The invoice the order's latest payment was taken against; empty when none was. */
    Mono<UUID> latestInvoiceOfOrder(UUID accountId, UUID orderId) {
        return AccountStatement.sql(db, accountId, """
                SELECT invoice_id FROM payments
                 WHERE account_id = :account_id AND order_id = :order_id AND direction = 'payment'
                   AND invoice_id IS NOT NULL
                 ORDER BY id DESC LIMIT 1
                """)
                .bind("order_id", orderId)
                .map(row -> row.get("invoice_id", UUID.class))
                .one();
    }

    /**
     * The payment a provider's reference names, in whichever account. Not one account's statement: a provider's
     * notification names its payment by the provider's reference alone, unique per provider.
     */
    Mono<Located> locate(String provider, String providerPaymentRef) {
        return db.sql("""
                SELECT account_id, operator_id, environment, id FROM payments
                 WHERE provider = :provider AND provider_payment_ref = :ref
                """)
                .bind("provider", provider)
                .bind("ref", providerPaymentRef)
                .map(row -> new Located(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        Environment.of(row.get("environment", String.class)), row.get("id", UUID.class)))
                .one();
    }

    /**
     * The payment moved to {@code status}; {@code charged_at} and {@code bank_submitted_at} are set once (a value
     * already there is kept), the failure replaced when one is given, {@code next_action} kept only while the
     * payment awaits the customer.
     */
    Mono<Void> move(UUID accountId, UUID id, String status, boolean inFlight, Instant chargedAt, Instant submittedAt,
            String failureCode, String failureMessage, Instant now) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE payments SET status = :status, in_flight = :in_flight,
                       charged_at = COALESCE(charged_at, :charged_at),
                       bank_submitted_at = COALESCE(bank_submitted_at, :submitted_at),
                       failure_code = CASE WHEN :failure_message IS NULL THEN failure_code ELSE :failure_code END,
                       failure_message = COALESCE(:failure_message, failure_message),
                       redirect_url = CASE WHEN :status = 'requires_action' THEN redirect_url END,
                       updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("status", status).bind("in_flight", inFlight).bind("now", now);
        update = nullable(update, "charged_at", chargedAt, Instant.class);
        update = nullable(update, "submitted_at", submittedAt, Instant.class);
        update = nullable(update, "failure_code", failureCode, String.class);
        return nullable(update, "failure_message", failureMessage, String.class).then();
    }

    /** The operator stopped waiting on the payment: cancelled, nothing in flight. */
    Mono<Void> supersede(UUID accountId, UUID id, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payments SET status = 'cancelled', in_flight = false, redirect_url = NULL,
                       superseded_by_operator_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("now", now)
                .then();
    }

    /** A card payment awaiting step-up cancelled (its invoice voided). */
    Mono<Void> cancel(UUID accountId, UUID id, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payments SET status = 'cancelled', in_flight = false, redirect_url = NULL, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("now", now)
                .then();
    }

    /** Adds {@code deltaMinor} (negative to release it) to what has been refunded of the payment. */
    Mono<Void> addRefunded(UUID accountId, UUID id, long deltaMinor, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payments SET amount_refunded_minor = amount_refunded_minor + :delta, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("delta", deltaMinor).bind("now", now)
                .then();
    }

    /** Closes the invoice's failed collection attempts still open (void rule 5). */
    Mono<Long> closeFailed(UUID accountId, UUID invoiceId, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payments SET closed_at = :now, updated_at = :now
                 WHERE account_id = :account_id AND invoice_id = :invoice_id AND direction = 'payment'
                   AND status = 'failed' AND closed_at IS NULL
                """)
                .bind("invoice_id", invoiceId).bind("now", now)
                .fetch().rowsUpdated();
    }

    /** The invoice's card payments awaiting the customer's step-up, their rows locked. */
    Flux<Payment> awaitingStepUp(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM payments WHERE account_id = :account_id AND invoice_id = :invoice_id AND rail = 'card'
                   AND status = 'requires_action' ORDER BY id FOR UPDATE
                """)
                .bind("invoice_id", invoiceId)
                .map(PaymentRepository::toPayment)
                .all();
    }

    static Payment toPayment(Readable row) {
        return new Payment(row.get("id", UUID.class), Payment.OBJECT, row.get("contact_id", UUID.class),
                row.get("invoice_id", UUID.class), row.get("subscription_id", UUID.class),
                row.get("order_id", UUID.class), row.get("direction", String.class), row.get("refund_of", UUID.class),
                row.get("credit_note_id", UUID.class), row.get("rail", String.class),
                row.get("offline_method", String.class), row.get("reference", String.class),
                row.get("description", String.class), row.get("reason", String.class),
                row.get("amount_minor", Long.class), row.get("currency", String.class),
                row.get("status", String.class), row.get("payment_method_id", UUID.class),
                row.get("mandate_id", UUID.class), row.get("provider", String.class),
                row.get("provider_payment_ref", String.class), row.get("provider_charge_date", LocalDate.class),
                row.get("bank_submitted_at", Instant.class), row.get("charged_at", Instant.class),
                row.get("failure_code", String.class), row.get("failure_message", String.class),
                Payment.NextAction.redirect(row.get("redirect_url", String.class)),
                row.get("superseded_by_operator_at", Instant.class), row.get("amount_refunded_minor", Long.class),
                row.get("closed_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
