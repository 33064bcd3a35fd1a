package com.storageplatform.billing.subscription;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * Keeps {@code report_plan_fees}, the stretches of days of each plan with its fee a month net of their promotion
 * ({@link PlansInForce#STRETCHES}), which the occupancy and revenue reports read. A plan's stretches are written anew
 * in the same transaction as every change its fee depends on: the plan saved, a promotion added or removed, a period
 * invoiced or voided. Writing them anew (rather than editing) keeps one way of working them out.
 */
@Repository
class PlanFees {

    private static final String ONE_PLAN = PlansInForce.STRETCHES.formatted("""
            SELECT * FROM subscriptions
             WHERE account_id = :account_id AND id = :subscription_id AND agreement_id IS NOT NULL
            """);

    private final DatabaseClient db;

    PlanFees(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> rewrite(UUID accountId, UUID planId) {
        Mono<Void> gone = AccountStatement.sql(db, accountId, """
                DELETE FROM report_plan_fees WHERE account_id = :account_id AND subscription_id = :subscription_id
                """).bind("subscription_id", planId).then();
        Mono<Void> written = AccountStatement.sql(db, accountId, PlansInForce.INSERT + ONE_PLAN)
                .bind("subscription_id", planId).then();
        return gone.then(written);
    }

    /** The plans whose periods an invoice billed, after the invoice was voided. */
    Mono<Void> rewriteOfInvoice(UUID accountId, UUID invoiceId) {
        return AccountStatement.sql(db, accountId, """
                SELECT DISTINCT subscription_id FROM subscription_periods
                 WHERE account_id = :account_id AND invoice_id = :invoice_id
                """)
                .bind("invoice_id", invoiceId)
                .map(row -> row.get("subscription_id", UUID.class))
                .all()
                .concatMap(planId -> rewrite(accountId, planId))
                .then();
    }
}
