package com.storageplatform.billing.invoice;

import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Whose a plan is, for the features that bill and collect against plans without depending on them: an invoice made
 * through the API for a plan, and a payment naming one (payments rule 5). Implemented by the subscriptions feature.
 */
public interface PlanCustomers {

    /** The customer of the account's plan; empty when the account has no such plan. */
    Mono<UUID> customerOf(UUID accountId, UUID subscriptionId);
}
