package com.storageplatform.billing.accounting;

import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * Where an adapter stores credentials its provider rotated while it used them (Xero's refresh token): the account's
 * connection in crm, through {@code PUT /internal/v1/integration-connections/{id}/credentials}. Only the keys given
 * are replaced. Fails when they could not be stored; the values are never logged or put in a failure's message.
 */
@FunctionalInterface
interface CredentialKeeper {

    Mono<Void> replace(Map<String, String> credentials);
}
