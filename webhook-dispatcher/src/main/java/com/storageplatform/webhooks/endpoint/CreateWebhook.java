package com.storageplatform.webhooks.endpoint;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The body of {@code POST /v1/webhooks}. */
@Schema(requiredProperties = {"url", "enabled_events"})
record CreateWebhook(String url, List<String> enabledEvents, String apiVersion, String description) {
}
