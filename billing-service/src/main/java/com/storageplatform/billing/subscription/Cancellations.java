package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.payment.InvoiceCollections;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * {@code POST /v1/subscriptions/{id}/cancel}: the plan bills up to {@code effective_date} and then ends. At once, the
 * charges waiting for its next invoice are billed on an invoice of their own, with its late fees unless another plan
 * of the agreement still runs to bill them; the cover ends on the last day an invoice still stands for (or the
 * effective date, when the plan bills up to it still).
 */
@Service
class Cancellations {

    private static final Logger log = LoggerFactory.getLogger(Cancellations.class);

    private final SubscriptionRepository plans;
    private final BilledPeriods periods;
    private final PlanBilling billing;
    private final PlanCovers covers;
    private final InvoiceCollections collections;
    private final SubscriptionEvents events;
    private final Records records;
    private final Clock clock;

    Cancellations(SubscriptionRepository plans, BilledPeriods periods, PlanBilling billing, PlanCovers covers,
            InvoiceCollections collections, SubscriptionEvents events, Records records, Clock clock) {
        this.plans = plans;
        this.periods = periods;
        this.billing = billing;
        this.covers = covers;
        this.collections = collections;
        this.events = events;
        this.records = records;
        this.clock = clock;
    }

    Mono<Subscription> cancel(Caller caller, UUID id, CancelSubscription body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            String sent = body == null ? null : body.effectiveDate();
            v.require("effective_date", sent);
            LocalDate effective = v.optionalDate("effective_date", sent);
            v.orThrow();
            UUID accountId = caller.accountId();
            return plans.planForUpdate(caller, id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(plan -> {
                        if (Subscription.CANCELLED.equals(plan.status()) || Subscription.ENDED.equals(plan.status())) {
                            return Mono.error(ApiException.conflict("This plan is " + plan.status()
                                    + " already (its last day is " + plan.endsOn() + ")."));
                        }
                        return began(accountId, plan).flatMap(began -> {
                            if (effective.isBefore(began)) {
                                throw ApiException.invalid("effective_date", FieldIssue.BELOW_MINIMUM,
                                        "The plan began on " + began + "; it cannot end before it began.");
                            }
                            return cancelled(caller, plan, effective);
                        });
                    });
        });
    }

    /** The day the plan began: its agreement's move-in date, else its own start date. */
    private Mono<LocalDate> began(UUID accountId, Plan plan) {
        Mono<LocalDate> moveIn = plan.agreementId() == null ? Mono.empty()
                : records.agreement(accountId, plan.agreementId()).flatMap(agreement ->
                        Mono.justOrEmpty(Dates.parseDate(agreement.path("move_in_date").asString(null))));
        return moveIn.defaultIfEmpty(plan.startDate());
    }

    private Mono<Subscription> cancelled(Caller caller, Plan plan, LocalDate effective) {
        UUID accountId = caller.accountId();
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, ZoneId.of(plan.timezone()));
        Plan cancelled = plan.edit().status(Subscription.CANCELLED).cancelledAt(now).endsOn(effective)
                .pendingRenewalChange(null).updatedAt(now).build();
        return otherRunningPlan(accountId, plan)
                .flatMap(other -> periods.moveLateFees(accountId, plan.id(), other))
                .then(periods.lastDayStanding(accountId, plan.id()).defaultIfEmpty(effective))
                .flatMap(lastStanding -> covers.endOn(accountId, plan,
                        lastStanding.isAfter(effective) ? lastStanding : effective).then())
                .then(plans.save(accountId, cancelled))
                .then(billing.billWaitingNow(caller, cancelled, today)
                        .flatMap(invoice -> collect(caller, cancelled, invoice.id())))
                .then(events.publish(caller, SubscriptionEvents.CANCELLED, plan.id()));
    }

    private Mono<UUID> otherRunningPlan(UUID accountId, Plan plan) {
        if (plan.agreementId() == null) {
            return Mono.empty();
        }
        return plans.plansOfAgreementForUpdate(accountId, plan.agreementId())
                .filter(other -> !other.id().equals(plan.id()) && (other.isRunning()
                        || Subscription.PENDING.equals(other.status())))
                .map(Plan::id)
                .next();
    }

    private Mono<Void> collect(Caller caller, Plan plan, UUID invoiceId) {
        String method = PlanBilling.collectionMethod(plan);
        if (!plan.autoCollect() || "offline".equals(method)) {
            return Mono.empty();
        }
        return collections.collect(caller, invoiceId, method, plan.paymentMethodId(), plan.mandateId()).then()
                .onErrorResume(ApiException.class, refused -> {
                    return TraceLogs.log(() -> log.warn(
                            "Final invoice {} of plan {} left open: {}", invoiceId, plan.id(), refused.getMessage()));
                });
    }
}
