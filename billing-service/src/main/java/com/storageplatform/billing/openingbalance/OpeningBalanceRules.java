package com.storageplatform.billing.openingbalance;

import static com.storageplatform.kit.validation.Text.blankToNull;

import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.openingbalance.OpeningBalanceAnswer.Problem;
import com.storageplatform.billing.openingbalance.OpeningBalanceBatch.Row;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The pure checks of an opening-balance batch: the request's own shape (a 422 like any body's), then each row,
 * every problem of every row collected, named by the request's field.
 */
final class OpeningBalanceRules {

    static final int MAX_ROWS = 500;
    static final int MAX_KEY = 128;
    static final String DEFAULT_DESCRIPTION = "Opening balance";

    private OpeningBalanceRules() {
    }

    /** A row that passed: what its invoice is made of. */
    record Balance(UUID contactId, UUID agreementId, UUID siteId, long amountMinor, String currency,
            LocalDate dueDate, String description) {
    }

    /** Each row's problems, and the balances of the rows that have none (by row). */
    record Judged(List<Problem> problems, Map<Integer, Balance> balances) {
    }

    /** The batch's rows; 422 naming {@code import_key}, {@code dry_run}, {@code balances} or a row number. */
    static List<Row> rows(OpeningBalanceBatch batch) {
        Validation v = Validation.start();
        v.require("import_key", batch.importKey()).maxLength("import_key", batch.importKey(), MAX_KEY);
        v.require("dry_run", batch.dryRun());
        List<Row> rows = batch.balances() == null ? List.of() : batch.balances();
        v.require("balances", batch.balances());
        v.check(batch.balances() != null && rows.isEmpty(), "balances", FieldIssue.BELOW_MINIMUM);
        v.check(rows.size() > MAX_ROWS, "balances", FieldIssue.ABOVE_MAXIMUM);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row == null) {
                v.add("balances[" + i + "]", FieldIssue.REQUIRED);
                continue;
            }
            String field = "balances[" + i + "].row";
            v.require(field, row.row());
            v.check(row.row() != null && row.row() < 2, field, FieldIssue.BELOW_MINIMUM);
            v.check(row.row() != null && !seen.add(row.row()), field, FieldIssue.DUPLICATE);
        }
        v.orThrow();
        return rows;
    }

    static Judged judge(List<Row> rows) {
        List<Problem> problems = new ArrayList<>();
        Map<Integer, Balance> balances = new LinkedHashMap<>();
        for (Row row : rows) {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", row.contactId());
            UUID agreementId = v.optionalId("agreement_id", row.agreementId());
            UUID siteId = v.optionalId("site_id", row.siteId());
            v.require("amount_minor", row.amountMinor()).min("amount_minor", row.amountMinor(), 1)
                    .max("amount_minor", row.amountMinor(), IssuedInvoices.MAX_AMOUNT_MINOR);
            v.require("currency", row.currency()).currency("currency", row.currency());
            v.require("due_date", row.dueDate());
            LocalDate dueDate = v.optionalDate("due_date", row.dueDate());
            String description = IssuedInvoices.description(v, "description", blankToNull(row.description()));
            v.issues().forEach(issue -> problems.add(problem(row.row(), issue)));
            if (v.isValid()) {
                balances.put(row.row(), new Balance(contactId, agreementId, siteId, row.amountMinor(),
                        row.currency(), dueDate, description == null ? DEFAULT_DESCRIPTION : description));
            }
        }
        return new Judged(List.copyOf(problems), balances);
    }

    private static Problem problem(int row, FieldIssue issue) {
        String column = issue.field();
        String message = switch (issue.issue()) {
            case FieldIssue.REQUIRED -> "The balance's " + column + " is required.";
            case FieldIssue.TOO_LONG -> "The description is longer than 500 characters.";
            case FieldIssue.BELOW_MINIMUM -> "The amount must be more than 0.";
            case FieldIssue.ABOVE_MAXIMUM -> "The amount is more than one invoice may come to.";
            default -> switch (column) {
                case "currency" -> "The currency is not an ISO 4217 code (such as GBP).";
                case "due_date" -> "The due date is not a date (YYYY-MM-DD).";
                case "description" -> "The description has characters that cannot be shown.";
                default -> "The " + column + " is not an id.";
            };
        };
        return new Problem(row, column, issue.issue(), message);
    }
}
