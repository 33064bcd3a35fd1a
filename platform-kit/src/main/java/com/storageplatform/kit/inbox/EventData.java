package com.storageplatform.kit.inbox;

import com.storageplatform.kit.id.Ids;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * Reads one field of an event's {@code data} (or of an object inside it) the same way in every handler: a peer's
 * event is not ours to trust, so a field that is absent, JSON null, an object or array, or (for an id) not a
 * platform id reads as null, never as an exception.
 */
public final class EventData {

    private EventData() {
    }

    /** The field's value as text (a number or boolean as written); null when absent, null or not a value. */
    public static String text(JsonNode data, String field) {
        return data == null ? null : data.path(field).asString(null);
    }

    /** The field as a platform id; null when absent, null, not a value or not an id. */
    public static UUID id(JsonNode data, String field) {
        String value = text(data, field);
        return value == null ? null : Ids.parse(value).orElse(null);
    }
}
