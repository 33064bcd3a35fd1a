package com.storageplatform.webhooks.event;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.springframework.util.MultiValueMap;

/**
 * The feed's filters: {@code type} (a public event type) and a {@code created} range, given as
 * {@code created[gte]}, {@code created[gt]}, {@code created[lte]} and {@code created[lt]} (RFC 3339). A bad value is
 * 400 naming the parameter.
 */
record EventFilters(String type, Instant createdGte, Instant createdGt, Instant createdLte, Instant createdLt) {

    static EventFilters from(MultiValueMap<String, String> query) {
        String type = query.getFirst("type");
        if (type != null && !EventCatalogue.isPublic(type)) {
            throw ApiException.invalidQuery("type", FieldIssue.INVALID);
        }
        return new EventFilters(type, instant(query, "created[gte]"), instant(query, "created[gt]"),
                instant(query, "created[lte]"), instant(query, "created[lt]"));
    }

    private static Instant instant(MultiValueMap<String, String> query, String name) {
        String value = query.getFirst(name);
        if (value == null) {
            return null;
        }
        return Dates.parseDateTime(value).orElseThrow(() -> ApiException.invalidQuery(name, FieldIssue.INVALID));
    }

    /** What a cursor is bound to. */
    Map<String, Object> asMap() {
        Map<String, Object> map = new HashMap<>();
        map.put("type", type);
        map.put("created[gte]", createdGte);
        map.put("created[gt]", createdGt);
        map.put("created[lte]", createdLte);
        map.put("created[lt]", createdLt);
        return map;
    }
}
