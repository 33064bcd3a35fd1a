package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.endpoint.StoredEndpoint;
import reactor.core.publisher.Mono;

/**
 * How the operator hears about their webhooks in the console: a record it reads. The email goes from crm-service,
 * which sends it from {@code webhook_endpoint.disabled} to the operator's {@code notification_email}
 * (docs/api/messages.md, "Notices to the operator"). Called inside the transaction that made the change.
 */
public interface OperatorNotifier {

    Mono<Void> endpointDisabled(StoredEndpoint endpoint, String reason);
}
