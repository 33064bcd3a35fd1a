package com.storageplatform.kit.polling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A {@link PollingLoop} that works through a table of due items other replicas share (messages to hand to a
 * provider, commands for a gate system, pushes to an accounting system): each turn claims up to {@code batch} due
 * items for {@code lease} (the subclass's {@code FOR UPDATE SKIP LOCKED} claim, which sets their lease), handles up
 * to {@code concurrency} at once, and takes another turn at once when it handled any, so a queue longer than a
 * batch drains without waiting for the next tick. An item whose handling fails is logged and left leased: another
 * turn, here or in another replica, tries it again once its lease ends. Handling is outside any transaction; the
 * subclass records each outcome in a short one of its own.
 */
public abstract class LeasedWorkLoop<T> extends PollingLoop {

    private static final Logger log = LoggerFactory.getLogger(LeasedWorkLoop.class);

    private final WakeUpSignal signal;
    private final Clock clock;
    private final Duration lease;
    private final int batch;
    private final int concurrency;

    /**
     * @param name     says in the log whose turn or item failed ("message sender")
     * @param interval how often it looks for due items besides being woken
     */
    protected LeasedWorkLoop(String name, Duration interval, WakeUpSignal signal, Clock clock, Duration lease,
            int batch, int concurrency) {
        super(name, interval, signal);
        this.signal = signal;
        this.clock = clock;
        this.lease = lease;
        this.batch = batch;
        this.concurrency = concurrency;
    }

    /** Claims up to {@code batch} items due at {@code now}, each leased until {@code leaseEnds}. */
    protected abstract Flux<T> claimDue(Instant now, Instant leaseEnds, int batch);

    /** Handles one claimed item and records its outcome. */
    protected abstract Mono<?> handle(T item);

    /** The item in the log: its id, kind and account, never its content ("command 0190... (issue_credential)"). */
    protected abstract String describe(T item);

    @Override
    protected final Mono<?> turn() {
        Instant now = clock.instant();
        return claimDue(now, now.plus(lease), batch)
                .flatMap(item -> handle(item).then(Mono.just(item)).onErrorResume(failure -> {
                    // The cause alone: a whole failure may quote a statement.
                    log.warn("{} could not be handled: {}; tried again once its lease ends", describe(item),
                            NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
                    return Mono.just(item);
                }), concurrency)
                .count()
                .doOnNext(handled -> {
                    if (handled > 0) {
                        signal.wake();
                    }
                });
    }
}
