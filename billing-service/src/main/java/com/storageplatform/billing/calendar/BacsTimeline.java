package com.storageplatform.billing.calendar;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * When a Bacs Direct Debit is noticed, submitted and debited, as pure functions of the working days and the day
 * a request is made (payments rules 6 and 7 of the spec; sources in docs/api/billing.md). Every day it
 * returns is a working day in England and Wales.
 */
public final class BacsTimeline {

    /** Bacs and GoCardless keep UK time: a request's day and its cut-off are read in London. */
    public static final ZoneId LONDON = ZoneId.of("Europe/London");
    /** GoCardless's daily deadline: a payment created at or after 16:00 UK time starts its cycle the next day. */
    public static final LocalTime REQUEST_CUT_OFF = LocalTime.of(16, 0);
    /**
     * GoCardless Bacs timings for a mandate already active: a payment created on working day 0 is submitted on
     * day 1 and debited on day 3. Its {@code next_possible_charge_date} is that day 3.
     */
    public static final int CHARGE_AFTER_REQUEST_WORKING_DAYS = 3;
    /** The Bacs three-day cycle: submitted on the input day, processed the next, debited on the third (entry) day. */
    public static final int SUBMISSION_BEFORE_CHARGE_WORKING_DAYS = 2;
    /**
     * The advance notice the payer is promised in GoCardless's Direct Debit Guarantee wording: three working days
     * before the debit (the Bacs default of ten applies only where no shorter period was agreed).
     */
    public static final int ADVANCE_NOTICE_WORKING_DAYS = 3;

    private final WorkingDays days;

    public BacsTimeline(WorkingDays days) {
        this.days = days;
    }

    /**
     * The day a request made at {@code now} counts as made: its date in London, or the next day once the cut-off
     * has passed. Pass it as {@code today} below (it may be a weekend or holiday; the rules move it on).
     */
    public static LocalDate requestDay(Instant now) {
        ZonedDateTime london = now.atZone(LONDON);
        LocalDate day = london.toLocalDate();
        return london.toLocalTime().isBefore(REQUEST_CUT_OFF) ? day : day.plusDays(1);
    }

    /** The first day the bank can debit for a collection requested {@code today} against an active mandate. */
    public LocalDate earliestChargeDate(LocalDate today) {
        return days.plusWorkingDays(days.onOrAfter(today), CHARGE_AFTER_REQUEST_WORKING_DAYS);
    }

    /**
     * Rule 6: the day the customer's advance notice named (moved onto a working day) while it can still be met,
     * never earlier; once it cannot, the first day the bank can debit.
     */
    public LocalDate chargeDateFor(LocalDate noticedDay, LocalDate today) {
        LocalDate noticed = days.onOrAfter(noticedDay);
        LocalDate earliest = earliestChargeDate(today);
        return noticed.isBefore(earliest) ? earliest : noticed;
    }

    /** The last working day the customer can be told of a debit on {@code chargeDate}. */
    public LocalDate noticeDeadline(LocalDate chargeDate) {
        return days.plusWorkingDays(days.onOrAfter(chargeDate), -ADVANCE_NOTICE_WORKING_DAYS);
    }

    /** The working day a collection debited on {@code chargeDate} goes to Bacs (its input day). */
    public LocalDate submissionDay(LocalDate chargeDate) {
        return days.plusWorkingDays(days.onOrAfter(chargeDate), -SUBMISSION_BEFORE_CHARGE_WORKING_DAYS);
    }

    /** Rule 7: a Direct Debit invoice's due date (and its notice and collection) on a working day, moved forward. */
    public LocalDate dueDate(LocalDate day) {
        return days.onOrAfter(day);
    }
}
