package com.storageplatform.billing.subscription;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.calendar.WorkingDays;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.subscription.BillingPeriods.Period;
import com.storageplatform.billing.subscription.PeriodLines.Bill;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.Subscription.PendingRenewalChange;
import com.storageplatform.billing.subscription.Subscription.Promotion;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Invoices one plan's periods that have come, in the caller's transaction, the plan's row locked: each period
 * once ({@link BilledPeriods#record}), in advance, a bridge when a renewal-date move starts, up to the plan's last
 * day. Also moves the plan through its dates: {@code pending} to {@code active} on its start date, a cancelled
 * plan to {@code ended} after its last day.
 */
@Component
class PlanBilling {

    /** At most this many periods billed for one plan in one go (a plan far behind catches up over several runs). */
    static final int MAX_PERIODS = 60;

    private final SubscriptionRepository plans;
    private final BilledPeriods periods;
    private final SubscriptionEvents events;
    private final IssuedInvoices issued;
    private final BacsTimeline timeline;
    private final PriceIncreases increases;
    private final Clock clock;

    PlanBilling(SubscriptionRepository plans, BilledPeriods periods, SubscriptionEvents events,
            IssuedInvoices issued, WorkingDays workingDays, PriceIncreases increases, Clock clock) {
        this.plans = plans;
        this.periods = periods;
        this.events = events;
        this.issued = issued;
        this.increases = increases;
        this.timeline = new BacsTimeline(workingDays);
        this.clock = clock;
    }

    /** What one go at a plan did: the invoices it issued (to collect once committed) and the plan as it left it. */
    record Outcome(Plan plan, List<Invoice> invoices) {
    }

    /**
     * The plan's charges and promotion as the latest period billed read them (the promotion counted with that
     * period), so {@code subscription.updated} is published without reading them again; a run changes neither
     * otherwise. {@code promotion} is null until a period has read it, {@code Optional.empty()} for none. And the
     * plan's scheduled price increase, read once when the plan is locked, null once settled (or if none).
     */
    private static final class Read {
        List<Item> charges;
        Optional<Promotion> promotion;
        PriceIncrease increase;

        Read(PriceIncrease increase) {
            this.increase = increase;
        }

        boolean complete() {
            return charges != null && promotion != null;
        }
    }

    /**
     * Brings the plan up to {@code today} (its site's today): each period that has come billed, a price increase
     * whose effective date has come applied (before the first period starting on or after that date is billed).
     */
    Mono<Outcome> bringUpToDate(Caller caller, UUID planId, LocalDate today) {
        return plans.planForUpdate(caller.accountId(), planId)
                .flatMap(plan -> increases.scheduled(caller, plan.id()).flatMap(scheduled -> {
                    Plan started = start(plan, today);
                    List<Invoice> invoices = new ArrayList<>();
                    Read read = new Read(scheduled.orElse(null));
                    return billDue(caller, started, today, invoices, read, 0)
                            .flatMap(billed -> priced(caller, billed, today, read))
                            .flatMap(billed -> {
                                Plan ended = end(billed, today);
                                if (ended.equals(plan)) {
                                    return Mono.just(new Outcome(plan, invoices));
                                }
                                return plans.save(caller.accountId(), ended)
                                        .then(read.complete()
                                                ? events.publish(caller, SubscriptionEvents.UPDATED,
                                                        SubscriptionRepository.toSubscription(ended, read.charges,
                                                                read.promotion.orElse(null)))
                                                : events.publish(caller, SubscriptionEvents.UPDATED, plan.id()))
                                        .thenReturn(new Outcome(ended, invoices));
                            });
                }));
    }

    /** The plan with its scheduled increase settled, once its effective date has come by {@code upTo}. */
    private Mono<Plan> priced(Caller caller, Plan plan, LocalDate upTo, Read read) {
        PriceIncrease scheduled = read.increase;
        if (scheduled == null || scheduled.effectiveDate().isAfter(upTo)) {
            return Mono.just(plan);
        }
        read.increase = null;
        return increases.settleDue(caller, plan, scheduled);
    }

    private Plan start(Plan plan, LocalDate today) {
        if (!Subscription.PENDING.equals(plan.status()) || plan.startDate().isAfter(today)) {
            return plan;
        }
        Instant now = clock.instant();
        return plan.edit().status(Subscription.ACTIVE).startedAt(now).updatedAt(now).build();
    }

    private Plan end(Plan plan, LocalDate today) {
        if (!Subscription.CANCELLED.equals(plan.status()) || plan.endsOn() == null
                || !plan.endsOn().isBefore(today)) {
            return plan;
        }
        Instant now = clock.instant();
        return plan.edit().status(Subscription.ENDED).endedAt(now).updatedAt(now).build();
    }

    /** Bills the next period while it has come, one after the other. */
    private Mono<Plan> billDue(Caller caller, Plan plan, LocalDate today, List<Invoice> invoices, Read read,
            int billed) {
        boolean due = Subscription.BILLING.contains(plan.status()) && !plan.nextBillingDate().isAfter(today)
                && (plan.endsOn() == null || !plan.nextBillingDate().isAfter(plan.endsOn()));
        if (!due || billed >= MAX_PERIODS) {
            return Mono.just(plan);
        }
        // A period is billed at the licence fee in force on its first day.
        return priced(caller, plan, plan.nextBillingDate(), read).flatMap(priced -> {
            PendingRenewalChange change = priced.pendingRenewalChange();
            Mono<Plan> next = change != null && change.bridgeStart().equals(priced.nextBillingDate())
                    ? bridge(caller, priced, change, invoices, read)
                    : period(caller, priced, invoices, read);
            return next.flatMap(after -> billDue(caller, after, today, invoices, read, billed + 1));
        });
    }

    private Mono<Plan> period(Caller caller, Plan plan, List<Invoice> invoices, Read read) {
        Period full = BillingPeriods.periodFrom(plan.nextBillingDate(), plan.billingInterval(),
                plan.intervalCount(), plan.anchorDay());
        Period period = BillingPeriods.finalPeriod(full, plan.endsOn());
        UUID accountId = caller.accountId();
        return Mono.zip(plans.charges(accountId, plan.id()).collectList(),
                        plans.promotion(accountId, plan.id()).map(Optional::of).defaultIfEmpty(Optional.empty()),
                        periods.waiting(accountId, plan.id()))
                .flatMap(found -> {
                    Optional<Promotion> current = found.getT2();
                    Promotion promotion = current.filter(Promotion::hasPeriodsLeft).orElse(null);
                    Bill bill = PeriodLines.of(plan, found.getT1(), promotion, period, found.getT3());
                    UUID applied = bill.discounted() ? promotion.id() : null;
                    read.charges = found.getT1();
                    read.promotion = current;
                    return invoice(caller, plan, BilledPeriods.PERIOD, period, bill, applied, invoices)
                            .flatMap(invoice -> {
                                if (applied != null) {
                                    read.promotion = Optional.of(promotion.countedOnce());
                                }
                                return found.getT3().isEmpty() ? Mono.<Void>empty()
                                        : periods.billWaiting(accountId, plan.id(), invoice.id());
                            })
                            .thenReturn(advanced(plan, period, period.end().plusDays(1), plan.anchorDay()));
                });
    }

    private Mono<Plan> bridge(Caller caller, Plan plan, PendingRenewalChange change, List<Invoice> invoices,
            Read read) {
        Period period = new Period(change.bridgeStart(), change.bridgeEnd(), change.bridgeDays(),
                BillingPeriods.periodFrom(change.bridgeStart(), plan.billingInterval(), plan.intervalCount(),
                        plan.anchorDay()).fullDays());
        return plans.charges(caller.accountId(), plan.id()).collectList()
                .doOnNext(charges -> read.charges = charges)
                .flatMap(charges -> invoice(caller, plan, BilledPeriods.BRIDGE, period,
                        PeriodLines.of(plan, charges, null, period, List.of()), null, invoices))
                .then(Mono.fromSupplier(() -> advanced(plan, period, change.newPeriodStart(), change.newAnchorDay())
                        .edit()
                        .pendingRenewalChange(null).build()));
    }

    private Plan advanced(Plan plan, Period period, LocalDate next, int anchorDay) {
        return plan.edit().currentPeriodStart(period.start()).currentPeriodEnd(period.end()).nextBillingDate(next)
                .anchorDay(anchorDay).updatedAt(clock.instant()).build();
    }

    /** Issues the period's invoice under its exactly-once key; a period already invoiced is left as it is. */
    private Mono<Invoice> invoice(Caller caller, Plan plan, String kind, Period period, Bill bill,
            UUID promotionId, List<Invoice> invoices) {
        UUID invoiceId = Ids.newId();
        Instant now = clock.instant();
        return periods.record(caller.accountId(), plan.id(), kind, period.start(), period.end(), invoiceId,
                        promotionId, now)
                .flatMap(first -> !first ? Mono.empty()
                        : issued.issueForPlan(caller, invoiceId, new IssuedInvoices.Issue(plan.contactId(),
                                        plan.currency(), Invoice.SOURCE_BILLING_RUN, null,
                                        describe(kind, period), bill.lines(), 0, collectionMethod(plan),
                                        dueDate(plan, period)), plan.id())
                                .doOnNext(invoices::add));
    }

    private static String describe(String kind, Period period) {
        return (BilledPeriods.BRIDGE.equals(kind) ? "Renewal date move " : "Storage ") + period.start() + " to "
                + period.end();
    }

    /** How the invoice is collected: the plan's rail, or offline (left open) when it is not collected. */
    static String collectionMethod(Plan plan) {
        return plan.collectionWaived() || plan.standingOrder() ? Invoice.OFFLINE : plan.defaultRail();
    }

    /** Due on the period's first day; by Direct Debit on the first day the bank can debit after notice. */
    private LocalDate dueDate(Plan plan, Period period) {
        if (!Invoice.BACS_DD.equals(collectionMethod(plan))) {
            return period.start();
        }
        LocalDate earliest = timeline.earliestChargeDate(BacsTimeline.requestDay(clock.instant()));
        return earliest.isAfter(period.start()) ? earliest : timeline.dueDate(period.start());
    }

    /**
     * The charges waiting for the plan's next invoice billed at once, on an invoice of their own (a cancellation);
     * empty when none wait.
     */
    Mono<Invoice> billWaitingNow(Caller caller, Plan plan, LocalDate today) {
        return periods.waiting(caller.accountId(), plan.id())
                .filter(waiting -> !waiting.isEmpty())
                .flatMap(waiting -> {
                    Period day = new Period(today, today, 1, 1);
                    Plan noFee = plan.edit().hasLicenceFee(false).build();
                    return invoice(caller, plan, BilledPeriods.FINAL, day,
                            PeriodLines.of(noFee, List.of(), null, day, waiting), null, new ArrayList<>())
                            .flatMap(invoice -> periods.billWaiting(caller.accountId(), plan.id(), invoice.id())
                                    .thenReturn(invoice));
                });
    }
}
