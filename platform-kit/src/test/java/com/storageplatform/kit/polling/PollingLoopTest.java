package com.storageplatform.kit.polling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** The kit's background loop: a turn at start, on its interval and on wake-ups; one at a time; never ended by a failure. */
class PollingLoopTest {

    private final WakeUpSignal signal = new WakeUpSignal();
    private final AtomicInteger turns = new AtomicInteger();
    private volatile Mono<?> nextTurn = Mono.empty();
    private Loop loop;

    private final class Loop extends PollingLoop {
        Loop(Duration interval) {
            super("test loop", interval, signal);
        }

        @Override
        protected Mono<?> turn() {
            turns.incrementAndGet();
            return nextTurn;
        }

        void background(Mono<?> work) {
            launch(work);
        }

        int background() {
            return launchedRunning();
        }
    }

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop();
        }
    }

    @Test
    void aTurnIsTakenAtStartOnEachIntervalAndOnEveryWakeUp() {
        loop = new Loop(Duration.ofMillis(100));
        loop.start();
        await(() -> turns.get() >= 3);

        loop.stop();
        turns.set(0);
        loop = new Loop(Duration.ofHours(1));
        loop.start();
        await(() -> turns.get() == 1);
        signal.wake();
        await(() -> turns.get() == 2);
    }

    @Test
    void wakeUpsDuringATurnCoalesceIntoOneMoreTurn() {
        loop = new Loop(Duration.ofHours(1));
        Sinks.Empty<Void> release = Sinks.empty();
        nextTurn = release.asMono();
        loop.start();
        await(() -> turns.get() == 1);
        for (int i = 0; i < 20; i++) {
            signal.wake();
        }
        nextTurn = Mono.empty();
        release.tryEmitEmpty();
        await(() -> turns.get() == 2);
        pause();
        assertThat(turns).as("twenty wake-ups during a turn are one more turn").hasValue(2);
    }

    @Test
    void aFailedTurnIsLoggedAndTheLoopGoesOn() {
        loop = new Loop(Duration.ofHours(1));
        nextTurn = Mono.error(new IllegalStateException("database down"));
        loop.start();
        await(() -> turns.get() == 1);
        nextTurn = Mono.empty();
        signal.wake();
        await(() -> turns.get() == 2);
        assertThat(loop.isRunning()).isTrue();
    }

    @Test
    void stoppingCancelsLaunchedWorkAndTheLoopCanStartAgain() {
        loop = new Loop(Duration.ofHours(1));
        loop.start();
        AtomicBoolean cancelled = new AtomicBoolean();
        loop.background(Mono.never().doOnCancel(() -> cancelled.set(true)));
        loop.background(Mono.empty());
        assertThat(loop.background()).as("finished work is forgotten").isEqualTo(1);

        loop.stop();
        assertThat(cancelled).isTrue();
        assertThat(loop.isRunning()).isFalse();
        AtomicBoolean lateCancelled = new AtomicBoolean();
        loop.background(Mono.never().doOnCancel(() -> lateCancelled.set(true)));
        assertThat(lateCancelled).as("work launched while stopped is cancelled at once").isTrue();

        turns.set(0);
        loop.start();
        await(() -> turns.get() == 1);
        AtomicBoolean runs = new AtomicBoolean();
        loop.background(Mono.fromRunnable(() -> runs.set(true)));
        assertThat(runs).isTrue();
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition met within 5 s").isLessThan(deadline);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
