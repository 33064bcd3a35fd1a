package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.time.Dates;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Commerce's agreement changes on the agreement's plans (the spec's agreement PATCH rules; commerce stays the source
 * of the move-in date): a new {@code move_in_date} moves the repeating charges that started on the old one, and a
 * plan not yet invoiced starts (and first bills) on the new date; a termination ends each plan on the agreement's
 * {@code end_date} (cancelled until then, {@code subscription.cancelled}; one that never started ends at once). The
 * cover's own dates move by commerce's {@code cover.*} events ({@link PlanCovers}).
 */
@Component
class PlanAgreements implements EventHandler {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Clock clock;

    PlanAgreements(SubscriptionRepository plans, SubscriptionEvents events, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("agreement.updated", "agreement.terminated");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode agreement = event.data();
        UUID agreementId = EventData.id(agreement, "id");
        if (agreementId == null || event.accountId() == null) {
            return Mono.empty();
        }
        Caller caller = event.actingCaller();
        boolean terminated = "agreement.terminated".equals(event.type());
        LocalDate moveIn = date(agreement, "move_in_date");
        LocalDate endDate = date(agreement, "end_date");
        return plans.plansOfAgreementForUpdate(caller.accountId(), agreementId)
                .filter(plan -> !Subscription.ENDED.equals(plan.status())
                        && !Subscription.CANCELLED.equals(plan.status()))
                .concatMap(plan -> terminated && endDate != null ? end(caller, plan, endDate)
                        : moveIn != null && !moveIn.equals(plan.startDate()) ? moveIn(caller, plan, moveIn)
                        : Mono.empty())
                .then();
    }

    private Mono<Void> moveIn(Caller caller, Plan plan, LocalDate moveIn) {
        LocalDate old = plan.startDate();
        Instant now = clock.instant();
        Flux<Void> charges = plans.charges(caller.accountId(), plan.id())
                .filter(charge -> charge.coverId() == null && old.equals(charge.startsOn()))
                .concatMap(charge -> plans.saveCharge(caller.accountId(), plan.id(),
                        Charges.withDates(charge, moveIn, charge.endsOn()), now));
        Plan.Builder moved = plan.edit().updatedAt(now);
        if (plan.currentPeriodEnd() == null) {
            moved.startDate(moveIn);
            if (plan.nextBillingDate().equals(old)) {
                moved.nextBillingDate(moveIn);
                if (plan.anchorDay() == BillingPeriods.anchorDayOf(plan.billingInterval(), old)) {
                    moved.anchorDay(BillingPeriods.anchorDayOf(plan.billingInterval(), moveIn));
                }
            }
        }
        return charges.then(plans.save(caller.accountId(), moved.build()))
                .then(events.publish(caller, SubscriptionEvents.UPDATED, plan.id()))
                .then();
    }

    /** Ends the plan on the agreement's last day: it bills up to it, then ends. */
    private Mono<Void> end(Caller caller, Plan plan, LocalDate lastDay) {
        Instant now = clock.instant();
        boolean neverStarted = Subscription.PENDING.equals(plan.status()) && lastDay.isBefore(plan.startDate());
        Plan ended = plan.edit()
                .status(neverStarted ? Subscription.ENDED : Subscription.CANCELLED)
                .endsOn(plan.endsOn() == null || plan.endsOn().isAfter(lastDay) ? lastDay : plan.endsOn())
                .cancelledAt(now).endedAt(neverStarted ? now : null).pendingRenewalChange(null).updatedAt(now)
                .build();
        Flux<Void> charges = plans.charges(caller.accountId(), plan.id())
                .filter(charge -> charge.endsOn() == null || charge.endsOn().isAfter(lastDay))
                .concatMap(charge -> plans.saveCharge(caller.accountId(), plan.id(),
                        Charges.withDates(charge, charge.startsOn(), lastDay), now));
        return charges.then(plans.save(caller.accountId(), ended))
                .then(events.publish(caller, SubscriptionEvents.CANCELLED, plan.id()))
                .then();
    }

    private static LocalDate date(JsonNode node, String field) {
        return Dates.parseDate(node.path(field).asString(null)).orElse(null);
    }

}
