package com.storageplatform.billing.openingbalance;

import java.util.List;
import java.util.UUID;

/**
 * What {@code POST /internal/v1/opening-balances} answers: the rows' problems, or, once written, each row's invoice.
 *
 * @param problems in row order; when any, nothing was written
 * @param invoices each row's invoice, in the batch's order; empty for a dry run or a batch with problems
 */
record OpeningBalanceAnswer(String object, List<Problem> problems, List<Written> invoices) {

    static final String OBJECT = "opening_balance_batch";

    static OpeningBalanceAnswer of(List<Problem> problems, List<Written> invoices) {
        return new OpeningBalanceAnswer(OBJECT, problems, invoices);
    }

    /**
     * What is wrong with one row.
     *
     * @param column the request's field at fault ({@code contact_id}, {@code amount_minor}, {@code due_date}, ...)
     * @param issue  the conventions' word for it: {@code required}, {@code invalid}, {@code too_long},
     *               {@code below_minimum}, {@code above_maximum}
     */
    record Problem(int row, String column, String issue, String message) {
    }

    /** @param created false when an earlier call with the same import key wrote this row's invoice */
    record Written(int row, UUID id, boolean created) {
    }
}
