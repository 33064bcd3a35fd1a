package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.PlanCustomers;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The customer of each plan, for invoices and payments that name one ({@link PlanCustomers}). */
@Component
class SubscriptionCustomers implements PlanCustomers {

    private final SubscriptionRepository plans;

    SubscriptionCustomers(SubscriptionRepository plans) {
        this.plans = plans;
    }

    @Override
    public Mono<UUID> customerOf(UUID accountId, UUID subscriptionId) {
        return plans.plan(accountId, subscriptionId).map(Plan::contactId);
    }
}
