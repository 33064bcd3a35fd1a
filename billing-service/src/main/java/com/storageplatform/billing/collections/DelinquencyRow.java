package com.storageplatform.billing.collections;

import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.report.Reports;
import java.time.LocalDate;
import java.util.List;

/**
 * A row of {@code GET /v1/reports/delinquency}: the debt past its due date at the end of {@code as_of}, in the
 * operator's currency only (an invoice in another currency never counts), aged by days past due as the industry's
 * aged-debt report does. The age bands' names carry their digits with underscores, so their components are spelt
 * as the API and the CSV name them.
 *
 * @param key                   {@code total}; a site's id, or {@code none} for invoices on no plan (no site)
 * @param groupBy               {@code total} (one row, always there) or {@code site} (a row per site that has debt
 *                              past its due date)
 * @param label                 {@code Total}, the site's name, or {@code No site}
 * @param asOf                  the day the figures are a state of: {@code to}, or today when {@code to} lies ahead
 * @param currency              the operator's currency, the one every figure is in
 * @param overdueMinor          what is still owed at the end of {@code as_of} on invoices whose due date is before
 *                              it: each finalised invoice's total less what was paid, credited and written off (a
 *                              part-paid invoice by its remainder), summed
 * @param overdueAccounts       the customers owing such an invoice, each once (in the {@code total} row once
 *                              however many sites they owe at)
 * @param overdueInvoices       the invoices owing past their due date
 * @param overdue_1_30_minor    the part of {@code overdue_minor} 1 to 30 days past due ({@code as_of} less the due
 *                              date)
 * @param overdue_31_60_minor   the part 31 to 60 days past due
 * @param overdue_61_90_minor   the part 61 to 90 days past due
 * @param overdue_over_90_minor the part more than 90 days past due
 */
public record DelinquencyRow(String object, LocalDate from, LocalDate to, String key,
        @OneOf("GROUP_BYS") String groupBy, String label, LocalDate asOf, String currency, long overdueMinor,
        long overdueAccounts, long overdueInvoices, long overdue_1_30_minor, long overdue_31_60_minor,
        long overdue_61_90_minor, long overdue_over_90_minor) {

    public static final String OBJECT = Reports.OBJECT;
    public static final String TOTAL = "total";
    public static final String SITE = "site";
    public static final List<String> GROUP_BYS = List.of(TOTAL, SITE);
    /** The key of the row of invoices on no plan, which have no site. */
    public static final String NO_SITE = "none";
}
