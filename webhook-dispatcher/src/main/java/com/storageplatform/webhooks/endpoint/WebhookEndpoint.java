package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.openapi.OneOf;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A webhook endpoint as the API shows it. {@code secret} appears only in the responses that create or rotate it.
 *
 * @param status {@code active}, {@code paused} (deliveries wait) or {@code disabled} (after sustained failure, or
 *               by the operator)
 */
public record WebhookEndpoint(UUID id, String object, String url, String description, List<String> enabledEvents,
        String apiVersion, @OneOf(value = "STATUSES", in = EndpointService.class) String status, Instant disabledAt,
        Instant createdAt, Instant updatedAt, @JsonInclude(JsonInclude.Include.NON_NULL) String secret) {

    public static final String OBJECT = "webhook_endpoint";

    public WebhookEndpoint withSecret(String plaintext) {
        return new WebhookEndpoint(id, object, url, description, enabledEvents, apiVersion, status, disabledAt,
                createdAt, updatedAt, plaintext);
    }
}
