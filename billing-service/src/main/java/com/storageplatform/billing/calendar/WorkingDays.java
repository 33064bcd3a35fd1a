package com.storageplatform.billing.calendar;

import de.focus_shift.jollyday.core.Holiday;
import de.focus_shift.jollyday.core.HolidayCalendar;
import de.focus_shift.jollyday.core.HolidayManager;
import de.focus_shift.jollyday.core.ManagerParameters;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Year;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The working days of England and Wales, the days Bacs and the banks run: Monday to Friday except bank holidays.
 * The bank holidays come from jollyday's United Kingdom calendar, maintained upstream against gov.uk, never from a
 * list of our own. Thread-safe; each year's holidays are read from the library once and kept.
 */
@Component
public class WorkingDays {

    /** jollyday's subdivision of its United Kingdom calendar for England; Wales ({@code wls}) has the same days. */
    static final String ENGLAND_AND_WALES = "eng";

    private final HolidayManager holidays =
            HolidayManager.getInstance(ManagerParameters.create(HolidayCalendar.UNITED_KINGDOM));
    private final Map<Integer, Set<LocalDate>> byYear = new ConcurrentHashMap<>();

    public boolean isWorkingDay(LocalDate day) {
        DayOfWeek weekday = day.getDayOfWeek();
        return weekday != DayOfWeek.SATURDAY && weekday != DayOfWeek.SUNDAY
                && !bankHolidays(day.getYear()).contains(day);
    }

    /** The day itself when it is a working day, otherwise the next working day. */
    public LocalDate onOrAfter(LocalDate day) {
        LocalDate d = day;
        while (!isWorkingDay(d)) {
            d = d.plusDays(1);
        }
        return d;
    }

    /**
     * The day {@code n} working days after {@code day} ({@code n} before it when negative), counting only working
     * days: Thursday 24 December 2026 plus one is Tuesday 29 December. Zero returns {@code day} unchanged.
     */
    public LocalDate plusWorkingDays(LocalDate day, int n) {
        int step = n < 0 ? -1 : 1;
        LocalDate d = day;
        for (int left = Math.abs(n); left > 0; ) {
            d = d.plusDays(step);
            if (isWorkingDay(d)) {
                left--;
            }
        }
        return d;
    }

    /**
     * The year's bank holidays in England and Wales, each on the day it is taken: a holiday falling on a weekend
     * is the substitute weekday the library names (Boxing Day 2026, a Saturday, is Monday 28 December).
     */
    Set<LocalDate> bankHolidays(int year) {
        return byYear.computeIfAbsent(year, y -> holidays.getHolidays(Year.of(y), ENGLAND_AND_WALES).stream()
                .map(Holiday::getDate)
                .collect(Collectors.toUnmodifiableSet()));
    }
}
