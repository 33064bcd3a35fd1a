package com.storageplatform.billing.subscription;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
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
import reactor.core.publisher.Mono;

/**
 * {@code price_increases}: every statement bound to an account. A plan's increases are changed only while its
 * {@code subscriptions} row is locked (the caller takes that lock first), so scheduling, cancelling and the billing
 * run never cross.
 */
@Repository
class PriceIncreaseRepository {

    private static final String COLUMNS = """
            id, subscription_id, agreement_id, contact_id, status, old_amount_minor, new_amount_minor, currency,
            effective_date, notice_days, scheduled_at, applied_at, cancelled_at
            """;

    private final DatabaseClient db;

    PriceIncreaseRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, PriceIncrease p) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO price_increases (account_id, id, subscription_id, agreement_id, contact_id, status,
                       old_amount_minor, new_amount_minor, currency, effective_date, notice_days, scheduled_at,
                       updated_at)
                VALUES (:account_id, :id, :subscription_id, :agreement_id, :contact_id, :status, :old_amount_minor,
                       :new_amount_minor, :currency, :effective_date, :notice_days, :scheduled_at, :scheduled_at)
                """)
                .bind("id", p.id())
                .bind("subscription_id", p.subscriptionId())
                .bind("contact_id", p.contactId())
                .bind("status", p.status())
                .bind("old_amount_minor", p.oldAmountMinor())
                .bind("new_amount_minor", p.newAmountMinor())
                .bind("currency", p.currency())
                .bind("effective_date", p.effectiveDate())
                .bind("notice_days", p.noticeDays())
                .bind("scheduled_at", p.scheduledAt());
        return nullable(insert, "agreement_id", p.agreementId(), UUID.class).then();
    }

    Mono<PriceIncrease> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM price_increases WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(PriceIncreaseRepository::toIncrease)
                .one();
    }

    /** The plan's increase still to apply, if any (at most one: V65's partial unique index). */
    Mono<PriceIncrease> scheduled(UUID accountId, UUID planId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM price_increases
                 WHERE account_id = :account_id AND subscription_id = :subscription_id AND status = 'scheduled'
                """)
                .bind("subscription_id", planId)
                .map(PriceIncreaseRepository::toIncrease)
                .one();
    }

    /** Moves a scheduled increase to {@code status} at {@code at}; false when it was no longer scheduled. */
    Mono<Boolean> settle(UUID accountId, UUID id, String status, Instant at) {
        String column = PriceIncrease.APPLIED.equals(status) ? "applied_at" : "cancelled_at";
        return AccountStatement.sql(db, accountId, "UPDATE price_increases SET status = :status, " + column
                        + " = :at, updated_at = :at WHERE account_id = :account_id AND id = :id"
                        + " AND status = 'scheduled'")
                .bind("id", id)
                .bind("status", status)
                .bind("at", at)
                .fetch().rowsUpdated()
                .map(rows -> rows == 1);
    }

    /** The caller's increases; a site-restricted caller's only those of plans at its sites. */
    Mono<Envelopes.ListOf<PriceIncrease>> list(Caller caller, UUID subscriptionId, String status,
            LocalDate effectiveFrom, LocalDate effectiveTo, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM price_increases", caller.accountId())
                .withinSites(caller, """
                        (SELECT s.site_id FROM subscriptions s
                          WHERE s.account_id = price_increases.account_id AND s.id = price_increases.subscription_id)""")
                .where("subscription_id = :subscription_id", "subscription_id", subscriptionId)
                .where("status = :status", "status", status)
                .where("effective_date >= :effective_from", "effective_from", effectiveFrom)
                .where("effective_date <= :effective_to", "effective_to", effectiveTo)
                .page(db, page, PriceIncreaseRepository::toIncrease);
    }

    private static PriceIncrease toIncrease(Readable row) {
        return new PriceIncrease(row.get("id", UUID.class), PriceIncrease.OBJECT,
                row.get("subscription_id", UUID.class), row.get("agreement_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("status", String.class),
                row.get("old_amount_minor", Long.class), row.get("new_amount_minor", Long.class),
                row.get("currency", String.class), row.get("effective_date", LocalDate.class),
                row.get("notice_days", Integer.class), row.get("scheduled_at", Instant.class),
                row.get("applied_at", Instant.class), row.get("cancelled_at", Instant.class));
    }
}
