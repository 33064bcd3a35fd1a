package com.storageplatform.kit.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Optional;

/** Calendar dates ({@code YYYY-MM-DD}) and RFC 3339 date-times, parsed strictly. */
public final class Dates {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

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

    /** An RFC 3339 date-time with an offset ({@code Z} or {@code +01:00}), as an instant. */
    public static Optional<Instant> parseDateTime(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
