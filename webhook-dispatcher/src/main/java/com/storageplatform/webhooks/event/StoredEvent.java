package com.storageplatform.webhooks.event;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An event log row: the feed item plus its tenant and origin; {@code traceparent} is the trace of the request that
 * published it (null when it came without one).
 */
public record StoredEvent(UUID id, UUID accountId, UUID operatorId, String type, String sourceType, String source,
        String apiVersion, String actorType, Instant created, JsonNode data, Instant receivedAt, String traceparent) {

    public Event view() {
        return new Event(id, Event.OBJECT, type, created, apiVersion, actorType, data);
    }
}
