package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.util.MultiValueMap;

/**
 * List filters of the catalogue's unit and pricing lists: an absent filter is null, a bad value is 400
 * {@code validation_error} naming the parameter (conventions.md).
 */
public final class ListFilters {

    private ListFilters() {
    }

    public static UUID id(MultiValueMap<String, String> query, String name) {
        String value = query.getFirst(name);
        if (value == null) {
            return null;
        }
        return Ids.parse(value).orElseThrow(() -> ApiException.invalidQuery(name, FieldIssue.INVALID));
    }

    public static String oneOf(MultiValueMap<String, String> query, String name, List<String> allowed) {
        String value = query.getFirst(name);
        if (value != null && !allowed.contains(value)) {
            throw ApiException.invalidQuery(name, FieldIssue.INVALID);
        }
        return value;
    }

    /** {@code true} or {@code false}, exactly. */
    public static Boolean bool(MultiValueMap<String, String> query, String name) {
        String value = oneOf(query, name, List.of("true", "false"));
        return value == null ? null : Boolean.valueOf(value);
    }

    /** A {@code YYYY-MM-DD} date. */
    public static LocalDate date(MultiValueMap<String, String> query, String name) {
        String value = query.getFirst(name);
        if (value == null) {
            return null;
        }
        return Dates.parseDate(value).orElseThrow(() -> ApiException.invalidQuery(name, FieldIssue.INVALID));
    }
}
