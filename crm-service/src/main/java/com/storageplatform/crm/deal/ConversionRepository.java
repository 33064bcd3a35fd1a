package com.storageplatform.crm.deal;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code deal_conversions} and {@code conversion_days} tables (V14), every statement bound to an account. */
@Repository
class ConversionRepository {

    static final String QUOTED = "quoted";
    static final String RESERVED = "reserved";

    private final DatabaseClient db;

    ConversionRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The deal counted as {@code kind} on {@code day} in its site's, channel's and unit type's group, unless it was
     * counted as {@code kind} before: one statement, so the day's count moves only when the deal's row is new.
     */
    Mono<Void> count(UUID accountId, Deal deal, String kind, LocalDate day, Instant now) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                WITH counted AS (
                    INSERT INTO deal_conversions (account_id, deal_id, kind, day, site_id, channel, unit_type_id,
                           counted_at)
                    VALUES (:account_id, :deal_id, :kind, :day, :site_id, :channel, :unit_type_id, :now)
                    ON CONFLICT (account_id, deal_id, kind) DO NOTHING
                    RETURNING account_id, day, site_id, channel, unit_type_id)
                INSERT INTO conversion_days (account_id, day, site_id, channel, unit_type_id, quoted, reserved)
                SELECT account_id, day, site_id, channel, unit_type_id, :quoted, :reserved FROM counted
                ON CONFLICT (account_id, day, site_id, channel, unit_type_id) DO UPDATE
                   SET quoted = conversion_days.quoted + EXCLUDED.quoted,
                       reserved = conversion_days.reserved + EXCLUDED.reserved
                """)
                .bind("deal_id", deal.id()).bind("kind", kind).bind("day", day).bind("site_id", deal.siteId())
                .bind("now", now)
                .bind("quoted", QUOTED.equals(kind) ? 1 : 0).bind("reserved", RESERVED.equals(kind) ? 1 : 0);
        insert = nullable(insert, "channel", deal.channel(), String.class);
        return nullable(insert, "unit_type_id", deal.unitTypeId(), UUID.class).then();
    }

    /**
     * The deals quoted and reserved from {@code from} to {@code to} (both included) at {@code sites} (null: every
     * site), summed per {@code group}: {@code site_id}, {@code channel} or {@code unit_type_id}.
     */
    Flux<Counts> counts(UUID accountId, LocalDate from, LocalDate to, Set<UUID> sites, String group) {
        return AccountStatement.sql(db, accountId, """
                SELECT CAST(%s AS text) AS grp, CAST(sum(quoted) AS bigint) AS quoted,
                       CAST(sum(reserved) AS bigint) AS reserved
                  FROM conversion_days
                 WHERE account_id = :account_id AND day BETWEEN :from AND :to
                   AND (CAST(:all_sites AS boolean) OR site_id = ANY(:sites))
                 GROUP BY 1
                """.formatted(group))
                .bind("from", from).bind("to", to)
                .bind("all_sites", sites == null)
                .bind("sites", sites == null ? new UUID[0] : sites.toArray(UUID[]::new))
                .map(row -> new Counts(row.get("grp", String.class), row.get("quoted", Long.class),
                        row.get("reserved", Long.class)))
                .all();
    }

    /** One group's counts; {@code group} null for deals with no channel or no unit type. */
    record Counts(String group, long quoted, long reserved) {
    }
}
