package com.storageplatform.webhooks.endpoint;

import java.util.List;

/** The body of {@code POST /v1/webhooks}. */
record CreateWebhook(String url, List<String> enabledEvents, String apiVersion, String description) {
}
