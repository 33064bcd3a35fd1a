package com.storageplatform.billing.calendar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Working days in England and Wales over real bank holidays, as gov.uk lists them. */
class WorkingDaysTest {

    static final WorkingDays DAYS = new WorkingDays();

    static LocalDate day(String iso) {
        return LocalDate.parse(iso);
    }

    @Test
    void theLibraryHasEveryBankHolidayOfEnglandAndWalesFor2026And2027AsGovUkListsThem() {
        assertThat(DAYS.bankHolidays(2026)).containsExactlyInAnyOrder(day("2026-01-01"), day("2026-04-03"),
                day("2026-04-06"), day("2026-05-04"), day("2026-05-25"), day("2026-08-31"), day("2026-12-25"),
                day("2026-12-28"));
        assertThat(DAYS.bankHolidays(2027)).containsExactlyInAnyOrder(day("2027-01-01"), day("2027-03-26"),
                day("2027-03-29"), day("2027-05-03"), day("2027-05-31"), day("2027-08-30"), day("2027-12-27"),
                day("2027-12-28"));
    }

    @Test
    void christmasDayIsNoWorkingDayAndBoxingDayOnASaturdayIsTakenTheNextMonday() {
        assertThat(DAYS.isWorkingDay(day("2026-12-24"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2026-12-25"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-12-28"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-12-29"))).isTrue();
    }

    @Test
    void christmasAndBoxingDayOnAWeekendAreTakenTheFollowingMondayAndTuesday() {
        assertThat(DAYS.isWorkingDay(day("2027-12-24"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2027-12-27"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2027-12-28"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2027-12-29"))).isTrue();
    }

    @Test
    void christmasOnASundayAfterABoxingDayMondayIsTakenOnTheTuesday() {
        assertThat(DAYS.isWorkingDay(day("2022-12-26"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2022-12-27"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2022-12-28"))).isTrue();
    }

    @Test
    void newYearsDayOnASaturdayIsTakenTheNextMonday() {
        assertThat(DAYS.isWorkingDay(day("2028-01-03"))).isFalse();
        assertThat(DAYS.onOrAfter(day("2027-12-31"))).isEqualTo(day("2027-12-31"));
        assertThat(DAYS.onOrAfter(day("2028-01-01"))).isEqualTo(day("2028-01-04"));
    }

    @Test
    void goodFridayAndEasterMondayAreNoWorkingDays() {
        assertThat(DAYS.isWorkingDay(day("2026-04-03"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-04-06"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2027-03-26"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2027-03-29"))).isFalse();
        assertThat(DAYS.onOrAfter(day("2026-04-03"))).isEqualTo(day("2026-04-07"));
    }

    @Test
    void theEarlyMaySpringAndAugustBankHolidaysAreNoWorkingDays() {
        assertThat(DAYS.isWorkingDay(day("2026-05-04"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-05-25"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-08-31"))).isFalse();
        assertThat(DAYS.onOrAfter(day("2026-08-29"))).isEqualTo(day("2026-09-01"));
    }

    @Test
    void scottishAndNorthernIrishBankHolidaysAreWorkingDaysInEnglandAndWales() {
        assertThat(DAYS.isWorkingDay(day("2026-01-02"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2026-03-17"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2026-07-13"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2026-08-03"))).isTrue();
        assertThat(DAYS.isWorkingDay(day("2026-11-30"))).isTrue();
    }

    @Test
    void aWeekendMovesToTheMondayAndAWorkingDayStaysPut() {
        assertThat(DAYS.isWorkingDay(day("2026-06-06"))).isFalse();
        assertThat(DAYS.isWorkingDay(day("2026-06-07"))).isFalse();
        assertThat(DAYS.onOrAfter(day("2026-06-06"))).isEqualTo(day("2026-06-08"));
        assertThat(DAYS.onOrAfter(day("2026-06-10"))).isEqualTo(day("2026-06-10"));
    }

    @Test
    void addingWorkingDaysSkipsTheWholeChristmasCluster() {
        assertThat(DAYS.plusWorkingDays(day("2026-12-24"), 1)).isEqualTo(day("2026-12-29"));
        assertThat(DAYS.plusWorkingDays(day("2026-12-23"), 3)).isEqualTo(day("2026-12-30"));
        assertThat(DAYS.plusWorkingDays(day("2027-12-23"), 3)).isEqualTo(day("2027-12-30"));
        assertThat(DAYS.plusWorkingDays(day("2027-12-30"), 2)).isEqualTo(day("2028-01-04"));
    }

    @Test
    void subtractingWorkingDaysSkipsEasterAndZeroChangesNothing() {
        assertThat(DAYS.plusWorkingDays(day("2026-04-07"), -1)).isEqualTo(day("2026-04-02"));
        assertThat(DAYS.plusWorkingDays(day("2026-12-29"), -2)).isEqualTo(day("2026-12-23"));
        assertThat(DAYS.plusWorkingDays(day("2026-12-26"), 0)).isEqualTo(day("2026-12-26"));
    }

    @Test
    void countingFromADayOffStartsAtTheNextWorkingDay() {
        assertThat(DAYS.plusWorkingDays(day("2026-12-25"), 1)).isEqualTo(day("2026-12-29"));
        assertThat(DAYS.plusWorkingDays(day("2026-06-06"), 1)).isEqualTo(day("2026-06-08"));
    }
}
