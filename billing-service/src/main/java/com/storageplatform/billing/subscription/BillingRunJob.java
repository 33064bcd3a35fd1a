package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.payment.InvoiceCollections;
import com.storageplatform.billing.subscription.BilledPeriods.Due;
import com.storageplatform.billing.subscription.PlanBilling.Outcome;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.jobs.ScheduledJob;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code billing-run}, every hour (so each site's day is billed soon after it starts in its own time zone), and on
 * demand through the admin jobs API: every plan whose next billing date has come at its site is invoiced for each
 * period that has come ({@link PlanBilling}), one plan per transaction, then each new invoice is collected by the
 * plan's rail in a transaction of its own. The same sweep starts pending plans on their start date and ends
 * cancelled ones after their last day.
 *
 * <p>Exactly once: a period's key ({@link BilledPeriods#record}) is written with its invoice, and the plan's row is
 * locked while it is billed, so a repeated run, a run that stopped half-way, and two replicas running at once each
 * find the periods already invoiced and move on. Plans are read a page at a time in key order, so a run holds one
 * page however many plans there are.
 */
@Component
class BillingRunJob implements ScheduledJob {

    static final String NAME = "billing-run";
    static final int PAGE = 500;
    /** Plans billed at once: each is its own transaction. */
    static final int CONCURRENCY = 4;
    /** The earliest UTC offset in use (Line Islands): no site's today is later than today there. */
    private static final ZoneOffset EARLIEST_OFFSET = ZoneOffset.ofHours(14);
    private static final UUID FIRST = new UUID(0, 0);
    private static final Logger log = LoggerFactory.getLogger(BillingRunJob.class);

    private final BilledPeriods periods;
    private final PlanBilling billing;
    private final InvoiceCollections collections;
    private final TransactionalOperator tx;
    private final Clock clock;

    BillingRunJob(BilledPeriods periods, PlanBilling billing, InvoiceCollections collections,
            TransactionalOperator tx, Clock clock) {
        this.periods = periods;
        this.billing = billing;
        this.collections = collections;
        this.tx = tx;
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration interval() {
        return Duration.ofHours(1);
    }

    /** {@inheritDoc} Each plan is billed, and each invoice collected, in a transaction of its own (a failure is that plan's alone). */
    @Override
    public boolean commitsItsOwnSteps() {
        return true;
    }

    @Override
    public Mono<String> run() {
        return billDue()
                .reduce(new long[2], (counts, outcome) -> {
                    counts[0]++;
                    counts[1] += outcome.invoices().size();
                    return counts;
                })
                .map(counts -> "looked at " + counts[0] + " plans, issued " + counts[1] + " invoices");
    }

    /** Each plan brought up to date, as it is done; cancelling the flux starts no further plan. */
    Flux<Outcome> billDue() {
        LocalDate latestToday = LocalDate.ofInstant(clock.instant(), EARLIEST_OFFSET);
        return pages(latestToday, FIRST, FIRST)
                .flatMapSequential(this::bill, CONCURRENCY);
    }

    private Flux<Due> pages(LocalDate latestToday, UUID afterAccount, UUID afterPlan) {
        return periods.duePage(latestToday, afterAccount, afterPlan, PAGE).collectList()
                .flatMapMany(page -> {
                    if (page.isEmpty()) {
                        return Flux.empty();
                    }
                    Due last = page.get(page.size() - 1);
                    Flux<Due> rest = page.size() < PAGE ? Flux.empty()
                            : Flux.defer(() -> pages(latestToday, last.accountId(), last.planId()));
                    return Flux.fromIterable(page).concatWith(rest);
                });
    }

    /**
     * Bills one plan, then collects what it issued, each in a transaction of its own. Once begun, a plan is finished
     * even when the run is cancelled (the admin API's bound on a run, a service stopping): cancelled between its two
     * transactions, it would leave its period billed and its invoice issued but never collected, since no later run
     * bills that period again.
     */
    private Mono<Outcome> bill(Due due) {
        Caller caller = Caller.actingFor(due.accountId(), due.operatorId(), due.environment(), "job:" + NAME,
                "sys_" + due.planId().toString().replace("-", ""));
        LocalDate today = LocalDate.now(clock.withZone(ZoneId.of(due.timezone())));
        Mono<Outcome> billAndCollect = tx.transactional(billing.bringUpToDate(caller, due.planId(), today))
                .flatMap(outcome -> Flux.fromIterable(outcome.invoices())
                        .concatMap(invoice -> collect(caller, outcome.plan(), invoice))
                        .then(Mono.just(outcome)))
                .onErrorResume(e -> {
                    log.error("Billing run could not bill plan {} of account {}; the next run tries again",
                            due.planId(), due.accountId(), e);
                    return Mono.empty();
                });
        return Mono.deferContextual(context -> Mono.fromFuture(
                () -> billAndCollect.contextWrite(context).toFuture(), true));
    }

    /** Collects a new invoice by the plan's rail, unless the plan is not collected; a refusal leaves it open. */
    private Mono<Void> collect(Caller caller, Plan plan, Invoice invoice) {
        String method = PlanBilling.collectionMethod(plan);
        if (!plan.autoCollect() || Invoice.OFFLINE.equals(method)) {
            return Mono.empty();
        }
        return tx.transactional(collections.collect(caller, invoice.id(), method, plan.paymentMethodId(),
                        plan.mandateId()))
                .then()
                .onErrorResume(ApiException.class, refused -> {
                    log.warn("Invoice {} of plan {} left open: {}", invoice.id(), plan.id(), refused.getMessage());
                    return Mono.empty();
                });
    }
}
