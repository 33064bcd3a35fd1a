package com.storageplatform.catalogue.quotes;

import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The {@code quotes} projection: commerce's quotes as its {@code quote.*} events tell them. A quote is live while
 * its status is {@code live} and its {@code expires_at} (if any) is still ahead on the platform clock: a quote
 * whose time ran out no longer counts, even before commerce's {@code quote.expired} arrives.
 */
@Repository
public class Quotes {

    static final String LIVE = "live";

    private final DatabaseClient db;
    private final Clock clock;

    Quotes(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Whether a live quote of the account carries the coupon. */
    public Mono<Boolean> anyLiveCarrying(UUID accountId, UUID couponId) {
        return db.sql("""
                SELECT EXISTS (SELECT 1 FROM quotes WHERE account_id = :account_id AND coupon_id = :coupon
                    AND status = 'live' AND (expires_at IS NULL OR expires_at > :now)) AS live
                """)
                .bind("account_id", accountId)
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
        GenericExecuteSpec upsert = db.sql("""
                INSERT INTO quotes (id, account_id, coupon_id, status, expires_at, event_time, updated_at)
                VALUES (:id, :account_id, :coupon, :status, :expires_at, :event_time, :now)
                ON CONFLICT (id) DO UPDATE SET coupon_id = EXCLUDED.coupon_id, status = EXCLUDED.status,
                    expires_at = EXCLUDED.expires_at, event_time = EXCLUDED.event_time,
                    updated_at = EXCLUDED.updated_at
                WHERE quotes.account_id = EXCLUDED.account_id AND quotes.status = 'live'
                    AND quotes.event_time <= EXCLUDED.event_time
                """);
        upsert = bindCommon(upsert, accountId, quoteId, status, eventTime);
        upsert = couponId == null ? upsert.bindNull("coupon", UUID.class) : upsert.bind("coupon", couponId);
        upsert = expiresAt == null ? upsert.bindNull("expires_at", Instant.class)
                : upsert.bind("expires_at", expiresAt);
        return upsert.then();
    }

    /** A quote that is no longer live (accepted, expired, withdrawn), whatever the order its events came in. */
    Mono<Void> close(UUID accountId, UUID quoteId, String status, Instant eventTime) {
        GenericExecuteSpec upsert = db.sql("""
                INSERT INTO quotes (id, account_id, coupon_id, status, expires_at, event_time, updated_at)
                VALUES (:id, :account_id, NULL, :status, NULL, :event_time, :now)
                ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, event_time = EXCLUDED.event_time,
                    updated_at = EXCLUDED.updated_at
                WHERE quotes.account_id = EXCLUDED.account_id AND quotes.status = 'live'
                """);
        return bindCommon(upsert, accountId, quoteId, status, eventTime).then();
    }

    private GenericExecuteSpec bindCommon(GenericExecuteSpec spec, UUID accountId, UUID quoteId, String status,
            Instant eventTime) {
        return spec.bind("id", quoteId)
                .bind("account_id", accountId)
                .bind("status", status)
                .bind("event_time", eventTime)
                .bind("now", clock.instant());
    }
}
