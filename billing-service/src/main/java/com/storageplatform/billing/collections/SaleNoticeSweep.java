package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.SaleProcessRepository.DueProcess;
import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The lien sale step of the {@code dunning} job: each open sale process sends every notice whose day has come in
 * its account's time zone and that it has not sent ({@code sale_process.notice_due}), each once, one process per
 * transaction with its row locked. A job that did not run for days sends the missed notices oldest first.
 */
@Component
class SaleNoticeSweep {

    static final int PAGE = 500;
    private static final UUID FIRST = new UUID(0, 0);
    private static final Logger log = LoggerFactory.getLogger(SaleNoticeSweep.class);

    private final SaleProcessRepository processes;
    private final SaleProcesses sales;
    private final AccountSettings settings;
    private final TransactionalOperator tx;
    private final Clock clock;

    SaleNoticeSweep(SaleProcessRepository processes, SaleProcesses sales, AccountSettings settings,
            TransactionalOperator tx, Clock clock) {
        this.processes = processes;
        this.sales = sales;
        this.settings = settings;
        this.tx = tx;
        this.clock = clock;
    }

    /** Sends the notices due; answers how many went out. */
    Mono<Long> run() {
        // The latest day of any time zone (UTC+14): each process's own day is judged in its account's zone.
        LocalDate latest = LocalDate.ofInstant(clock.instant(), ZoneOffset.ofHours(14));
        return pages(latest, FIRST, FIRST).concatMap(this::send).reduce(0L, Long::sum);
    }

    private Flux<DueProcess> pages(LocalDate latest, UUID afterAccount, UUID afterId) {
        return processes.duePage(latest, afterAccount, afterId, PAGE).collectList().flatMapMany(page -> {
            if (page.isEmpty()) {
                return Flux.empty();
            }
            DueProcess last = page.get(page.size() - 1);
            Flux<DueProcess> rest = page.size() < PAGE ? Flux.empty()
                    : Flux.defer(() -> pages(latest, last.accountId(), last.id()));
            return Flux.fromIterable(page).concatWith(rest);
        });
    }

    private Mono<Long> send(DueProcess due) {
        Caller caller = Caller.actingFor(due.accountId(), due.operatorId(), due.environment(),
                "job:" + DunningJob.NAME, "sys_" + due.id().toString().replace("-", ""));
        Mono<Long> sent = settings.of(due.accountId()).flatMap(account -> sales.sendDue(caller, due.id(),
                LocalDate.ofInstant(clock.instant(), account.timezone())));
        return tx.transactional(sent)
                .defaultIfEmpty(0L)
                .onErrorResume(e -> {
                    log.error("Could not send the notices of sale process {} of account {}; the next run tries "
                            + "again", due.id(), due.accountId(), e);
                    return Mono.just(0L);
                });
    }
}
