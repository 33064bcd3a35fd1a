package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An endpoint row: the API view plus what only the dispatcher needs (tenant, failure streak). */
public record StoredEndpoint(UUID id, UUID accountId, UUID operatorId, Environment environment, String url,
        String description, List<String> enabledEvents, String apiVersion, String status, int consecutiveFailures,
        Instant lastSuccessAt, Instant disabledAt, Instant createdAt, Instant updatedAt) {

    public static final String ACTIVE = "active";
    public static final String PAUSED = "paused";
    public static final String DISABLED = "disabled";

    public WebhookEndpoint view() {
        return new WebhookEndpoint(id, WebhookEndpoint.OBJECT, url, description, enabledEvents, apiVersion, status,
                disabledAt, createdAt, updatedAt, null);
    }
}
