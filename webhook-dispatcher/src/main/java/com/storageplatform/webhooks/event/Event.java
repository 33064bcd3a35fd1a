package com.storageplatform.webhooks.event;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An event of the feed ({@code GET /v1/events}). {@code id} is the webhook event id too; {@code type} the public
 * name; {@code data} the resource as it was, with its {@code object}, in {@code api_version}'s shape.
 */
public record Event(UUID id, String object, String type, Instant created, String apiVersion, String actorType,
        JsonNode data) {

    public static final String OBJECT = "event";
}
