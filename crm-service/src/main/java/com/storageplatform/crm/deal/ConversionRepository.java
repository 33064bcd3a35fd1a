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

/** The conversion report's tables (V14), every statement bound to an account. */
@Repository
class ConversionRepository {

    static final String QUOTED = "quoted";
    static final String RESERVED = "reserved";

    private final DatabaseClient db;

    ConversionRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The deal counted as {@code kind} on {@code day} in its site's, channel's and unit type's group, and in its
     * month's, unless it was counted as {@code kind} before: one statement, so the counts move only when the deal's
     * row is new.
     */
    Mono<Void> count(UUID accountId, Deal deal, String kind, LocalDate day, Instant now) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                WITH counted AS (
                    INSERT INTO deal_conversions (account_id, deal_id, kind, day, site_id, channel, unit_type_id,
                           counted_at)
                    VALUES (:account_id, :deal_id, :kind, :day, :site_id, :channel, :unit_type_id, :now)
                    ON CONFLICT (account_id, deal_id, kind) DO NOTHING
                    RETURNING account_id, day, day - CAST(extract(day FROM day) AS integer) + 1 AS month, site_id,
                              channel, unit_type_id),
                days AS (
                    INSERT INTO conversion_days (account_id, day, site_id, channel, unit_type_id, quoted, reserved)
                    SELECT account_id, day, site_id, channel, unit_type_id, :quoted, :reserved FROM counted
                    ON CONFLICT (account_id, day, site_id, channel, unit_type_id) DO UPDATE
                       SET quoted = conversion_days.quoted + EXCLUDED.quoted,
                           reserved = conversion_days.reserved + EXCLUDED.reserved),
                channels AS (
                    INSERT INTO conversion_months_by_channel (account_id, month, site_id, channel, quoted, reserved)
                    SELECT account_id, month, site_id, channel, :quoted, :reserved FROM counted
                    ON CONFLICT (account_id, month, site_id, channel) DO UPDATE
                       SET quoted = conversion_months_by_channel.quoted + EXCLUDED.quoted,
                           reserved = conversion_months_by_channel.reserved + EXCLUDED.reserved)
                INSERT INTO conversion_months_by_unit_type (account_id, month, site_id, unit_type_id, quoted,
                       reserved)
                SELECT account_id, month, site_id, unit_type_id, :quoted, :reserved FROM counted
                ON CONFLICT (account_id, month, site_id, unit_type_id) DO UPDATE
                   SET quoted = conversion_months_by_unit_type.quoted + EXCLUDED.quoted,
                       reserved = conversion_months_by_unit_type.reserved + EXCLUDED.reserved
                """)
                .bind("deal_id", deal.id()).bind("kind", kind).bind("day", day).bind("site_id", deal.siteId())
                .bind("now", now)
                .bind("quoted", QUOTED.equals(kind) ? 1 : 0).bind("reserved", RESERVED.equals(kind) ? 1 : 0);
        insert = nullable(insert, "channel", deal.channel(), String.class);
        return nullable(insert, "unit_type_id", deal.unitTypeId(), UUID.class).then();
    }

    /**
     * The deals quoted and reserved from {@code from} to {@code to} (both included) at {@code sites} (null: every
     * site), summed per {@code groupBy} ({@code site}, {@code channel} or {@code unit_type}): the whole months of the
     * period from the monthly table, the days before and after them from {@code conversion_days}.
     */
    Flux<Counts> counts(UUID accountId, LocalDate from, LocalDate to, Set<UUID> sites, String groupBy) {
        LocalDate monthsFrom = from.getDayOfMonth() == 1 ? from : from.withDayOfMonth(1).plusMonths(1);
        LocalDate monthsTo = to.plusDays(1).withDayOfMonth(1);
        boolean months = monthsFrom.isBefore(monthsTo);
        String column = switch (groupBy) {
            case ConversionRow.CHANNEL -> "channel";
            case ConversionRow.UNIT_TYPE -> "unit_type_id";
            default -> "site_id";
        };
        String monthly = ConversionRow.UNIT_TYPE.equals(groupBy) ? "conversion_months_by_unit_type"
                : "conversion_months_by_channel";
        return AccountStatement.sql(db, accountId, """
                SELECT grp, CAST(sum(quoted) AS bigint) AS quoted, CAST(sum(reserved) AS bigint) AS reserved
                  FROM (SELECT CAST(%1$s AS text) AS grp, quoted, reserved FROM conversion_days
                         WHERE account_id = :account_id
                           AND (day BETWEEN :from AND :head_to OR day BETWEEN :tail_from AND :to)
                           AND (CAST(:all_sites AS boolean) OR site_id = ANY(:sites))
                        UNION ALL
                        SELECT CAST(%1$s AS text), quoted, reserved FROM %2$s
                         WHERE account_id = :account_id AND month >= :months_from AND month < :months_to
                           AND (CAST(:all_sites AS boolean) OR site_id = ANY(:sites))) counted
                 GROUP BY grp
                """.formatted(column, monthly))
                .bind("from", from).bind("to", to)
                .bind("head_to", months ? monthsFrom.minusDays(1) : to)
                .bind("tail_from", months ? monthsTo : to.plusDays(1))
                .bind("months_from", months ? monthsFrom : monthsTo).bind("months_to", monthsTo)
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
