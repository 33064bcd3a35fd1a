package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.CaseRepository.OpenCase;
import com.storageplatform.billing.collections.CollectionsEvents.StepTaken;
import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.overlock.Overlocks;
import com.storageplatform.billing.subscription.LateFees;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code dunning}: every open arrears case takes each step of its ladder whose day has come in its account's time
 * zone ({@link DunningRules#dueSteps}), in order, once, with {@code dunning.advanced} for each; one case per
 * transaction with its row locked. Run every hour so that each account's day is dunned soon after it starts there
 * (a step is still taken once a day: its key is the case and the step), and on demand through the admin jobs API.
 *
 * <p>What each step does: {@code reminder} and {@code final_notice} publish only (crm emails the customer from
 * {@code dunning.advanced}); {@code late_fee} charges the fee ({@link LateFees}) when the case is in the account's
 * currency, the ladder's; {@code overlock} asks for an overlock on each of the customer's units with none in force
 * ({@link Overlocks}). Then the lien sale step: each open sale process sends the notices whose day has come
 * ({@link SaleNoticeSweep}).
 */
@Component
class DunningJob implements ScheduledJob {

    static final String NAME = "dunning";
    static final int PAGE = 500;
    private static final UUID FIRST = new UUID(0, 0);
    private static final Logger log = LoggerFactory.getLogger(DunningJob.class);

    private final CaseRepository cases;
    private final AccountSettings settings;
    private final LateFees lateFees;
    private final Overlocks overlocks;
    private final CollectionsEvents events;
    private final SaleNoticeSweep saleNotices;
    private final TransactionalOperator tx;
    private final Clock clock;

    DunningJob(CaseRepository cases, AccountSettings settings, LateFees lateFees, Overlocks overlocks,
            CollectionsEvents events, SaleNoticeSweep saleNotices, TransactionalOperator tx, Clock clock) {
        this.cases = cases;
        this.settings = settings;
        this.lateFees = lateFees;
        this.overlocks = overlocks;
        this.events = events;
        this.saleNotices = saleNotices;
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

    /** {@inheritDoc} Each case advances, and each sale notice is sent, in a transaction of its own (a failure is that case's alone). */
    @Override
    public boolean commitsItsOwnSteps() {
        return true;
    }

    @Override
    public Mono<String> run() {
        return pages(FIRST, FIRST)
                .concatMap(this::advance)
                .reduce(new long[2], (counts, steps) -> {
                    counts[0]++;
                    counts[1] += steps;
                    return counts;
                })
                .flatMap(counts -> saleNotices.run().map(notices -> "looked at " + counts[0] + " cases, took "
                        + counts[1] + " steps, sent " + notices + " sale notices"));
    }

    private Flux<OpenCase> pages(UUID afterAccount, UUID afterId) {
        return cases.openPage(afterAccount, afterId, PAGE).collectList().flatMapMany(page -> {
            if (page.isEmpty()) {
                return Flux.empty();
            }
            OpenCase last = page.get(page.size() - 1);
            Flux<OpenCase> rest = page.size() < PAGE ? Flux.empty()
                    : Flux.defer(() -> pages(last.accountId(), last.id()));
            return Flux.fromIterable(page).concatWith(rest);
        });
    }

    /** The case's due steps taken in one transaction; answers how many. A failure leaves them for the next run. */
    private Mono<Long> advance(OpenCase open) {
        Caller caller = Caller.actingFor(open.accountId(), open.operatorId(), open.environment(), "job:" + NAME,
                "sys_" + open.id().toString().replace("-", ""));
        Mono<Long> steps = settings.of(open.accountId()).flatMap(account -> cases
                .findForUpdate(open.accountId(), open.id())
                .filter(CaseRow::isOpen)
                .flatMap(row -> {
                    LocalDate today = LocalDate.ofInstant(clock.instant(), account.timezone());
                    boolean ladderCurrency = row.currency().equals(account.defaultCurrency());
                    return Flux.fromIterable(DunningRules.dueSteps(row.ladder(), row.lastStep(),
                                    row.oldestDueDate(), today))
                            .concatMap(index -> take(caller, row, index, ladderCurrency, today))
                            .filter(Boolean::booleanValue)
                            .count();
                }));
        return tx.transactional(steps)
                .defaultIfEmpty(0L)
                .onErrorResume(e -> {
                    log.error("Dunning could not advance case {} of account {}; the next run tries again", open.id(),
                            open.accountId(), e);
                    return Mono.just(0L);
                });
    }

    private Mono<Boolean> take(Caller caller, CaseRow row, int index, boolean ladderCurrency, LocalDate today) {
        Step step = row.ladder().get(index);
        Long lateFee = Step.LATE_FEE.equals(step.action()) ? (ladderCurrency ? step.amountMinor() : 0L) : null;
        UUID accountId = caller.accountId();
        return cases.takeStep(accountId, row.id(), index, step, lateFee, today, clock.instant())
                .flatMap(taken -> !taken ? Mono.just(false)
                        : act(caller, row, step, lateFee, today)
                                .then(cases.find(accountId, row.id()))
                                .flatMap(after -> events.advanced(caller, after.view(),
                                        StepTaken.of(index, step, lateFee)))
                                .thenReturn(true));
    }

    private Mono<Void> act(Caller caller, CaseRow row, Step step, Long lateFee, LocalDate today) {
        return switch (step.action()) {
            case Step.LATE_FEE -> lateFee == null || lateFee == 0 ? Mono.empty()
                    : lateFees.charge(caller, row.contactId(), row.currency(), lateFee, today).then();
            case Step.OVERLOCK -> overlocks.requestForCustomer(caller, row.contactId(), row.id())
                    .flatMap(requested -> requested.isEmpty() ? Mono.empty()
                            : cases.setOverlock(caller.accountId(), row.id(), requested.get(0).id(),
                                    clock.instant()));
            default -> Mono.empty();
        };
    }
}
