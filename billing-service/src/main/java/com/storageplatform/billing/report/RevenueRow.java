package com.storageplatform.billing.report;

import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.report.Reports;
import java.time.LocalDate;
import java.util.List;

/**
 * One row of {@code GET /v1/reports/revenue}: the recurring rent of the group's units on {@code as_of}. It counts
 * plans' licence fees only (the rent of the unit): repeating products, fees and cover (insurance, waivers) are
 * ancillary income and not counted.
 *
 * @param from         the first day of the period asked (the figures are a state on {@code as_of})
 * @param to           the last day of the period asked
 * @param key          {@code total}, the site's id ({@code site}) or the unit type's id ({@code unit_type})
 * @param groupBy      what the rows stand for: {@code total} (one row), {@code site} or {@code unit_type}
 * @param label        {@code Total}, the site's name or the unit type's name
 * @param asOf         the day the figures are taken on: {@code to}, or today when {@code to} lies ahead
 * @param currency     the operator's currency: only plans billed in it count
 * @param mrrMinor     monthly recurring revenue: the sum of the licence fees of the plans in force on
 *                     {@code as_of} on the group's units, each net of the plan's promotion in force that day and
 *                     re-stated for a month (a weekly fee × 52 / 12, a yearly one / 12), rounded half up per plan
 * @param arrMinor     annual recurring revenue: 12 × {@code mrr_minor}
 * @param unitsTotal   the units RevPAU divides by: the group's rentable units (not archived, out-of-service ones
 *                     included)
 * @param revpauMinor  revenue per available unit: {@code mrr_minor} / {@code units_total}, rounded half up (0
 *                     without units)
 */
public record RevenueRow(String object, LocalDate from, LocalDate to, String key, @OneOf("GROUP_BYS") String groupBy,
        String label, LocalDate asOf, String currency, long mrrMinor, long arrMinor, long unitsTotal,
        long revpauMinor) {

    public static final String OBJECT = Reports.OBJECT;
    public static final List<String> GROUP_BYS = List.of("total", "site", "unit_type");
}
