package com.storageplatform.billing.subscription;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The site each plan bills for, for the features that report on invoices by site (collections' delinquency). */
@Component
public class PlanSites {

    private final SubscriptionRepository plans;

    PlanSites(SubscriptionRepository plans) {
        this.plans = plans;
    }

    /** The site of the account's plan; empty when the account has no such plan. */
    public Mono<UUID> siteOf(UUID accountId, UUID subscriptionId) {
        return plans.plan(accountId, subscriptionId).map(Plan::siteId);
    }
}
