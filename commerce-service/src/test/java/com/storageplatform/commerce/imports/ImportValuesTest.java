package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class ImportValuesTest {

    private static final LocalDate MARCH_5 = LocalDate.of(2026, 3, 5);

    @Test
    void datesAreReadDayFirstInEveryAcceptedForm() {
        assertThat(ImportValues.date("2026-03-05")).contains(MARCH_5);
        assertThat(ImportValues.date("05/03/2026")).contains(MARCH_5);
        assertThat(ImportValues.date("5/3/2026")).contains(MARCH_5);
        assertThat(ImportValues.date("05-03-2026")).contains(MARCH_5);
        assertThat(ImportValues.date("5 Mar 2026")).contains(MARCH_5);
        assertThat(ImportValues.date(" 5 march 2026 ")).contains(MARCH_5);
        assertThat(ImportValues.date("13/12/2026")).contains(LocalDate.of(2026, 12, 13));
    }

    @Test
    void aMonthFirstDateOrAnImpossibleDayIsNoDate() {
        assertThat(ImportValues.date("12/13/2026")).isEmpty();
        assertThat(ImportValues.date("31/02/2026")).isEmpty();
        assertThat(ImportValues.date("2026/03/05")).isEmpty();
        assertThat(ImportValues.date("05/03/26")).isEmpty();
        assertThat(ImportValues.date("5 Foo 2026")).isEmpty();
        assertThat(ImportValues.date("05/03-2026")).isEmpty();
    }

    @Test
    void moneyIsReadToMinorUnitsOfTheCurrency() {
        assertThat(ImportValues.money("12.50", "GBP")).contains(1250L);
        assertThat(ImportValues.money("£12.50", "GBP")).contains(1250L);
        assertThat(ImportValues.money("1,234.50", "GBP")).contains(123450L);
        assertThat(ImportValues.money("£1,234,567", "GBP")).contains(123456700L);
        assertThat(ImportValues.money("12.5", "GBP")).contains(1250L);
        assertThat(ImportValues.money("0", "GBP")).contains(0L);
        assertThat(ImportValues.money("1500", "JPY")).contains(1500L);
    }

    @Test
    void moneyThatIsNegativeOrTooPreciseOrNotAnAmountIsRefused() {
        assertThat(ImportValues.money("-12.50", "GBP")).isEmpty();
        assertThat(ImportValues.money("12.505", "GBP")).isEmpty();
        assertThat(ImportValues.money("12.5", "JPY")).isEmpty();
        assertThat(ImportValues.money("12,50", "GBP")).isEmpty();
        assertThat(ImportValues.money("12.", "GBP")).isEmpty();
        assertThat(ImportValues.money("twelve", "GBP")).isEmpty();
        assertThat(ImportValues.money("1.5e3", "GBP")).isEmpty();
        assertThat(ImportValues.money("99999999999999999999", "GBP")).isEmpty();
    }

    @Test
    void yesAndNoAreReadAsSpreadsheetsWriteThem() {
        assertThat(ImportValues.yesNo("Y")).contains(true);
        assertThat(ImportValues.yesNo("TRUE")).contains(true);
        assertThat(ImportValues.yesNo("1")).contains(true);
        assertThat(ImportValues.yesNo("no")).contains(false);
        assertThat(ImportValues.yesNo("0")).contains(false);
        assertThat(ImportValues.yesNo("maybe")).isEmpty();
    }
}
