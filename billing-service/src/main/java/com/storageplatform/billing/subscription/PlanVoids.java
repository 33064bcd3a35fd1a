package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceVoidListener;
import com.storageplatform.billing.subscription.PeriodLines.Waiting;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Void rule 5's last effect: the charges a voided plan invoice carried go back on the plan's next invoice, unless the
 * plan has ended. Each line waits as it was billed (its description, quantity, price and VAT treatment); the period
 * stays invoiced (the billing run does not bill it again), but no longer stands for cover or counts as a period its
 * promotion discounted.
 */
@Component
class PlanVoids implements InvoiceVoidListener {

    private final SubscriptionRepository plans;
    private final BilledPeriods periods;
    private final Clock clock;

    PlanVoids(SubscriptionRepository plans, BilledPeriods periods, Clock clock) {
        this.plans = plans;
        this.periods = periods;
        this.clock = clock;
    }

    @Override
    public Mono<Void> voided(Caller caller, Invoice invoice) {
        if (invoice.subscriptionId() == null) {
            return Mono.empty();
        }
        return periods.voided(caller.accountId(), invoice.id())
                .then(plans.planForUpdate(caller.accountId(), invoice.subscriptionId()))
                .filter(plan -> !Subscription.ENDED.equals(plan.status()))
                .flatMap(plan -> Flux.fromIterable(invoice.lines())
                        .concatMap(line -> periods.wait(caller.accountId(), plan.id(),
                                new Waiting(line.kind(), line.description(), line.quantity(), line.amountMinor(),
                                        line.vatTreatment()), invoice.id(), clock.instant()))
                        .then());
    }
}
