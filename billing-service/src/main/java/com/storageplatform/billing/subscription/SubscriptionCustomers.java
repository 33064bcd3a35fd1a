package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.PlanCustomers;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
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
    public Mono<UUID> customerOf(Caller caller, UUID subscriptionId) {
        return plans.plan(caller.accountId(), subscriptionId)
                .doOnNext(plan -> SiteAccess.require(caller, plan.siteId()))
                .map(Plan::contactId);
    }
}
