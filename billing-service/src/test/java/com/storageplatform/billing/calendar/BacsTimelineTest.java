package com.storageplatform.billing.calendar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Bacs Direct Debit dating (payments rules 6 and 7) over real bank holidays of England and Wales. */
class BacsTimelineTest {

    static final WorkingDays DAYS = WorkingDaysTest.DAYS;
    final BacsTimeline bacs = new BacsTimeline(DAYS);

    static LocalDate day(String iso) {
        return LocalDate.parse(iso);
    }

    @Test
    void aRequestBeforeFourPmLondonCountsThatDayAndFromFourPmTheNext() {
        assertThat(BacsTimeline.requestDay(Instant.parse("2026-12-23T15:59:59Z"))).isEqualTo(day("2026-12-23"));
        assertThat(BacsTimeline.requestDay(Instant.parse("2026-12-23T16:00:00Z"))).isEqualTo(day("2026-12-24"));
    }

    @Test
    void theCutOffIsReadInBritishSummerTime() {
        assertThat(BacsTimeline.requestDay(Instant.parse("2026-06-10T14:59:00Z"))).isEqualTo(day("2026-06-10"));
        assertThat(BacsTimeline.requestDay(Instant.parse("2026-06-10T15:00:00Z"))).isEqualTo(day("2026-06-11"));
        assertThat(BacsTimeline.requestDay(Instant.parse("2026-06-10T23:30:00Z"))).isEqualTo(day("2026-06-11"));
    }

    @Test
    void theBankCanDebitOnTheThirdWorkingDayAfterTheRequest() {
        assertThat(bacs.earliestChargeDate(day("2026-06-08"))).isEqualTo(day("2026-06-11"));
        assertThat(bacs.earliestChargeDate(day("2026-06-11"))).isEqualTo(day("2026-06-16"));
    }

    @Test
    void aRequestOnAWeekendOrHolidayStartsItsCycleOnTheNextWorkingDay() {
        assertThat(bacs.earliestChargeDate(day("2026-06-06"))).isEqualTo(day("2026-06-11"));
        assertThat(bacs.earliestChargeDate(day("2026-08-29"))).isEqualTo(day("2026-09-04"));
    }

    @Test
    void aRequestBeforeChristmasCannotBeDebitedUntilAfterTheHolidays() {
        assertThat(bacs.earliestChargeDate(day("2026-12-23"))).isEqualTo(day("2026-12-30"));
        assertThat(bacs.earliestChargeDate(day("2027-12-22"))).isEqualTo(day("2027-12-29"));
    }

    @Test
    void aNoticedDayThatCanStillBeMetIsTheChargeDateNeverEarlier() {
        assertThat(bacs.chargeDateFor(day("2026-06-15"), day("2026-06-01"))).isEqualTo(day("2026-06-15"));
        assertThat(bacs.chargeDateFor(day("2026-12-31"), day("2026-12-23"))).isEqualTo(day("2026-12-31"));
    }

    @Test
    void aNoticedDayOnABankHolidayIsChargedOnTheNextWorkingDay() {
        assertThat(bacs.chargeDateFor(day("2026-12-25"), day("2026-12-18"))).isEqualTo(day("2026-12-29"));
        assertThat(bacs.chargeDateFor(day("2026-05-04"), day("2026-04-27"))).isEqualTo(day("2026-05-05"));
    }

    @Test
    void aNoticedDayTheCycleCanNoLongerMeetIsChargedOnTheFirstDayTheBankCanDebit() {
        assertThat(bacs.chargeDateFor(day("2026-12-29"), day("2026-12-23"))).isEqualTo(day("2026-12-30"));
    }

    @Test
    void aNoticedDayAlreadyPastIsChargedOnTheFirstDayTheBankCanDebitAfterEaster() {
        assertThat(bacs.chargeDateFor(day("2026-04-01"), day("2026-04-02"))).isEqualTo(day("2026-04-09"));
    }

    @Test
    void theCustomerMustBeToldThreeWorkingDaysBeforeTheDebit() {
        assertThat(bacs.noticeDeadline(day("2026-06-11"))).isEqualTo(day("2026-06-08"));
        assertThat(bacs.noticeDeadline(day("2026-04-09"))).isEqualTo(day("2026-04-02"));
        assertThat(bacs.noticeDeadline(day("2027-01-04"))).isEqualTo(day("2026-12-29"));
    }

    @Test
    void aCollectionGoesToBacsTwoWorkingDaysBeforeItsChargeDate() {
        assertThat(bacs.submissionDay(day("2026-06-11"))).isEqualTo(day("2026-06-09"));
        assertThat(bacs.submissionDay(day("2026-12-29"))).isEqualTo(day("2026-12-23"));
        assertThat(bacs.submissionDay(day("2026-05-26"))).isEqualTo(day("2026-05-21"));
    }

    @Test
    void aDirectDebitDueDateOnAWeekendOrBankHolidayMovesToTheNextWorkingDay() {
        assertThat(bacs.dueDate(day("2026-05-23"))).isEqualTo(day("2026-05-26"));
        assertThat(bacs.dueDate(day("2027-12-25"))).isEqualTo(day("2027-12-29"));
        assertThat(bacs.dueDate(day("2026-05-05"))).isEqualTo(day("2026-05-05"));
    }

    @Test
    void theEarliestChargeDateLeavesExactlyTheNoticeAndTheCycleOnEveryDayOf2026To2028() {
        for (LocalDate d = day("2026-01-01"); d.isBefore(day("2029-01-01")); d = d.plusDays(1)) {
            LocalDate charge = bacs.earliestChargeDate(d);
            assertThat(DAYS.isWorkingDay(charge)).as("charge date for %s", d).isTrue();
            assertThat(bacs.noticeDeadline(charge)).as("notice for %s", d).isEqualTo(DAYS.onOrAfter(d));
            assertThat(bacs.submissionDay(charge)).as("submission for %s", d)
                    .isEqualTo(DAYS.plusWorkingDays(DAYS.onOrAfter(d), 1));
        }
    }
}
