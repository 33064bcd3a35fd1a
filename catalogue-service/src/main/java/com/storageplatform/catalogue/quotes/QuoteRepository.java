package com.storageplatform.catalogue.quotes;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code quotes} table, the projection {@link Quotes} describes; every statement bound to an account. */
@Repository
class QuoteRepository {

    static final String LIVE = "live";

    private final DatabaseClient db;
    private final Clock clock;

    QuoteRepository(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Whether a live quote of the account carries the coupon. */
    Mono<Boolean> anyLiveCarrying(UUID accountId, UUID couponId) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM quotes WHERE account_id = :account_id AND coupon_id = :coupon
                    AND status = 'live' AND (expires_at IS NULL OR expires_at > :now)) AS live
                """)
                .bind("coupon", couponId)
                .bind("now", clock.instant())
                .map(row -> row.get("live", Boolean.class))
                .one();
    }

    /**
     * A created or updated quote: its coupon, status and expiry as the event says. A quote already closed
     * (accepted, expired, withdrawn) stays closed, and an event older than the last one applied changes nothing.
     */
    Mono<Void> record(UUID accountId, UUID quoteId, UUID couponId, String status, Instant expiresAt,
            Instant eventTime) {
        GenericExecuteSpec upsert = AccountStatement.sql(db, accountId, """
                INSERT INTO quotes (id, account_id, coupon_id, status, expires_at, event_time, updated_at)
                VALUES (:id, :account_id, :coupon, :status, :expires_at, :event_time, :now)
                ON CONFLICT (id) DO UPDATE SET coupon_id = EXCLUDED.coupon_id, status = EXCLUDED.status,
                    expires_at = EXCLUDED.expires_at, event_time = EXCLUDED.event_time,
                    updated_at = EXCLUDED.updated_at
                WHERE quotes.account_id = EXCLUDED.account_id AND quotes.status = 'live'
                    AND quotes.event_time <= EXCLUDED.event_time
                """);
        upsert = bindCommon(upsert, quoteId, status, eventTime);
        upsert = nullable(upsert, "coupon", couponId, UUID.class);
        return nullable(upsert, "expires_at", expiresAt, Instant.class).then();
    }

    /** A quote that is no longer live (accepted, expired, withdrawn), whatever the order its events came in. */
    Mono<Void> close(UUID accountId, UUID quoteId, String status, Instant eventTime) {
        GenericExecuteSpec upsert = AccountStatement.sql(db, accountId, """
                INSERT INTO quotes (id, account_id, coupon_id, status, expires_at, event_time, updated_at)
                VALUES (:id, :account_id, NULL, :status, NULL, :event_time, :now)
                ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, event_time = EXCLUDED.event_time,
                    updated_at = EXCLUDED.updated_at
                WHERE quotes.account_id = EXCLUDED.account_id AND quotes.status = 'live'
                """);
        return bindCommon(upsert, quoteId, status, eventTime).then();
    }

    private GenericExecuteSpec bindCommon(GenericExecuteSpec spec, UUID quoteId, String status, Instant eventTime) {
        return spec.bind("id", quoteId)
                .bind("status", status)
                .bind("event_time", eventTime)
                .bind("now", clock.instant());
    }
}
