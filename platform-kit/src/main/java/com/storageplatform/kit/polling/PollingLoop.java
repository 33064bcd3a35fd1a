package com.storageplatform.kit.polling;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.NestedExceptionUtils;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A background loop: it takes a {@link #turn()} at start, every {@code interval}, and whenever its
 * {@link WakeUpSignal} wakes it. One turn runs at a time; ticks and wake-ups that come during a turn coalesce into
 * one more turn after it, so a burst of wake-ups never queues up turns. A failed turn is logged and the loop goes
 * on. Work a turn starts and leaves running ({@link #launch}) is the loop's too: {@link #stop()} ends the loop and
 * cancels that work.
 */
public abstract class PollingLoop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PollingLoop.class);

    private final String name;
    private final Duration interval;
    private final WakeUpSignal signal;
    private volatile Disposable loop;
    private volatile Disposable.Composite launched = Disposables.composite();

    /** {@code name} says in the log whose turn failed. */
    protected PollingLoop(String name, Duration interval, WakeUpSignal signal) {
        this.name = name;
        this.interval = interval;
        this.signal = signal;
    }

    /** One round of work; the next turn starts only when it completes. */
    protected abstract Mono<?> turn();

    @Override
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        if (launched.isDisposed()) {
            launched = Disposables.composite();
        }
        // Ticks nobody is ready for are dropped, never an overflow error that would end the loop; with no prefetch,
        // what comes during a turn is held as one latest wake-up, which the next turn answers.
        loop = Flux.merge(Flux.interval(Duration.ZERO, interval).onBackpressureDrop().map(tick -> Boolean.TRUE),
                        signal.wakeups())
                .onBackpressureLatest()
                .concatMap(wakeup -> Mono.defer(this::turn)
                        .onErrorResume(failure -> {
                            // The cause alone: a whole failure may quote a statement, several times a second.
                            log.warn("A turn of the {} failed: {}", name,
                                    NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
                            return Mono.empty();
                        }), 0)
                .subscribe();
    }

    /**
     * Runs {@code work} in the background, outside any turn, until it ends or the loop stops (which cancels it).
     * Work launched while the loop is stopped is cancelled at once.
     */
    protected final void launch(Mono<?> work) {
        Disposable.Composite running = launched;
        AtomicReference<Disposable> self = new AtomicReference<>();
        Disposable subscription = work
                .doFinally(signalType -> {
                    Disposable ended = self.get();
                    if (ended != null) {
                        running.remove(ended);
                    }
                })
                .subscribe(null, failure -> log.warn("Work of the {} failed: {}", name,
                        NestedExceptionUtils.getMostSpecificCause(failure).getMessage()));
        self.set(subscription);
        if (!running.add(subscription)) {
            subscription.dispose();
        } else if (subscription.isDisposed()) {
            // It ended before it was added, so the removal at its end found nothing to remove.
            running.remove(subscription);
        }
    }

    /** How much launched work is still running. */
    protected final int launchedRunning() {
        return launched.size();
    }

    @Override
    public synchronized void stop() {
        Disposable running = loop;
        if (running != null) {
            running.dispose();
        }
        launched.dispose();
    }

    @Override
    public boolean isRunning() {
        Disposable running = loop;
        return running != null && !running.isDisposed();
    }
}
