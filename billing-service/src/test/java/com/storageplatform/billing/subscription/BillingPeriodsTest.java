package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.subscription.BillingPeriods.Bridge;
import com.storageplatform.billing.subscription.BillingPeriods.Period;
import java.time.LocalDate;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;

/** The billing calendar of a plan: anchors, full and part periods, proration, bridges and final periods. */
class BillingPeriodsTest {

    static LocalDate day(String iso) {
        return LocalDate.parse(iso);
    }

    static Period period(String start, String end, long days, long fullDays) {
        return new Period(day(start), day(end), days, fullDays);
    }

    @Test
    void anchor31FallsOnTheLastDayOfFebruaryInLeapAndOtherYearsAndOnThe31stInLongMonths() {
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2026, 2), 31)).isEqualTo(day("2026-02-28"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2028, 2), 31)).isEqualTo(day("2028-02-29"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2026, 4), 31)).isEqualTo(day("2026-04-30"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2026, 5), 31)).isEqualTo(day("2026-05-31"));
    }

    @Test
    void anchors30And29FallOnTheLastDayOfAFebruaryWithoutThem() {
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2026, 2), 30)).isEqualTo(day("2026-02-28"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2028, 2), 30)).isEqualTo(day("2028-02-29"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2027, 2), 29)).isEqualTo(day("2027-02-28"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2028, 2), 29)).isEqualTo(day("2028-02-29"));
        assertThat(BillingPeriods.anchorDate(YearMonth.of(2027, 2), 28)).isEqualTo(day("2027-02-28"));
    }

    @Test
    void aMonthAnchorOutside1To31IsRefused() {
        assertThatThrownBy(() -> BillingPeriods.anchorDate(YearMonth.of(2026, 1), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 31");
        assertThatThrownBy(() -> BillingPeriods.anchorDate(YearMonth.of(2026, 1), 32))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theAnchorOfADateIsItsDayOfTheMonthOrForWeeksItsIsoDayOfTheWeek() {
        assertThat(BillingPeriods.anchorDayOf("month", day("2026-01-31"))).isEqualTo(31);
        assertThat(BillingPeriods.anchorDayOf("year", day("2026-03-15"))).isEqualTo(15);
        assertThat(BillingPeriods.anchorDayOf("week", day("2026-01-05"))).isEqualTo(1);
        assertThat(BillingPeriods.anchorDayOf("week", day("2026-03-15"))).isEqualTo(7);
        assertThatThrownBy(() -> BillingPeriods.anchorDayOf("day", day("2026-03-15")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("week, month or year");
    }

    @Test
    void aBillingDateIsTheAnchorDayOfItsMonthOrTheMonthsLastDayWhenShorter() {
        assertThat(BillingPeriods.isBillingDate(day("2026-02-28"), "month", 31)).isTrue();
        assertThat(BillingPeriods.isBillingDate(day("2028-02-28"), "month", 31)).isFalse();
        assertThat(BillingPeriods.isBillingDate(day("2028-02-29"), "month", 31)).isTrue();
        assertThat(BillingPeriods.isBillingDate(day("2026-04-30"), "month", 31)).isTrue();
        assertThat(BillingPeriods.isBillingDate(day("2026-04-29"), "month", 31)).isFalse();
        assertThat(BillingPeriods.isBillingDate(day("2026-03-15"), "year", 15)).isTrue();
        assertThat(BillingPeriods.isBillingDate(day("2026-03-16"), "year", 15)).isFalse();
    }

    @Test
    void aWeeklyBillingDateIsADateOnTheAnchorWeekday() {
        assertThat(BillingPeriods.isBillingDate(day("2026-01-05"), "week", 1)).isTrue();
        assertThat(BillingPeriods.isBillingDate(day("2026-01-07"), "week", 1)).isFalse();
        assertThat(BillingPeriods.isBillingDate(day("2026-01-07"), "week", 3)).isTrue();
        assertThatThrownBy(() -> BillingPeriods.isBillingDate(day("2026-01-07"), "week", 8))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Monday");
    }

    @Test
    void monthlyAnchor31BillsOnTheLastDayOfFebruaryThenOnThe31stAgain() {
        assertThat(BillingPeriods.nextBillingDate(day("2026-01-31"), "month", 1, 31)).isEqualTo(day("2026-02-28"));
        assertThat(BillingPeriods.nextBillingDate(day("2026-02-28"), "month", 1, 31)).isEqualTo(day("2026-03-31"));
        assertThat(BillingPeriods.nextBillingDate(day("2028-01-31"), "month", 1, 31)).isEqualTo(day("2028-02-29"));
        assertThat(BillingPeriods.nextBillingDate(day("2028-02-29"), "month", 1, 31)).isEqualTo(day("2028-03-31"));
        assertThat(BillingPeriods.nextBillingDate(day("2026-03-31"), "month", 1, 31)).isEqualTo(day("2026-04-30"));
    }

    @Test
    void aPlanOfSeveralMonthsStepsThatManyMonthsFromTheAnchor() {
        assertThat(BillingPeriods.nextBillingDate(day("2026-11-30"), "month", 3, 30)).isEqualTo(day("2027-02-28"));
        assertThat(BillingPeriods.nextBillingDate(day("2027-02-28"), "month", 3, 30)).isEqualTo(day("2027-05-30"));
        assertThat(BillingPeriods.nextBillingDate(day("2026-01-15"), "month", 2, 15)).isEqualTo(day("2026-03-15"));
    }

    @Test
    void aYearPlanOnFebruary29BillsOnThe28thUntilTheNextLeapYear() {
        assertThat(BillingPeriods.nextBillingDate(day("2028-02-29"), "year", 1, 29)).isEqualTo(day("2029-02-28"));
        assertThat(BillingPeriods.nextBillingDate(day("2029-02-28"), "year", 1, 29)).isEqualTo(day("2030-02-28"));
        assertThat(BillingPeriods.nextBillingDate(day("2031-02-28"), "year", 1, 29)).isEqualTo(day("2032-02-29"));
        assertThat(BillingPeriods.nextBillingDate(day("2028-02-29"), "year", 2, 29)).isEqualTo(day("2030-02-28"));
        assertThat(BillingPeriods.nextBillingDate(day("2027-06-01"), "year", 1, 1)).isEqualTo(day("2028-06-01"));
    }

    @Test
    void aWeekPlanStepsSevenDaysPerWeekOfItsCount() {
        assertThat(BillingPeriods.nextBillingDate(day("2026-01-05"), "week", 1, 1)).isEqualTo(day("2026-01-12"));
        assertThat(BillingPeriods.nextBillingDate(day("2026-01-05"), "week", 2, 1)).isEqualTo(day("2026-01-19"));
        assertThat(BillingPeriods.nextBillingDate(day("2026-12-28"), "week", 1, 1)).isEqualTo(day("2027-01-04"));
    }

    @Test
    void anIntervalCountBelowOneOrAnUnknownIntervalIsRefused() {
        assertThatThrownBy(() -> BillingPeriods.nextBillingDate(day("2026-01-05"), "month", 0, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count");
        assertThatThrownBy(() -> BillingPeriods.nextBillingDate(day("2026-01-05"), "fortnight", 1, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fortnight");
    }

    @Test
    void theFirstMonthlyBillingDateIsTheAnchorOfTheStartMonthWhenStillAheadElseOfTheNextMonth() {
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-03-10"), "month", 15)).isEqualTo(day("2026-03-15"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-03-20"), "month", 15)).isEqualTo(day("2026-04-15"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-02-10"), "month", 31)).isEqualTo(day("2026-02-28"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-01-31"), "month", 31)).isEqualTo(day("2026-02-28"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-04-30"), "month", 31)).isEqualTo(day("2026-05-31"));
    }

    @Test
    void theFirstYearlyBillingDateIsFoundInTheStartMonthOrTheNextLikeAMonthlyOne() {
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-03-10"), "year", 15)).isEqualTo(day("2026-03-15"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-03-20"), "year", 15)).isEqualTo(day("2026-04-15"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-03-15"), "year", 15)).isEqualTo(day("2027-03-15"));
    }

    @Test
    void theFirstWeeklyBillingDateIsTheNextAnchorWeekdayStrictlyAfterTheStart() {
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-01-07"), "week", 1)).isEqualTo(day("2026-01-12"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-01-05"), "week", 1)).isEqualTo(day("2026-01-12"));
        assertThat(BillingPeriods.firstBillingDateAfter(day("2026-01-05"), "week", 4)).isEqualTo(day("2026-01-08"));
    }

    @Test
    void aPlanStartingOnABillingDateBeginsWithAFullPeriod() {
        assertThat(BillingPeriods.periodFrom(day("2026-03-15"), "month", 1, 15))
                .isEqualTo(period("2026-03-15", "2026-04-14", 31, 31));
        assertThat(BillingPeriods.periodFrom(day("2026-01-31"), "month", 1, 31))
                .isEqualTo(period("2026-01-31", "2026-02-27", 28, 28));
        assertThat(BillingPeriods.periodFrom(day("2026-02-28"), "month", 1, 31))
                .isEqualTo(period("2026-02-28", "2026-03-30", 31, 31));
        assertThat(BillingPeriods.periodFrom(day("2026-01-05"), "week", 3, 1))
                .isEqualTo(period("2026-01-05", "2026-01-25", 21, 21));
        assertThat(BillingPeriods.periodFrom(day("2026-01-05"), "week", 3, 1).isFull()).isTrue();
    }

    @Test
    void aFullYearAcrossFebruary29Has366Days() {
        assertThat(BillingPeriods.periodFrom(day("2027-06-01"), "year", 1, 1))
                .isEqualTo(period("2027-06-01", "2028-05-31", 366, 366));
        assertThat(BillingPeriods.periodFrom(day("2028-02-29"), "year", 1, 29))
                .isEqualTo(period("2028-02-29", "2029-02-27", 365, 365));
    }

    @Test
    void aMonthlyPlanStartingOffTheAnchorIsProratedAgainstTheFullPeriodEndingWithItsFirstPart() {
        Period first = BillingPeriods.periodFrom(day("2026-03-10"), "month", 1, 15);
        assertThat(first).isEqualTo(period("2026-03-10", "2026-03-14", 5, 28));
        assertThat(first.isFull()).isFalse();
    }

    @Test
    void aFirstPartOfFebruaryOnAnchor31CountsAgainstJanuary31ToTheEndOfFebruary() {
        assertThat(BillingPeriods.periodFrom(day("2028-02-10"), "month", 1, 31))
                .isEqualTo(period("2028-02-10", "2028-02-28", 19, 29));
        assertThat(BillingPeriods.periodFrom(day("2027-02-10"), "month", 1, 31))
                .isEqualTo(period("2027-02-10", "2027-02-27", 18, 28));
    }

    @Test
    void aFirstPartOfAPlanOfThreeMonthsCountsAgainstTheThreeMonthsEndingWithIt() {
        assertThat(BillingPeriods.periodFrom(day("2026-03-20"), "month", 3, 15))
                .isEqualTo(period("2026-03-20", "2026-04-14", 26, 90));
    }

    @Test
    void aFirstPartOfAWeekPlanOfTwoWeeksCountsAgainstFourteenDays() {
        assertThat(BillingPeriods.periodFrom(day("2026-01-07"), "week", 2, 1))
                .isEqualTo(period("2026-01-07", "2026-01-11", 5, 14));
    }

    @Test
    void aFirstPartOfAYearPlanCountsAgainstTheYearEndingWithItLeapDayIncluded() {
        assertThat(BillingPeriods.periodFrom(day("2026-03-10"), "year", 1, 15))
                .isEqualTo(period("2026-03-10", "2026-03-14", 5, 365));
        assertThat(BillingPeriods.periodFrom(day("2028-03-10"), "year", 1, 15))
                .isEqualTo(period("2028-03-10", "2028-03-14", 5, 366));
        assertThat(BillingPeriods.periodFrom(day("2028-03-10"), "year", 2, 15))
                .isEqualTo(period("2028-03-10", "2028-03-14", 5, 731));
    }

    @Test
    void aPeriodWhoseDaysDisagreeWithItsDatesIsRefused() {
        assertThatThrownBy(() -> period("2026-03-15", "2026-04-14", 30, 31))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> period("2026-03-15", "2026-04-14", 31, 30))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void prorationRoundsHalfUpToWholeMinorUnits() {
        assertThat(BillingPeriods.prorate(1000, 10, 31)).isEqualTo(323);
        assertThat(BillingPeriods.prorate(1000, 5, 28)).isEqualTo(179);
        assertThat(BillingPeriods.prorate(1000, 1, 3)).isEqualTo(333);
        assertThat(BillingPeriods.prorate(1000, 1, 2)).isEqualTo(500);
        assertThat(BillingPeriods.prorate(1, 1, 2)).isEqualTo(1);
        assertThat(BillingPeriods.prorate(3, 1, 2)).isEqualTo(2);
    }

    @Test
    void theWholePeriodIsTheWholeAmountAndNoDaysIsNothing() {
        assertThat(BillingPeriods.prorate(1000, 31, 31)).isEqualTo(1000);
        assertThat(BillingPeriods.prorate(1000, 0, 31)).isZero();
    }

    @Test
    void prorationOfTheLargestLineIsExact() {
        assertThat(BillingPeriods.prorate(100_000_000_00L, 29, 31)).isEqualTo(9_354_838_710L);
        assertThat(BillingPeriods.prorate(Long.MAX_VALUE, 365, 366)).isEqualTo(9_198_171_566_808_724_507L);
    }

    @Test
    void prorationOfMoreDaysThanThePeriodOrOfAnEmptyPeriodIsRefused() {
        assertThatThrownBy(() -> BillingPeriods.prorate(1000, 32, 31)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BillingPeriods.prorate(1000, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BillingPeriods.prorate(1000, -1, 31)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRenewalDateMovedInsideThePeriodBillsTheDaysBetweenAgainstThatFullPeriod() {
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-03-25"), "month", 1, 15)).isNull();
        assertThat(BillingPeriods.bridge(day("2026-03-15"), day("2026-03-25"), "month", 1, 15)).isEqualTo(
                new Bridge(day("2026-03-15"), day("2026-03-24"), day("2026-03-25"), 25, 10, 31));
        assertThat(BillingPeriods.bridge(day("2026-03-15"), day("2026-04-14"), "month", 1, 15)).isEqualTo(
                new Bridge(day("2026-03-15"), day("2026-04-13"), day("2026-04-14"), 14, 30, 31));
        assertThat(BillingPeriods.bridge(day("2026-03-15"), day("2026-03-16"), "month", 1, 15).bridgeDays())
                .isEqualTo(1);
    }

    @Test
    void aBridgeFromTheEndOfFebruaryOnAnchor31CountsAgainstTheMonthToMarch31() {
        assertThat(BillingPeriods.bridge(day("2026-02-28"), day("2026-03-10"), "month", 1, 31)).isEqualTo(
                new Bridge(day("2026-02-28"), day("2026-03-09"), day("2026-03-10"), 10, 10, 31));
        assertThat(BillingPeriods.bridgeRefusal(day("2026-02-28"), day("2026-03-30"), "month", 1, 31)).isNull();
        assertThat(BillingPeriods.bridgeRefusal(day("2026-02-28"), day("2026-03-31"), "month", 1, 31))
                .isEqualTo("above_maximum");
    }

    @Test
    void aWeeklyBridgeTakesTheNewWeekdayAsItsAnchor() {
        assertThat(BillingPeriods.bridge(day("2026-01-12"), day("2026-01-15"), "week", 1, 1)).isEqualTo(
                new Bridge(day("2026-01-12"), day("2026-01-14"), day("2026-01-15"), 4, 3, 7));
        assertThat(BillingPeriods.bridgeRefusal(day("2026-01-12"), day("2026-01-19"), "week", 1, 1))
                .isEqualTo("above_maximum");
        assertThat(BillingPeriods.bridge(day("2026-01-12"), day("2026-01-19"), "week", 2, 1).fullDays())
                .isEqualTo(14);
    }

    @Test
    void aRenewalDateOnOrBeforeTheNextBillingDateIsBelowTheMinimum() {
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-03-15"), "month", 1, 15))
                .isEqualTo("below_minimum");
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-03-14"), "month", 1, 15))
                .isEqualTo("below_minimum");
    }

    @Test
    void aRenewalDateOnOrAfterTheEndOfThePeriodIsAboveTheMaximum() {
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-04-15"), "month", 1, 15))
                .isEqualTo("above_maximum");
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-05-01"), "month", 1, 15))
                .isEqualTo("above_maximum");
        assertThat(BillingPeriods.bridgeRefusal(day("2026-03-15"), day("2026-05-14"), "month", 2, 15)).isNull();
    }

    @Test
    void aRefusedBridgeOrOneFromADateOffTheAnchorThrows() {
        assertThatThrownBy(() -> BillingPeriods.bridge(day("2026-03-15"), day("2026-03-15"), "month", 1, 15))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("below_minimum");
        assertThatThrownBy(() -> BillingPeriods.bridge(day("2026-03-15"), day("2026-04-15"), "month", 1, 15))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("above_maximum");
        assertThatThrownBy(() -> BillingPeriods.bridge(day("2026-03-16"), day("2026-03-20"), "month", 1, 15))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a billing date");
    }

    @Test
    void aPlanEndingInsideAPeriodIsBilledToItsLastDayAgainstTheFullPeriod() {
        Period full = period("2026-03-15", "2026-04-14", 31, 31);
        assertThat(BillingPeriods.finalPeriod(full, day("2026-03-24")))
                .isEqualTo(period("2026-03-15", "2026-03-24", 10, 31));
        assertThat(BillingPeriods.finalPeriod(full, day("2026-03-15")))
                .isEqualTo(period("2026-03-15", "2026-03-15", 1, 31));
        Period firstPart = period("2026-03-10", "2026-03-14", 5, 28);
        assertThat(BillingPeriods.finalPeriod(firstPart, day("2026-03-12")))
                .isEqualTo(period("2026-03-10", "2026-03-12", 3, 28));
    }

    @Test
    void aPlanWithoutAnEndOrEndingOnOrAfterThePeriodsEndKeepsTheWholePeriod() {
        Period full = period("2026-03-15", "2026-04-14", 31, 31);
        assertThat(BillingPeriods.finalPeriod(full, null)).isSameAs(full);
        assertThat(BillingPeriods.finalPeriod(full, day("2026-04-14"))).isSameAs(full);
        assertThat(BillingPeriods.finalPeriod(full, day("2026-06-01"))).isSameAs(full);
    }

    @Test
    void aPlanEndingBeforeThePeriodStartsHasNoFinalPeriodInIt() {
        Period full = period("2026-03-15", "2026-04-14", 31, 31);
        assertThatThrownBy(() -> BillingPeriods.finalPeriod(full, day("2026-03-14")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2026-03-15");
    }
}
