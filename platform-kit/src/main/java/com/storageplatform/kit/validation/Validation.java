package com.storageplatform.kit.validation;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.money.Currencies;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Collects every problem of a request body, then fails once with a 422 {@code validation_error} naming each
 * field. Each check records at most one issue per field, the first that applies.
 */
public final class Validation {

    private final List<FieldIssue> issues = new ArrayList<>();

    public static Validation start() {
        return new Validation();
    }

    public Validation require(String field, Object value) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            add(field, FieldIssue.REQUIRED);
        }
        return this;
    }

    /**
     * A required reference to another record: absent is {@code required}, anything but a platform id (lowercase
     * UUIDv7) {@code invalid}. Returns the id, or null when it was refused.
     */
    public UUID requiredId(String field, String value) {
        require(field, value);
        if (value == null || value.isBlank()) {
            return null;
        }
        UUID id = Ids.parse(value).orElse(null);
        check(id == null, field, FieldIssue.INVALID);
        return id;
    }

    /** An optional reference to another record: absent is null; anything but a platform id is {@code invalid}. */
    public UUID optionalId(String field, String value) {
        if (value == null) {
            return null;
        }
        UUID id = Ids.parse(value).orElse(null);
        check(id == null, field, FieldIssue.INVALID);
        return id;
    }

    /** An optional {@code YYYY-MM-DD} date: absent is null; anything else that is not one is {@code invalid}. */
    public LocalDate optionalDate(String field, String value) {
        if (value == null) {
            return null;
        }
        LocalDate date = Dates.parseDate(value).orElse(null);
        check(date == null, field, FieldIssue.INVALID);
        return date;
    }

    /**
     * At most {@code max} characters, counted as the spec and the database's {@code char_length} count them:
     * code points, so an emoji is one character (two UTF-16 units in a Java string).
     */
    public Validation maxLength(String field, String value, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            add(field, FieldIssue.TOO_LONG);
        }
        return this;
    }

    /**
     * Text that can be shown ({@link Text#isPrintable}), with tab and line breaks only where {@code lineBreaks}:
     * anything else is {@code invalid}, never silently removed. Absent text passes.
     */
    public Validation printable(String field, String value, boolean lineBreaks) {
        if (value != null && !Text.isPrintable(value, lineBreaks)) {
            add(field, FieldIssue.INVALID);
        }
        return this;
    }

    public Validation min(String field, Long value, long min) {
        if (value != null && value < min) {
            add(field, FieldIssue.BELOW_MINIMUM);
        }
        return this;
    }

    public Validation max(String field, Long value, long max) {
        if (value != null && value > max) {
            add(field, FieldIssue.ABOVE_MAXIMUM);
        }
        return this;
    }

    public Validation oneOf(String field, String value, Collection<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            add(field, FieldIssue.INVALID);
        }
        return this;
    }

    public Validation currency(String field, String value) {
        if (value != null && !Currencies.isValid(value)) {
            add(field, FieldIssue.INVALID);
        }
        return this;
    }

    /** Records {@code issue} on {@code field} when {@code failed} holds. */
    public Validation check(boolean failed, String field, String issue) {
        if (failed) {
            add(field, issue);
        }
        return this;
    }

    public Validation add(String field, String issue) {
        boolean already = issues.stream().anyMatch(i -> i.field().equals(field));
        if (!already) {
            issues.add(new FieldIssue(field, issue));
        }
        return this;
    }

    public boolean has(String field) {
        return issues.stream().anyMatch(i -> i.field().equals(field));
    }

    public boolean isValid() {
        return issues.isEmpty();
    }

    public List<FieldIssue> issues() {
        return List.copyOf(issues);
    }

    /** Throws the 422 when anything was recorded. */
    public void orThrow() {
        if (!issues.isEmpty()) {
            throw ApiException.invalid(issues);
        }
    }
}
