package com.storageplatform.billing.subscription;

import com.storageplatform.billing.subscription.PeriodLines.Waiting;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What plans have invoiced ({@code subscription_periods}, the exactly-once key of each period), the charges waiting
 * for their next invoice ({@code subscription_waiting_charges}), and the billing run's reads across accounts.
 */
@Repository
class BilledPeriods {

    static final String PERIOD = "period";
    static final String BRIDGE = "bridge";
    static final String FINAL = "final";

    private final DatabaseClient db;
    private final PlanFees fees;

    BilledPeriods(DatabaseClient db, PlanFees fees) {
        this.db = db;
        this.fees = fees;
    }

    /** A plan the run looks at, with the account it acts as. */
    record Due(UUID accountId, UUID operatorId, Environment environment, UUID planId, String timezone) {
    }

    /**
     * Up to {@code limit} plans after {@code (afterAccount, afterPlan)}, in key order, that may be due on
     * {@code latestToday} (today where it is latest): billing ({@code statuses}) with their next billing date come,
     * pending with their start date come, or with a price increase whose effective date has come. A page at a time,
     * so a run over any number of plans holds one page.
     */
    Flux<Due> duePage(LocalDate latestToday, UUID afterAccount, UUID afterPlan, int limit) {
        return db.sql("""
                SELECT account_id, operator_id, environment, id, timezone FROM subscriptions
                 WHERE (account_id, id) > (:after_account, :after_plan)
                   AND ((status IN ('active', 'past_due', 'cancelled') AND next_billing_date <= :today)
                        OR (status = 'pending' AND start_date <= :today)
                        OR (status = 'cancelled' AND ends_on < :today)
                        OR (account_id, id) IN (SELECT account_id, subscription_id FROM price_increases
                                                 WHERE status = 'scheduled' AND effective_date <= :today))
                 ORDER BY account_id, id
                 LIMIT :limit
                """)
                .bind("after_account", afterAccount)
                .bind("after_plan", afterPlan)
                .bind("today", latestToday)
                .bind("limit", limit)
                .map(row -> new Due(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        Environment.of(row.get("environment", String.class)), row.get("id", UUID.class),
                        row.get("timezone", String.class)))
                .all();
    }

    /**
     * Records that the plan invoiced the period starting {@code start} as {@code kind}; false when it already had
     * (the key that keeps a period from being invoiced twice).
     */
    Mono<Boolean> record(UUID accountId, UUID planId, String kind, LocalDate start, LocalDate end, UUID invoiceId,
            UUID promotionId, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO subscription_periods (account_id, subscription_id, period_start, kind, period_end,
                       invoice_id, promotion_id, created_at)
                VALUES (:account_id, :subscription_id, :start, :kind, :end, :invoice_id, :promotion_id, :now)
                ON CONFLICT DO NOTHING
                """)
                .bind("subscription_id", planId)
                .bind("start", start)
                .bind("kind", kind)
                .bind("end", end)
                .bind("invoice_id", invoiceId)
                .bind("promotion_id", Parameter.fromOrEmpty(promotionId, UUID.class))
                .bind("now", now)
                .fetch().rowsUpdated()
                .flatMap(rows -> rows == 1 ? fees.rewrite(accountId, planId).thenReturn(true) : Mono.just(false));
    }

    /** The period an invoice billed, if a plan's. */
    record Billed(UUID planId, String kind, LocalDate start, LocalDate end) {
    }

    Mono<Billed> ofInvoice(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, """
                SELECT subscription_id, kind, period_start, period_end FROM subscription_periods
                 WHERE account_id = :account_id AND invoice_id = :invoice_id
                """)
                .bind("invoice_id", invoiceId)
                .map(row -> new Billed(row.get("subscription_id", UUID.class), row.get("kind", String.class),
                        row.get("period_start", LocalDate.class), row.get("period_end", LocalDate.class)))
                .first();
    }

    /** A voided invoice: its period no longer stands, nor counts as one its promotion applied to. */
    Mono<Void> voided(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE subscription_periods SET promotion_id = NULL, voided = true
                 WHERE account_id = :account_id AND invoice_id = :invoice_id
                """)
                .bind("invoice_id", invoiceId)
                .then()
                .then(fees.rewriteOfInvoice(accountId, invoiceId));
    }

    /** The last day an invoice of the plan still standing (not void) bills for; empty when none. */
    Mono<LocalDate> lastDayStanding(UUID accountId, UUID planId) {
        return AccountStatement.sql(db, accountId, """
                SELECT max(period_end) AS last_day FROM subscription_periods
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND NOT voided
                   AND kind <> 'final'
                """)
                .bind("subscription_id", planId)
                .map(row -> java.util.Optional.ofNullable(row.get("last_day", LocalDate.class)))
                .one()
                .flatMap(day -> Mono.justOrEmpty(day));
    }

    // Charges waiting for the next invoice

    Mono<Void> wait(UUID accountId, UUID planId, Waiting charge, UUID sourceInvoiceId, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO subscription_waiting_charges (account_id, id, subscription_id, kind, description,
                       quantity, amount_minor, vat_treatment, source_invoice_id, created_at)
                VALUES (:account_id, :id, :subscription_id, :kind, :description, :quantity, :amount_minor,
                       :vat_treatment, :source_invoice_id, :now)
                """)
                .bind("id", com.storageplatform.kit.id.Ids.newId())
                .bind("subscription_id", planId)
                .bind("kind", charge.kind())
                .bind("description", charge.description())
                .bind("quantity", charge.quantity())
                .bind("amount_minor", charge.amountMinor())
                .bind("vat_treatment", charge.vatTreatment())
                .bind("source_invoice_id", Parameter.fromOrEmpty(sourceInvoiceId, UUID.class))
                .bind("now", now)
                .then();
    }

    /** The charges waiting for the plan's next invoice, oldest first (the plan's row is locked by the caller). */
    Mono<List<Waiting>> waiting(UUID accountId, UUID planId) {
        return AccountStatement.sql(db, accountId, """
                SELECT kind, description, quantity, amount_minor, vat_treatment FROM subscription_waiting_charges
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND billed_invoice_id IS NULL
                 ORDER BY created_at, id
                """)
                .bind("subscription_id", planId)
                .map(row -> new Waiting(row.get("kind", String.class), row.get("description", String.class),
                        row.get("quantity", Integer.class), row.get("amount_minor", Long.class),
                        row.get("vat_treatment", String.class)))
                .all()
                .collectList();
    }

    Mono<Void> billWaiting(UUID accountId, UUID planId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE subscription_waiting_charges SET billed_invoice_id = :invoice_id
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND billed_invoice_id IS NULL
                """)
                .bind("subscription_id", planId)
                .bind("invoice_id", invoiceId)
                .then();
    }

    /** The plan's late fees waiting for an invoice move to {@code otherPlanId}, which will bill them. */
    Mono<Void> moveLateFees(UUID accountId, UUID planId, UUID otherPlanId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE subscription_waiting_charges SET subscription_id = :other
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND billed_invoice_id IS NULL
                   AND kind = 'late_fee'
                """)
                .bind("subscription_id", planId)
                .bind("other", otherPlanId)
                .then();
    }
}
