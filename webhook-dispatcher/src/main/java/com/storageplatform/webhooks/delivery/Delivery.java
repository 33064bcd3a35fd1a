package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.UUID;

/**
 * A delivery of one event to one endpoint, as {@code GET /v1/webhooks/{id}/deliveries} shows it.
 *
 * @param status {@code pending}, {@code delivering}, {@code succeeded}, {@code retrying} or {@code exhausted}
 */
public record Delivery(UUID id, String object, UUID endpointId, UUID eventId, String eventType,
        @OneOf(value = "STATUSES", in = DeliveryResource.class) String status, int attempts, Instant nextAttemptAt,
        Integer lastResponseStatus, String lastError, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "webhook_delivery";
}
