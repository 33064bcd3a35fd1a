package com.storageplatform.billing.report;

import com.storageplatform.billing.subscription.PlansInForce;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.report.ReportQuery;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/**
 * The units of an account with their plans on a day, summed by group in one statement: the units and names from the
 * report tables (V69), the plans and their fees from {@link PlansInForce}.
 */
@Repository
class ReportRepository {

    /** Per group: the key and label columns, the join that names it, and the column it groups on. */
    private static final Map<String, String[]> GROUPS = Map.of(
            "total", new String[] {"'total'", "'Total'", "", ""},
            "site", new String[] {"u.site_id::text", "coalesce(n.name, u.site_id::text)",
                    "LEFT JOIN report_sites n ON n.account_id = :account_id AND n.id = u.site_id",
                    "GROUP BY u.site_id, n.name"},
            "unit_type", new String[] {"u.unit_type_id::text", "coalesce(n.name, u.unit_type_id::text)",
                    "LEFT JOIN report_unit_types n ON n.account_id = :account_id AND n.id = u.unit_type_id",
                    "GROUP BY u.unit_type_id, n.name"});

    /**
     * What a group holds on a day. Areas are in square centimetres; money in minor units of the operator's currency.
     */
    record Tally(String key, String label, long unitsTotal, long unitsOccupied, long areaTotalCm2,
            long areaOccupiedCm2, long potentialMinor, long actualMinor, long mrrMinor) {
    }

    private final DatabaseClient db;

    ReportRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The groups of the report's sites on its {@code asOf()}, by label then key. A unit counts when its site is read;
     * a group appears when it has a rentable unit or a fee (the total always).
     */
    Flux<Tally> tallies(UUID accountId, ReportQuery report) {
        var statement = AccountStatement.sql(db, accountId, sql(report.groupBy(), report.sites() != null))
                .bind("as_of", report.asOf())
                .bind("currency", report.currency());
        if (report.sites() != null) {
            statement = statement.bind("sites", report.sites().toArray(UUID[]::new));
        }
        return statement.map(row -> new Tally(row.get("key", String.class), row.get("label", String.class),
                        row.get("units_total", Long.class), row.get("units_occupied", Long.class),
                        row.get("area_total", Long.class), row.get("area_occupied", Long.class),
                        row.get("potential", Long.class), row.get("actual", Long.class), row.get("mrr", Long.class)))
                .all();
    }

    /**
     * The statement of one group, binding {@code :account_id}, {@code :as_of}, {@code :currency} and, when
     * {@code narrowed} to some sites, {@code :sites}.
     */
    static String sql(String groupBy, boolean narrowed) {
        String[] group = GROUPS.get(groupBy);
        boolean grouped = !group[3].isEmpty();
        return """
                WITH plans AS (%1$s),
                fees AS (
                    SELECT a.unit_id, sum(CASE WHEN p.currency = :currency THEN p.monthly_fee_minor ELSE 0 END) AS fee
                      FROM plans p
                      JOIN report_agreements a ON a.account_id = :account_id AND a.id = p.agreement_id
                     WHERE a.unit_id IS NOT NULL
                     GROUP BY a.unit_id),
                units AS (
                    SELECT u.id, u.site_id, u.unit_type_id, u.status <> 'archived' AS rentable, t.area_cm2,
                           CASE WHEN t.currency = :currency THEN t.price_minor ELSE 0 END AS list_price,
                           f.unit_id IS NOT NULL AS occupied, coalesce(f.fee, 0) AS fee
                      FROM report_units u
                      LEFT JOIN report_unit_types t ON t.account_id = u.account_id AND t.id = u.unit_type_id
                      LEFT JOIN fees f ON f.unit_id = u.id
                     WHERE u.account_id = :account_id %2$s)
                SELECT %3$s AS key, %4$s AS label,
                       count(*) FILTER (WHERE u.rentable) AS units_total,
                       count(*) FILTER (WHERE u.rentable AND u.occupied) AS units_occupied,
                       coalesce(sum(u.area_cm2) FILTER (WHERE u.rentable), 0)::bigint AS area_total,
                       coalesce(sum(u.area_cm2) FILTER (WHERE u.rentable AND u.occupied), 0)::bigint AS area_occupied,
                       coalesce(sum(u.list_price) FILTER (WHERE u.rentable), 0)::bigint AS potential,
                       coalesce(sum(u.fee) FILTER (WHERE u.rentable), 0)::bigint AS actual,
                       coalesce(sum(u.fee), 0)::bigint AS mrr
                  FROM units u %5$s
                 %6$s
                 %7$s
                 ORDER BY label, key
                """.formatted(PlansInForce.onDay(), narrowed ? "AND u.site_id = ANY(:sites)" : "",
                group[0], group[1], group[2], group[3],
                grouped ? "HAVING count(*) FILTER (WHERE u.rentable) > 0 OR sum(u.fee) > 0" : "");
    }
}
