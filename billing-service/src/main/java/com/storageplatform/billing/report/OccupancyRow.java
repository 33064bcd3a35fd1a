package com.storageplatform.billing.report;

import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.report.Reports;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * One row of {@code GET /v1/reports/occupancy}: how full the group's units are on {@code as_of}, by count, by area
 * and by money. A unit is <b>rentable</b> when the catalogue has not archived it (an out-of-service unit counts:
 * it is stock the operator owns and is not letting); it is <b>occupied</b> when a billing plan on an agreement
 * letting it is in force that day (from the plan's start date to its last day billed).
 *
 * @param from                   the first day of the period asked (the figures are a state on {@code as_of})
 * @param to                     the last day of the period asked
 * @param key                    {@code total}, the site's id ({@code site}) or the unit type's id ({@code unit_type})
 * @param groupBy                what the rows stand for: {@code total} (one row), {@code site} or {@code unit_type}
 * @param label                  {@code Total}, the site's name or the unit type's name
 * @param asOf                   the day the figures are taken on: {@code to}, or today when {@code to} lies ahead
 * @param currency               the operator's currency: the money figures count only unit types priced and plans
 *                               billed in it
 * @param unitsTotal             the rentable units: every unit not archived, out-of-service ones included
 * @param unitsOccupied          the rentable units with a plan in force on {@code as_of}
 * @param unitOccupancyPct       physical occupancy by units: occupied / total × 100, two decimals rounded half up
 *                               (0.00 without units)
 * @param areaTotal              the rentable units' floor area in square metres (the unit type's width_cm ×
 *                               depth_cm; a unit type without both counts no area), two decimals
 * @param areaOccupied           the occupied units' floor area in square metres, two decimals
 * @param areaOccupancyPct       physical occupancy by area: occupied area / total area × 100 (on exact square
 *                               centimetres), two decimals rounded half up (0.00 without area)
 * @param economicPotentialMinor the sum of the rentable units' list prices: each unit type's monthly
 *                               {@code price_minor}
 * @param economicActualMinor    the sum of the occupied units' monthly licence fees net of each plan's promotion in
 *                               force on {@code as_of}, a plan's fee per period re-stated for a month
 * @param economicOccupancyPct   economic occupancy: actual / potential × 100, two decimals rounded half up (0.00
 *                               without potential)
 */
public record OccupancyRow(String object, LocalDate from, LocalDate to, String key, @OneOf("GROUP_BYS") String groupBy,
        String label, LocalDate asOf, String currency, long unitsTotal, long unitsOccupied,
        BigDecimal unitOccupancyPct, BigDecimal areaTotal, BigDecimal areaOccupied, BigDecimal areaOccupancyPct,
        long economicPotentialMinor, long economicActualMinor, BigDecimal economicOccupancyPct) {

    public static final String OBJECT = Reports.OBJECT;
    public static final List<String> GROUP_BYS = List.of("total", "site", "unit_type");
}
