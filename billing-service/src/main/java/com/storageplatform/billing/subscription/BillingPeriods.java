package com.storageplatform.billing.subscription;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * The calendar of a plan billed in advance every {@code count} × {@code interval} ({@code week}, {@code month},
 * {@code year}) on its {@code anchor_day}, and the proration of part periods by days.
 *
 * <ul>
 * <li><b>Anchor day.</b> For {@code month} and {@code year} plans the day of the month (1 to 31); a month without
 * that day bills on its last day (anchor 31 bills on 28 or 29 February and 30 April, and on the 31st again in May).
 * A {@code year} plan bills in the month its periods start in, so only the day is its anchor. For {@code week} plans
 * the ISO day of the week (1 = Monday to 7 = Sunday).</li>
 * <li><b>Billing date.</b> A date on the anchor: for months and years the anchor day of its own month (so the last
 * day of a shorter month), for weeks a date on the anchor's day of the week.</li>
 * <li><b>Full period.</b> From a billing date to the day before the billing date {@code count} intervals later:
 * the anchor day {@code count} months (12 × {@code count} months for a year) on, or 7 × {@code count} days on.
 * A full period always starts from the anchor, never from the shortened date of the month before: anchor 31 bills
 * 31 January, 28 February, 31 March.</li>
 * <li><b>First period.</b> A plan starting on a billing date begins with a full period. Otherwise it begins with a
 * part period up to the day before its first billing date (for months and years the anchor date of the start's
 * month when still ahead, else that of the next month; for weeks the next anchor weekday after the start), and
 * that part is prorated against the full period ending on the same day.</li>
 * <li><b>Proration.</b> An amount for part of a period is amount × days / days of the full period, in whole minor
 * units rounded half up (a tie rounds away from zero), on exact integers: 1000 for 10 of 31 days is 322.58, so 323.
 * The whole period is the whole amount; no days is 0.</li>
 * <li><b>Renewal-date move (bridge).</b> Moving the next billing date D of a plan to a new date bills a bridge from
 * D to the day before the new date, prorated against the full period starting on D under the old anchor; the plan
 * then runs full periods from the new date on its new anchor (the new date's day). The new date must be after D
 * ({@code below_minimum} otherwise) and before the billing date that ends the full period starting on D
 * ({@code above_maximum} otherwise), so a bridge is always shorter than a period.</li>
 * <li><b>Final period.</b> A plan ending inside a period is billed up to its last day: the period is cut to end
 * there, prorated against the full period it was part of.</li>
 * </ul>
 */
final class BillingPeriods {

    static final String WEEK = "week";
    static final String MONTH = "month";
    static final String YEAR = "year";

    private BillingPeriods() {
    }

    /**
     * Days from {@code start} to {@code end}, both included. {@code days} equals {@code fullDays} for a full
     * period; a first, bridge or final part period has fewer days than the full period it is prorated against.
     */
    record Period(LocalDate start, LocalDate end, long days, long fullDays) {

        Period {
            if (end.isBefore(start) || days != ChronoUnit.DAYS.between(start, end) + 1 || fullDays < days) {
                throw new IllegalArgumentException("not a period: " + start + " to " + end + ", " + days
                        + " of " + fullDays + " days");
            }
        }

        boolean isFull() {
            return days == fullDays;
        }
    }

    /**
     * A move of the renewal date: the bridge {@code [bridgeStart, bridgeEnd]} of {@code bridgeDays}, prorated
     * against {@code fullDays} (the full period starting on the old billing date); full periods then start on
     * {@code newPeriodStart} with {@code newAnchorDay}.
     */
    record Bridge(LocalDate bridgeStart, LocalDate bridgeEnd, LocalDate newPeriodStart, int newAnchorDay,
            long bridgeDays, long fullDays) {
    }

    /** The anchor day of {@code month}, or the month's last day when the month is shorter. */
    static LocalDate anchorDate(YearMonth month, int anchorDay) {
        if (anchorDay < 1 || anchorDay > 31) {
            throw new IllegalArgumentException("anchor day of a month must be 1 to 31, not " + anchorDay);
        }
        return month.atDay(Math.min(anchorDay, month.lengthOfMonth()));
    }

    /** The anchor a plan billed on {@code date} has: the day of the month, or for weeks the ISO day of the week. */
    static int anchorDayOf(String interval, LocalDate date) {
        return switch (interval) {
            case WEEK -> date.getDayOfWeek().getValue();
            case MONTH, YEAR -> date.getDayOfMonth();
            default -> throw unknown(interval);
        };
    }

    /** Whether {@code date} is on the anchor (see the class comment; a year plan's month is its own). */
    static boolean isBillingDate(LocalDate date, String interval, int anchorDay) {
        return switch (interval) {
            case WEEK -> date.getDayOfWeek() == weekday(anchorDay);
            case MONTH, YEAR -> date.equals(anchorDate(YearMonth.from(date), anchorDay));
            default -> throw unknown(interval);
        };
    }

    /** The billing date after the full period starting on the billing date {@code periodStart}. */
    static LocalDate nextBillingDate(LocalDate periodStart, String interval, int count, int anchorDay) {
        requireCount(count);
        return switch (interval) {
            case WEEK -> periodStart.plusDays(7L * count);
            case MONTH -> anchorDate(YearMonth.from(periodStart).plusMonths(count), anchorDay);
            case YEAR -> anchorDate(YearMonth.from(periodStart).plusMonths(12L * count), anchorDay);
            default -> throw unknown(interval);
        };
    }

    /**
     * The first billing date strictly after {@code start}, for a plan starting on a date that is not a billing
     * date: the anchor date of the start's month when still ahead, else the next month's; for weeks the next
     * anchor weekday. Callers check {@link #isBillingDate} first: for a start that is a billing date this answers
     * the billing date one interval on (count 1), and a plan of {@code count} &gt; 1 takes
     * {@link #nextBillingDate} with its own count instead.
     */
    static LocalDate firstBillingDateAfter(LocalDate start, String interval, int anchorDay) {
        return switch (interval) {
            case WEEK -> start.with(TemporalAdjusters.next(weekday(anchorDay)));
            case MONTH, YEAR -> {
                LocalDate candidate = anchorDate(YearMonth.from(start), anchorDay);
                if (candidate.isAfter(start)) {
                    yield candidate;
                }
                yield candidate.equals(start) ? nextBillingDate(start, interval, 1, anchorDay)
                        : anchorDate(YearMonth.from(start).plusMonths(1), anchorDay);
            }
            default -> throw unknown(interval);
        };
    }

    /**
     * The first period of a plan starting on {@code start}: the full period when {@code start} is a billing date,
     * else the part period up to the day before its first billing date, with the days of the full period that
     * ends on the same day.
     */
    static Period periodFrom(LocalDate start, String interval, int count, int anchorDay) {
        if (isBillingDate(start, interval, anchorDay)) {
            LocalDate next = nextBillingDate(start, interval, count, anchorDay);
            long days = ChronoUnit.DAYS.between(start, next);
            return new Period(start, next.minusDays(1), days, days);
        }
        requireCount(count);
        LocalDate next = firstBillingDateAfter(start, interval, anchorDay);
        LocalDate fullStart = switch (interval) {
            case WEEK -> next.minusDays(7L * count);
            case MONTH -> anchorDate(YearMonth.from(next).minusMonths(count), anchorDay);
            default -> anchorDate(YearMonth.from(next).minusMonths(12L * count), anchorDay);
        };
        return new Period(start, next.minusDays(1), ChronoUnit.DAYS.between(start, next),
                ChronoUnit.DAYS.between(fullStart, next));
    }

    /** {@code amountMinor} × {@code days} / {@code fullDays}, half up; the whole amount for the whole period. */
    static long prorate(long amountMinor, long days, long fullDays) {
        if (fullDays < 1 || days < 0 || days > fullDays) {
            throw new IllegalArgumentException("cannot prorate " + days + " of " + fullDays + " days");
        }
        return BigDecimal.valueOf(amountMinor).multiply(BigDecimal.valueOf(days))
                .divide(BigDecimal.valueOf(fullDays), 0, RoundingMode.HALF_UP).longValueExact();
    }

    /**
     * Why the renewal date of a plan next billed on the billing date {@code nextBillingDate} cannot move to
     * {@code newDate}: {@code below_minimum} on or before that date, {@code above_maximum} on or after the billing
     * date ending the full period that starts on it; {@code null} when the move is allowed.
     */
    static String bridgeRefusal(LocalDate nextBillingDate, LocalDate newDate, String interval, int count,
            int anchorDay) {
        if (!newDate.isAfter(nextBillingDate)) {
            return "below_minimum";
        }
        if (!newDate.isBefore(nextBillingDate(nextBillingDate, interval, count, anchorDay))) {
            return "above_maximum";
        }
        return null;
    }

    /**
     * The bridge that moves the renewal date from the billing date {@code nextBillingDate} to {@code newDate}.
     * Callers check {@link #bridgeRefusal} first; a refused move, or a {@code nextBillingDate} off the anchor, is
     * an {@link IllegalArgumentException}.
     */
    static Bridge bridge(LocalDate nextBillingDate, LocalDate newDate, String interval, int count, int anchorDay) {
        if (!isBillingDate(nextBillingDate, interval, anchorDay)) {
            throw new IllegalArgumentException(nextBillingDate + " is not a billing date of a " + interval
                    + " plan anchored on " + anchorDay);
        }
        String refusal = bridgeRefusal(nextBillingDate, newDate, interval, count, anchorDay);
        if (refusal != null) {
            throw new IllegalArgumentException("cannot move the renewal date from " + nextBillingDate + " to "
                    + newDate + " (" + refusal + "): the new date must fall inside the period starting on "
                    + nextBillingDate + ", after its first day");
        }
        LocalDate periodEnd = nextBillingDate(nextBillingDate, interval, count, anchorDay);
        return new Bridge(nextBillingDate, newDate.minusDays(1), newDate, anchorDayOf(interval, newDate),
                ChronoUnit.DAYS.between(nextBillingDate, newDate),
                ChronoUnit.DAYS.between(nextBillingDate, periodEnd));
    }

    /**
     * {@code period} cut to end on {@code endsOn} (its days recounted, its full days kept for proration) when the
     * plan ends inside it; the period itself when {@code endsOn} is {@code null} or not before its end. A plan
     * ending before the period starts has no such period: {@link IllegalArgumentException}.
     */
    static Period finalPeriod(Period period, LocalDate endsOn) {
        if (endsOn == null || !endsOn.isBefore(period.end())) {
            return period;
        }
        if (endsOn.isBefore(period.start())) {
            throw new IllegalArgumentException("a plan ending on " + endsOn + " has no period starting on "
                    + period.start());
        }
        return new Period(period.start(), endsOn, ChronoUnit.DAYS.between(period.start(), endsOn) + 1,
                period.fullDays());
    }

    private static DayOfWeek weekday(int anchorDay) {
        if (anchorDay < 1 || anchorDay > 7) {
            throw new IllegalArgumentException("anchor day of a week must be 1 (Monday) to 7, not " + anchorDay);
        }
        return DayOfWeek.of(anchorDay);
    }

    private static void requireCount(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("interval count must be 1 or more, not " + count);
        }
    }

    private static IllegalArgumentException unknown(String interval) {
        return new IllegalArgumentException("billing interval must be week, month or year, not " + interval);
    }
}
