package com.storageplatform.kit.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Optional;
import java.util.regex.Pattern;

/** Calendar dates ({@code YYYY-MM-DD}) and RFC 3339 date-times, parsed strictly. */
public final class Dates {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    /**
     * RFC 3339's date-time: seconds required, a fraction of 1 to 9 digits, {@code Z} or a {@code +hh:mm} offset
     * ({@code T} and {@code Z} in either case, as the RFC allows). Java's ISO parser alone would also take a
     * time without seconds, an empty fraction, {@code +01} or {@code +01:00:30} offsets and signed years.
     */
    private static final Pattern DATE_TIME = Pattern.compile(
            "[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})");

    private Dates() {
    }

    /** A calendar date: exactly {@code YYYY-MM-DD}, a real day, year 0001 or later. */
    public static Optional<LocalDate> parseDate(String text) {
        if (text == null || text.length() != 10) {
            return Optional.empty();
        }
        try {
            LocalDate date = LocalDate.parse(text, DATE);
            return date.getYear() < 1 ? Optional.empty() : Optional.of(date);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * An RFC 3339 date-time, {@code 2026-11-21T10:00:00Z} or with an offset ({@code 2026-11-21T11:00:00+01:00}),
     * as an instant: seconds are required, the date and time must be real, the year 0001 or later. The API
     * writes date-times back in UTC with a {@code Z}.
     */
    public static Optional<Instant> parseDateTime(String text) {
        if (text == null || !DATE_TIME.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            OffsetDateTime dateTime = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return dateTime.getYear() < 1 ? Optional.empty() : Optional.of(dateTime.toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
