package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.endpoint.StoredEndpoint;
import reactor.core.publisher.Mono;

/**
 * How the operator hears about their webhooks. Today a record the operator's console reads; an email once
 * messaging exists. Called inside the transaction that made the change.
 */
public interface OperatorNotifier {

    Mono<Void> endpointDisabled(StoredEndpoint endpoint, String reason);
}
