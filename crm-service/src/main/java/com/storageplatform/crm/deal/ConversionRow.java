package com.storageplatform.crm.deal;

import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.report.Reports;
import java.time.LocalDate;
import java.util.List;

/**
 * A row of {@code GET /v1/reports/conversion}: how many enquiries (deals) turned into quotes and reservations over
 * the days {@code from} to {@code to}, each day in the operator's time zone. Each deal counts at most once as quoted
 * and once as reserved, on the day it first was, in the group (site, channel, unit type) it had then; a deal quoted
 * again, or reserved again after its reservation was cancelled or lapsed, is not counted again. A group with
 * nothing quoted or reserved in the period has no row.
 *
 * @param key      the site's id, the channel ({@code unknown} for deals whose channel is not known), or the unit
 *                 type's id ({@code none} for deals about no particular unit type)
 * @param groupBy  {@code site} (the default), {@code channel} or {@code unit_type}
 * @param label    the site's or unit type's name, or the channel's ({@code Website}, {@code Phone}, {@code Email},
 *                 {@code Walk-in}, {@code Referral}, {@code Other}); {@code Unknown} and {@code No unit type} for
 *                 the groups above
 * @param quoted   the deals first quoted within the period: a quote sent from the deal, which dates its
 *                 {@code quoted_at}
 * @param reserved the deals that first reached a stage of kind {@code reserved} within the period (a unit reserved
 *                 for the deal, or the deal moved to such a stage)
 */
public record ConversionRow(String object, LocalDate from, LocalDate to, String key,
        @OneOf("GROUP_BYS") String groupBy, String label, long quoted, long reserved) {

    public static final String OBJECT = Reports.OBJECT;
    public static final String SITE = "site";
    public static final String CHANNEL = "channel";
    public static final String UNIT_TYPE = "unit_type";
    public static final List<String> GROUP_BYS = List.of(SITE, CHANNEL, UNIT_TYPE);
}
