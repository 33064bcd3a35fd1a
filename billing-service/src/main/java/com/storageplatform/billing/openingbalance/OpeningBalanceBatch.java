package com.storageplatform.billing.openingbalance;

import java.util.List;

/**
 * The body of {@code POST /internal/v1/opening-balances}: up to {@value OpeningBalanceRules#MAX_ROWS} balances
 * of one of commerce's imports.
 *
 * @param importKey the SHA-256 of the imported file: with {@code row}, what makes a balance invoiced once only
 * @param dryRun    true: check every row and write nothing
 */
record OpeningBalanceBatch(String importKey, Boolean dryRun, List<Row> balances) {

    /**
     * One balance a customer owed in the operator's previous system.
     *
     * @param row         the record's line in the file (header = 1), at least 2 and once per batch
     * @param contactId   the customer, as commerce created or found it (billing may not have heard of it yet)
     * @param agreementId the agreement it was owed under, or null; kept with the row
     * @param siteId      the site, or null; kept with the row
     * @param amountMinor what is owed, more than 0, in minor units of {@code currency}
     * @param dueDate     {@code YYYY-MM-DD}; in the past, the invoice goes overdue at the next overdue sweep
     * @param description the invoice's line, or null for "Opening balance"
     */
    record Row(Integer row, String contactId, String agreementId, String siteId, Long amountMinor, String currency,
            String dueDate, String description) {
    }
}
