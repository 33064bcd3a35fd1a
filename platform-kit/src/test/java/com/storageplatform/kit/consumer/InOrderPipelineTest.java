package com.storageplatform.kit.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The consumers' pipeline: work side by side, finish in submission order, hold back behind a failure, and give up
 * on an item only when the failure policy says so.
 */
class InOrderPipelineTest {

    private static final FailurePolicy QUICK = FailurePolicy.retryForever(Duration.ofSeconds(5), Duration.ofMillis(10),
            Duration.ofMillis(20));

    private static final InOrderPipeline.Valve NO_VALVE = new InOrderPipeline.Valve() {
        @Override
        public void pause() {
        }

        @Override
        public void resume() {
        }
    };

    /** Each item's work completes when the test says so; {@code started} counts its tries. */
    private final Map<Integer, Sinks.Empty<Void>> work = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicInteger> started = new ConcurrentHashMap<>();
    private final List<Integer> finished = new CopyOnWriteArrayList<>();
    private final List<String> valve = new CopyOnWriteArrayList<>();
    private final Map<Integer, Throwable> gaveUp = new ConcurrentHashMap<>();
    private InOrderPipeline<Integer> pipeline;

    @AfterEach
    void close() {
        pipeline.close();
    }

    private InOrderPipeline<Integer> pipeline(int depth) {
        pipeline = new InOrderPipeline<>("test", depth, QUICK, item -> {
            started.computeIfAbsent(item, key -> new AtomicInteger()).incrementAndGet();
            return work.computeIfAbsent(item, key -> Sinks.empty()).asMono();
        }, finished::add, gaveUp::put, new InOrderPipeline.Valve() {
            @Override
            public void pause() {
                valve.add("pause");
            }

            @Override
            public void resume() {
                valve.add("resume");
            }
        });
        return pipeline;
    }

    private void complete(int item) {
        work.computeIfAbsent(item, key -> Sinks.empty()).tryEmitEmpty();
    }

    @Test
    void itemsAreWorkedOnSideBySideAndFinishInTheOrderTheyCame() {
        pipeline(4);
        List.of(1, 2, 3).forEach(pipeline::submit);
        await(() -> started.size() == 3);

        complete(3);
        complete(2);
        pause();
        assertThat(finished).as("nothing finishes before the first").isEmpty();

        complete(1);
        await(() -> finished.size() == 3);
        assertThat(finished).containsExactly(1, 2, 3);
    }

    @Test
    void aFailingItemIsTriedAgainUntilItWorksAndHoldsBackTheItemsAfterIt() {
        AtomicInteger failuresLeft = new AtomicInteger(3);
        pipeline = new InOrderPipeline<>("test", 4, QUICK, item -> {
            started.computeIfAbsent(item, key -> new AtomicInteger()).incrementAndGet();
            return item == 1 && failuresLeft.getAndDecrement() > 0
                    ? Mono.error(new IllegalStateException("database down")) : Mono.empty();
        }, finished::add, gaveUp::put, NO_VALVE);
        pipeline.submit(1);
        pipeline.submit(2);

        await(() -> finished.size() == 2);
        assertThat(finished).containsExactly(1, 2);
        assertThat(started.get(1)).as("three failures, then it worked").hasValue(4);
        assertThat(started.get(2)).hasValue(1);
        assertThat(gaveUp).isEmpty();
    }

    @Test
    void aPolicyThatGivesUpPassesOverTheItemAfterItsRetriesAndSaysWhy() {
        pipeline = new InOrderPipeline<>("test", 4, FailurePolicy.giveUpAfter(2, Duration.ofSeconds(5),
                Duration.ofMillis(10), Duration.ofMillis(20)), item -> {
                    started.computeIfAbsent(item, key -> new AtomicInteger()).incrementAndGet();
                    return item == 1 ? Mono.error(new IllegalStateException("poison")) : Mono.empty();
                }, finished::add, gaveUp::put, NO_VALVE);
        pipeline.submit(1);
        pipeline.submit(2);

        await(() -> finished.size() == 2);
        assertThat(finished).as("the poison item is finished, in its place").containsExactly(1, 2);
        assertThat(started.get(1)).as("the first try and two retries").hasValue(3);
        assertThat(gaveUp).containsOnlyKeys(1);
        assertThat(gaveUp.get(1)).hasMessage("poison");
    }

    @Test
    void aDatabaseOutageLongerThanThePolicysRetriesPassesNothingOver() {
        AtomicInteger outagesLeft = new AtomicInteger(6);
        pipeline = new InOrderPipeline<>("test", 4, FailurePolicy.giveUpAfter(2, Duration.ofSeconds(5),
                Duration.ofMillis(10), Duration.ofMillis(20)), item -> {
                    started.computeIfAbsent(item, key -> new AtomicInteger()).incrementAndGet();
                    return outagesLeft.getAndDecrement() > 0
                            ? Mono.error(new DataAccessResourceFailureException("Failed to obtain R2DBC Connection",
                                    new R2dbcNonTransientResourceException("Cannot connect", "08003")))
                            : Mono.empty();
                }, finished::add, gaveUp::put, NO_VALVE);
        pipeline.submit(1);

        await(() -> finished.size() == 1);
        assertThat(started.get(1)).as("six outages, more than the two retries, then it worked").hasValue(7);
        assertThat(gaveUp).isEmpty();
    }

    @Test
    void aDepthOfOneWorksOnOneItemAtATime() {
        pipeline(1);
        List.of(1, 2).forEach(pipeline::submit);
        await(() -> started.size() == 1);
        pause();
        assertThat(started).as("the second waits for the first").containsOnlyKeys(1);
        complete(1);
        await(() -> started.size() == 2);
        complete(2);
        await(() -> finished.size() == 2);
        assertThat(finished).containsExactly(1, 2);
    }

    @Test
    void theSourceIsPausedWhileThePipelineIsFullAndResumedWhenAnItemFinishes() {
        pipeline(2);
        pipeline.submit(1);
        assertThat(valve).isEmpty();
        pipeline.submit(2);
        assertThat(valve).containsExactly("pause");

        complete(2);
        pause();
        assertThat(valve).as("the second is done but not finished: the first holds it").containsExactly("pause");

        complete(1);
        await(() -> finished.size() == 2);
        assertThat(valve).containsExactly("pause", "resume");
    }

    @Test
    void aSlowTryIsAbandonedAfterTheAttemptTimeoutAndTriedAgain() {
        pipeline = new InOrderPipeline<>("test", 2, FailurePolicy.retryForever(Duration.ofMillis(100),
                Duration.ofMillis(10), Duration.ofMillis(20)), item -> {
                    int tries = started.computeIfAbsent(item, key -> new AtomicInteger()).incrementAndGet();
                    return tries == 1 ? Mono.never() : Mono.empty();
                }, finished::add, gaveUp::put, NO_VALVE);
        pipeline.submit(1);

        await(() -> finished.size() == 1);
        assertThat(started.get(1)).hasValue(2);
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(Supplier<Boolean> condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.get()) {
            assertThat(System.nanoTime()).as("condition met within 5 s").isLessThan(deadline);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
