package com.storageplatform.billing.invoice;

import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Whose a plan is, for the features that bill and collect against plans without depending on them: an invoice made
 * through the API for a plan, and a payment naming one (payments rule 5). Implemented by the subscriptions feature.
 */
public interface PlanCustomers {

    /**
     * The customer of the caller's account's plan; empty when the account has no such plan, 403
     * {@code site_forbidden} for a plan at a site outside a site-restricted caller's sites (naming a record of
     * another site, docs/api/authentication.md).
     */
    Mono<UUID> customerOf(Caller caller, UUID subscriptionId);
}
