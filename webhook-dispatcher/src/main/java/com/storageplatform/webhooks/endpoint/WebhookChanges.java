package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/** The body of {@code PATCH /v1/webhooks/{id}}: only the fields sent change; {@code description: null} clears it. */
record WebhookChanges(Patch<String> url, Patch<List<String>> enabledEvents, Patch<String> apiVersion,
        Patch<String> description, Patch<String> status) {
}
