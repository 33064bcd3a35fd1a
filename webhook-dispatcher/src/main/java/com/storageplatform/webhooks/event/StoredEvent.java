package com.storageplatform.webhooks.event;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** An event log row: the feed item plus its tenant and origin. */
public record StoredEvent(UUID id, UUID accountId, UUID operatorId, String type, String sourceType, String source,
        String apiVersion, String actorType, Instant created, JsonNode data, Instant receivedAt) {

    public Event view() {
        return new Event(id, Event.OBJECT, type, created, apiVersion, actorType, data);
    }
}
