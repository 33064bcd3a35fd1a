package com.storageplatform.webhooks.event;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An event of the feed ({@code GET /v1/events}). {@code id} is the webhook event id too; {@code type} the public
 * name; {@code data} the resource as it was, with its {@code object}, in {@code api_version}'s shape: described as any
 * JSON object, not as Jackson's JsonNode bean (whose boolean {@code object} property no event's data matched).
 */
public record Event(UUID id, String object, String type, Instant created, String apiVersion, String actorType,
        @Schema(implementation = Object.class, types = "object",
                description = "The resource as it was, with its object, in api_version's shape.") JsonNode data) {

    public static final String OBJECT = "event";
}
