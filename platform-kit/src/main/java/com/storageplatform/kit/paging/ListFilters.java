package com.storageplatform.kit.paging;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.util.MultiValueMap;

/**
 * The filters of one list request, read from its query: an absent filter is null, a bad value is 400
 * {@code validation_error} naming the parameter (conventions.md, Lists). Each filter read is remembered, so the
 * page's cursor is bound to all of them without a list of its own to forget one in:
 *
 * <pre>{@code
 * ListFilters filters = ListFilters.of(query);
 * UUID siteId = filters.id("site_id");
 * String status = filters.oneOf("status", Site.STATUSES);
 * Boolean advertised = filters.bool("advertised");
 * return coupons.list(caller, siteId, status, advertised, filters.page());
 * }</pre>
 */
public final class ListFilters {

    private final MultiValueMap<String, String> query;
    private final Map<String, Object> read = new HashMap<>();

    private ListFilters(MultiValueMap<String, String> query) {
        this.query = query;
    }

    public static ListFilters of(MultiValueMap<String, String> query) {
        return new ListFilters(query);
    }

    /** A platform id (lowercase UUIDv7). */
    public UUID id(String name) {
        return parsed(name, Ids::parse);
    }

    /** One of {@code allowed}, exactly. */
    public String oneOf(String name, Collection<String> allowed) {
        return parsed(name, value -> allowed.contains(value) ? Optional.of(value) : Optional.empty());
    }

    /** {@code true} or {@code false}, exactly: no {@code 1}, {@code yes} or {@code TRUE}. */
    public Boolean bool(String name) {
        return parsed(name, value -> switch (value) {
            case "true" -> Optional.of(Boolean.TRUE);
            case "false" -> Optional.of(Boolean.FALSE);
            default -> Optional.empty();
        });
    }

    /** A {@code YYYY-MM-DD} date. */
    public LocalDate date(String name) {
        return parsed(name, Dates::parseDate);
    }

    /** An RFC 3339 date-time ({@link Dates#parseDateTime}). */
    public Instant dateTime(String name) {
        return parsed(name, Dates::parseDateTime);
    }

    /**
     * A filter the resource judged itself ({@code parse} answers empty for a bad value, which is 400 on
     * {@code name}). A value holding NUL ({@code %00}) is bad whatever {@code parse} says: PostgreSQL text cannot
     * hold it.
     */
    public <T> T parsed(String name, Function<String, Optional<T>> parse) {
        String value = query.getFirst(name);
        if (value == null) {
            return null;
        }
        T parsed = (value.indexOf('\0') < 0 ? parse.apply(value) : Optional.<T>empty())
                .orElseThrow(() -> ApiException.invalidQuery(name, FieldIssue.INVALID));
        read.put(name, parsed);
        return parsed;
    }

    /** The page ({@code limit}, {@code cursor}), its cursor bound to every filter read above. */
    public PageRequest page() {
        return PageRequest.from(query, read);
    }
}
