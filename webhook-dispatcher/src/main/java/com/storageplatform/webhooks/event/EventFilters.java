package com.storageplatform.webhooks.event;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.paging.ListFilters;
import java.time.Instant;
import java.util.Optional;

/**
 * The feed's filters: {@code type} (a public event type) and a {@code created} range, given as
 * {@code created[gte]}, {@code created[gt]}, {@code created[lte]} and {@code created[lt]} (RFC 3339). A bad value is
 * 400 naming the parameter.
 */
record EventFilters(String type, Instant createdGte, Instant createdGt, Instant createdLte, Instant createdLt) {

    static EventFilters from(ListFilters query) {
        String type = query.parsed("type", value -> Optional.of(value).filter(EventCatalogue::isPublic));
        return new EventFilters(type, query.dateTime("created[gte]"), query.dateTime("created[gt]"),
                query.dateTime("created[lte]"), query.dateTime("created[lt]"));
    }
}
