package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Prices re-stated for another billing period: months and years by months, weeks by weeks, 52 weeks a year. */
class PriceConversionTest {

    @Test
    void aMonthlyPriceIsTwelveTimesAYear() {
        assertThat(PriceConversion.convert(1000, "month", 1, "year", 1)).hasValue(12000);
        assertThat(PriceConversion.convert(1000, "month", 1, "month", 12)).hasValue(12000);
    }

    @Test
    void aYearlyPriceIsATwelfthAMonthRoundedHalfUp() {
        assertThat(PriceConversion.convert(12000, "year", 1, "month", 1)).hasValue(1000);
        assertThat(PriceConversion.convert(1000, "year", 1, "month", 1)).hasValue(83);
        assertThat(PriceConversion.convert(1006, "year", 1, "month", 1)).hasValue(84);
        assertThat(PriceConversion.convert(6, "year", 1, "month", 1)).hasValue(1);
    }

    @Test
    void aPriceForSeveralMonthsIsSharedOutByMonth() {
        assertThat(PriceConversion.convert(2000, "month", 2, "month", 1)).hasValue(1000);
        assertThat(PriceConversion.convert(2001, "month", 2, "month", 1)).hasValue(1001);
        assertThat(PriceConversion.convert(3000, "month", 3, "month", 2)).hasValue(2000);
        assertThat(PriceConversion.convert(1000, "month", 6, "year", 2)).hasValue(4000);
    }

    @Test
    void weeksConvertToWeeksByTheirCount() {
        assertThat(PriceConversion.convert(1001, "week", 2, "week", 1)).hasValue(501);
        assertThat(PriceConversion.convert(1000, "week", 1, "week", 3)).hasValue(3000);
    }

    @Test
    void betweenWeeksAndMonthsAYearIs52WeeksAnd12Months() {
        assertThat(PriceConversion.convert(1000, "month", 1, "week", 1)).hasValue(231);
        assertThat(PriceConversion.convert(1000, "week", 1, "month", 1)).hasValue(4333);
        assertThat(PriceConversion.convert(1000, "week", 1, "year", 1)).hasValue(52000);
        assertThat(PriceConversion.convert(52000, "year", 1, "week", 1)).hasValue(1000);
        assertThat(PriceConversion.convert(1000, "month", 3, "week", 2)).hasValue(154);
    }

    @Test
    void theSamePeriodIsThePriceItself() {
        assertThat(PriceConversion.convert(12345, "month", 1, "month", 1)).hasValue(12345);
        assertThat(PriceConversion.convert(1, "week", 2, "week", 2)).hasValue(1);
        assertThat(PriceConversion.convert(0, "year", 1, "month", 1)).hasValue(0);
    }

    @Test
    void aPositivePriceThatRoundsToNothingCannotBePriced() {
        assertThat(PriceConversion.convert(5, "year", 1, "month", 1)).isEqualTo(OptionalLong.empty());
        assertThat(PriceConversion.convert(1, "month", 1, "week", 1)).isEqualTo(OptionalLong.empty());
    }

    @Test
    void aPriceAboveTheInvoiceLineMaximumCannotBePriced() {
        assertThat(PriceConversion.convert(20_000_000_000L, "month", 2, "month", 1)).hasValue(100_000_000_00L);
        assertThat(PriceConversion.convert(20_000_000_002L, "month", 2, "month", 1)).isEqualTo(OptionalLong.empty());
        assertThat(PriceConversion.convert(100_000_000_00L, "month", 1, "year", 1)).isEqualTo(OptionalLong.empty());
        assertThat(PriceConversion.convert(Long.MAX_VALUE, "month", 1, "year", 3)).isEqualTo(OptionalLong.empty());
    }

    @Test
    void anUnknownIntervalACountBelowOneOrANegativePriceIsRefused() {
        assertThatThrownBy(() -> PriceConversion.convert(1000, "day", 1, "month", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("day");
        assertThatThrownBy(() -> PriceConversion.convert(1000, "month", 0, "month", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count");
        assertThatThrownBy(() -> PriceConversion.convert(-1, "month", 1, "year", 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
