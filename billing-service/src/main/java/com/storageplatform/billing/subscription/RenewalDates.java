package com.storageplatform.billing.subscription;

import com.storageplatform.billing.subscription.BillingPeriods.Bridge;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.Subscription.PendingRenewalChange;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Moves of a running plan's renewal date. A move is only recorded here ({@code pending_renewal_change}); the billing
 * run bills the bridge on its start, then moves {@code next_billing_date} and {@code anchor_day} and clears it.
 */
@Service
class RenewalDates {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Clock clock;

    RenewalDates(SubscriptionRepository plans, SubscriptionEvents events, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.clock = clock;
    }

    /**
     * The plan with the move pending ({@code subscription.updated}): 409 unless it is active or past due, or while
     * another move is pending; 422 on {@code next_billing_date} outside the period starting on the current one.
     */
    Mono<Subscription> move(Caller caller, UUID id, MoveRenewalDate body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            v.require("next_billing_date", body.nextBillingDate());
            LocalDate newDate = v.optionalDate("next_billing_date", body.nextBillingDate());
            v.orThrow();
            UUID accountId = caller.accountId();
            return plans.planForUpdate(caller, id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(plan -> {
                        Bridge bridge = bridge(plan, newDate);
                        return plans.charges(accountId, id).collectList()
                                .flatMap(charges -> plans.save(accountId, plan.edit()
                                        .pendingRenewalChange(change(plan, charges, bridge))
                                        .updatedAt(clock.instant())
                                        .build()))
                                .then(events.publish(caller, SubscriptionEvents.UPDATED, id));
                    });
        });
    }

    /** The plan without its pending move ({@code subscription.updated}); with none, the plan as it is. */
    Mono<Subscription> cancel(Caller caller, UUID id) {
        UUID accountId = caller.accountId();
        return plans.planForUpdate(caller, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(plan -> plan.pendingRenewalChange() == null ? plans.view(accountId, plan)
                        : plans.save(accountId, plan.edit().pendingRenewalChange(null).updatedAt(clock.instant())
                                        .build())
                                .then(events.publish(caller, SubscriptionEvents.UPDATED, id)));
    }

    /** The bridge to {@code newDate}, or why the plan's renewal date cannot move there. */
    private static Bridge bridge(Plan plan, LocalDate newDate) {
        if (!Subscription.ACTIVE.equals(plan.status()) && !Subscription.PAST_DUE.equals(plan.status())) {
            throw ApiException.conflict("Subscription " + plan.id() + " is " + plan.status()
                    + "; only an active or past-due plan's renewal date can move.");
        }
        if (plan.pendingRenewalChange() != null) {
            throw ApiException.conflict("Subscription " + plan.id() + " already has its renewal date moving to "
                    + plan.pendingRenewalChange().newPeriodStart() + "; cancel that move first (DELETE "
                    + "/v1/subscriptions/" + plan.id() + "/renewal-date).");
        }
        String interval = plan.billingInterval();
        LocalDate from = plan.nextBillingDate();
        if (!BillingPeriods.isBillingDate(from, interval, plan.anchorDay())) {
            // A first part period up to the anchor: there is no full period starting on it to bridge inside.
            throw ApiException.conflict("Subscription " + plan.id() + " is next billed on " + from
                    + ", off its anchor day " + plan.anchorDay() + "; its renewal date can move once it bills on its"
                    + " anchor.");
        }
        String refusal = BillingPeriods.bridgeRefusal(from, newDate, interval, plan.intervalCount(),
                plan.anchorDay());
        if (refusal != null) {
            throw ApiException.invalid("next_billing_date", refusal, "next_billing_date must be after " + from
                    + " (the plan's next billing date) and before "
                    + BillingPeriods.nextBillingDate(from, interval, plan.intervalCount(), plan.anchorDay())
                    + " (the billing date after it).");
        }
        return BillingPeriods.bridge(from, newDate, interval, plan.intervalCount(), plan.anchorDay());
    }

    /**
     * The pending move: the bridge and what it bills, the licence fee and each repeating charge or cover running on
     * the bridge's first day, each prorated on its own (as each is its own invoice line) and then added up.
     */
    private static PendingRenewalChange change(Plan plan, List<Item> charges, Bridge bridge) {
        long amount = plan.hasLicenceFee() ? prorated(plan.amountMinor(), bridge) : 0;
        LocalDate start = bridge.bridgeStart();
        for (Item charge : charges) {
            boolean running = (charge.startsOn() == null || !charge.startsOn().isAfter(start))
                    && (charge.endsOn() == null || !charge.endsOn().isBefore(start));
            if (running) {
                amount += prorated(charge.amountMinor() * charge.quantity(), bridge);
            }
        }
        return new PendingRenewalChange(bridge.bridgeStart(), bridge.bridgeEnd(), bridge.newPeriodStart(),
                bridge.newAnchorDay(), bridge.bridgeDays(), amount);
    }

    private static long prorated(long amountMinor, Bridge bridge) {
        return BillingPeriods.prorate(amountMinor, bridge.bridgeDays(), bridge.fullDays());
    }
}
