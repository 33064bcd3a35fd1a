package com.storageplatform.billing.openingbalance;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.openingbalance.OpeningBalanceBatch.Row;
import com.storageplatform.billing.openingbalance.OpeningBalanceRules.Judged;
import com.storageplatform.kit.id.Ids;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The row rules of an opening-balance batch: the amount's bounds, printable descriptions and the default line. */
class OpeningBalanceRulesTest {

    final String contact = Ids.newId().toString();

    @Test
    void theAmountIsMoreThanZeroAndAtMostAnInvoicesMaximum() {
        assertThat(problems(row(1L, "GBP", "2026-11-01", null))).isEmpty();
        assertThat(problems(row(10_000_000_000L, "GBP", "2026-11-01", null))).isEmpty();
        assertThat(problems(row(10_000_000_001L, "GBP", "2026-11-01", null)))
                .containsExactly("amount_minor above_maximum");
        assertThat(problems(row(0L, "GBP", "2026-11-01", null))).containsExactly("amount_minor below_minimum");
    }

    @Test
    void aDescriptionMustBePrintableAndWithoutOneTheLineIsTheOpeningBalance() {
        assertThat(problems(row(1L, "GBP", "2026-11-01", "Bell\u0007"))).containsExactly("description invalid");
        Judged judged = OpeningBalanceRules.judge(List.of(row(1L, "GBP", "2026-11-01", "  ")));
        assertThat(judged.balances().get(2).description()).isEqualTo("Opening balance");
        assertThat(judged.balances().get(2).dueDate()).isEqualTo(LocalDate.of(2026, 11, 1));
    }

    @Test
    void aDueDateIsStrictlyAnIsoDateAndMayBeInThePast() {
        assertThat(problems(row(1L, "GBP", "2001-01-31", null))).isEmpty();
        assertThat(problems(row(1L, "GBP", "2026-1-31", null))).containsExactly("due_date invalid");
        assertThat(problems(row(1L, "GBP", "2026-11-01T00:00:00Z", null))).containsExactly("due_date invalid");
        assertThat(problems(row(1L, "XTS1", "2026-11-01", null))).containsExactly("currency invalid");
    }

    List<String> problems(Row row) {
        return OpeningBalanceRules.judge(List.of(row)).problems().stream()
                .map(problem -> problem.column() + " " + problem.issue()).toList();
    }

    Row row(Long amountMinor, String currency, String dueDate, String description) {
        return new Row(2, contact, null, null, amountMinor, currency, dueDate, description);
    }
}
