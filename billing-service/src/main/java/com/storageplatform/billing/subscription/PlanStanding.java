package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code past_due} while one of a plan's invoices is {@code overdue}, and {@code active} again when none is
 * (conventions.md). Read from billing's own {@code invoice.*} events, so every path that moves an invoice (the
 * overdue sweep, a payment, a void, a write-off, a credit note) moves its plan without knowing plans exist; the plan's
 * row is locked and the invoices counted afresh, so events out of order or repeated settle on the same answer.
 */
@Component
class PlanStanding implements EventHandler {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final InvoiceLedger ledger;
    private final Clock clock;

    PlanStanding(SubscriptionRepository plans, SubscriptionEvents events, InvoiceLedger ledger, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.ledger = ledger;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("invoice.updated", "invoice.paid", "invoice.voided", "invoice.written_off",
                "invoice.payment_failed");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID planId = EventData.id(event.data(), "subscription_id");
        if (planId == null || event.accountId() == null) {
            return Mono.empty();
        }
        return refresh(event.actingCaller(), planId);
    }

    /** The plan's status as its invoices now say; {@code subscription.updated} when it moves. */
    Mono<Void> refresh(Caller caller, UUID planId) {
        return plans.planForUpdate(caller.accountId(), planId)
                .filter(Plan::isRunning)
                .flatMap(plan -> ledger.planHasOverdue(caller.accountId(), planId).flatMap(overdue -> {
                    String status = overdue ? Subscription.PAST_DUE : Subscription.ACTIVE;
                    if (status.equals(plan.status())) {
                        return Mono.empty();
                    }
                    Instant now = clock.instant();
                    return plans.save(caller.accountId(), plan.edit().status(status).updatedAt(now).build())
                            .then(events.publish(caller, SubscriptionEvents.UPDATED, planId));
                }))
                .then();
    }
}
