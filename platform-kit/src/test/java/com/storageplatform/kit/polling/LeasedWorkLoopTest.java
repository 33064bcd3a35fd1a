package com.storageplatform.kit.polling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

class LeasedWorkLoopTest {

    private final Queue<Integer> due = new ConcurrentLinkedQueue<>();
    private final List<Integer> handled = new CopyOnWriteArrayList<>();
    private final List<Instant> leases = new CopyOnWriteArrayList<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final Clock clock = Clock.fixed(Instant.parse("2026-11-27T12:00:00Z"), java.time.ZoneOffset.UTC);

    /** Items 0.. in a queue; item 4 fails the first time it is handled, and is due again (its lease ended). */
    private final LeasedWorkLoop<Integer> loop = new LeasedWorkLoop<>("test sender", Duration.ofHours(1),
            new WakeUpSignal(), clock, Duration.ofMinutes(2), 3, 2) {

        private boolean failedOnce;

        @Override
        protected Flux<Integer> claimDue(Instant now, Instant leaseEnds, int batch) {
            leases.add(leaseEnds);
            return Flux.fromStream(IntStream.range(0, batch).mapToObj(i -> due.poll()).filter(i -> i != null));
        }

        @Override
        protected Mono<?> handle(Integer item) {
            return Mono.defer(() -> {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                if (item == 4 && !failedOnce) {
                    failedOnce = true;
                    due.add(item);
                    return Mono.error(new IllegalStateException("the provider's answer was lost"));
                }
                handled.add(item);
                return Mono.delay(Duration.ofMillis(20)).then();
            }).doOnTerminate(running::decrementAndGet);
        }

        @Override
        protected String describe(Integer item) {
            return "Item " + item;
        }
    };

    @AfterEach
    void stop() {
        loop.stop();
    }

    @Test
    void aQueueLongerThanABatchDrainsWithoutWaitingForTheNextTickAndAFailedItemIsTriedAgain() {
        IntStream.range(0, 10).forEach(due::add);

        loop.start();

        await().atMost(Duration.ofSeconds(5)).until(() -> handled.size() == 10);
        assertThat(handled).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(mostAtOnce.get()).isLessThanOrEqualTo(2);
        assertThat(leases).allMatch(lease -> lease.equals(clock.instant().plus(Duration.ofMinutes(2))));
    }
}
