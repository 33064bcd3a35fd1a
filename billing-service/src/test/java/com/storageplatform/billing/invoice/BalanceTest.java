package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The invoice table's transitions as {@link Balance} decides them. */
class BalanceTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 27);

    static Balance open(long due) {
        return new Balance(Invoice.OPEN, 0, 0, 0, due, 0);
    }

    @Test
    void aPaymentInFullMakesItPaidAndAPartOnePartiallyPaid() {
        assertThat(open(1000).collected(400, false)).isEqualTo(new Balance("partially_paid", 400, 0, 0, 600, 0));
        assertThat(open(1000).collected(400, false).collected(600, false).status()).isEqualTo("paid");
    }

    @Test
    void anOverdueInvoiceIsOpenWhileACollectionInFlightCoversWhatIsOwed() {
        Balance overdue = new Balance(Invoice.OVERDUE, 0, 0, 0, 1000, 0);
        assertThat(overdue.collecting(999).status()).isEqualTo("overdue");
        assertThat(overdue.collecting(1000).status()).isEqualTo("open");
        assertThat(overdue.collecting(1000).collectionFailed(1000).overdueOn(TODAY.minusDays(1), TODAY, false)
                .status()).isEqualTo("overdue");
    }

    @Test
    void anAdvanceNoticeForExactlyWhatIsOwedOnADayAheadReopensAnOverdueInvoice() {
        Balance overdue = new Balance(Invoice.OVERDUE, 0, 0, 0, 1000, 0);
        assertThat(overdue.noticed(1000, TODAY.plusDays(3), TODAY).status()).isEqualTo("open");
        assertThat(overdue.noticed(999, TODAY.plusDays(3), TODAY).status()).isEqualTo("overdue");
        assertThat(overdue.noticed(1000, TODAY.minusDays(1), TODAY).status()).isEqualTo("overdue");
    }

    @Test
    void anOpenInvoiceIsOverdueOnlyOnceItsDayHasPassedWithNothingCollectedOrInFlight() {
        assertThat(open(1000).overdueOn(TODAY, TODAY, false).status()).isEqualTo("open");
        assertThat(open(1000).overdueOn(TODAY.minusDays(1), TODAY, false).status()).isEqualTo("overdue");
        assertThat(open(1000).collecting(1000).overdueOn(TODAY.minusDays(1), TODAY, false).status())
                .isEqualTo("open");
        assertThat(open(1000).overdueOn(TODAY.minusDays(1), TODAY, true).status()).isEqualTo("open");
    }

    @Test
    void aReversalReopensAPaidInvoice() {
        Balance paid = open(1000).collected(1000, false);
        assertThat(paid.reversed(1000)).isEqualTo(new Balance("open", 0, 0, 0, 1000, 0));
        assertThat(open(1000).collected(300, false).collected(700, false).reversed(700).status())
                .isEqualTo("partially_paid");
    }

    @Test
    void aCreditNoteForEverythingOwedMakesItPaid() {
        assertThat(open(1000).credited(1000)).isEqualTo(new Balance("paid", 0, 1000, 0, 0, 0));
    }

    @Test
    void aWriteOffLeavesNothingOwedAndTheStatusAsItWas() {
        Balance partly = open(1000).collected(400, false);
        assertThat(partly.writtenOff()).isEqualTo(new Balance("partially_paid", 400, 0, 600, 0, 0));
        assertThat(new Balance(Invoice.OVERDUE, 0, 0, 0, 1000, 0).writtenOff().status()).isEqualTo("overdue");
    }

    @Test
    void aCreditNoteForLessThanIsOwedKeepsTheStatus() {
        assertThat(new Balance(Invoice.OVERDUE, 0, 0, 0, 1000, 0).credited(300))
                .isEqualTo(new Balance("overdue", 0, 300, 0, 700, 0));
    }

    @Test
    void aReturnsCreditFirstCoversWhatIsOwedAndTheRestIsMoneyPaidBack() {
        Balance paid = open(1000).collected(1000, false);
        assertThat(paid.creditedForReturn(300)).isEqualTo(new Balance("paid", 700, 300, 0, 0, 0));
        Balance partly = open(1000).collected(500, false);
        assertThat(partly.creditedForReturn(200)).isEqualTo(new Balance("partially_paid", 500, 200, 0, 300, 0));
        assertThat(partly.creditedForReturn(700)).isEqualTo(new Balance("paid", 300, 700, 0, 0, 0));
    }
}
