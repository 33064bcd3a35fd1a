package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.webhooks.WebhookProperties;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Keeps deliveries moving. One loop (the kit's {@link PollingLoop}) claims due deliveries (when woken, or every
 * poll interval) up to the free capacity; each claimed delivery then runs on its own, so a slow or failing
 * receiver holds at most its own per-endpoint share of the capacity and never the loop. Several dispatcher
 * replicas cooperate through the claim's {@code SKIP LOCKED} and leases. Stopping the worker cancels the sends in
 * flight too: a cancelled delivery keeps its lease, and is claimed again once the lease has run out (at least
 * once; receivers deduplicate on the event id).
 */
@Component
class DeliveryWorker extends PollingLoop {

    private static final int CLAIM_BATCH = 100;

    private final DeliveryQueue queue;
    private final DeliverySender sender;
    private final DeliveryOutcomes outcomes;
    private final DeliveryMetrics metrics;
    private final WakeUpSignal signal;
    private final DeliveryTraces traces;
    private final Clock clock;
    private final WebhookProperties.Delivery settings;

    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConcurrentHashMap<UUID, AtomicInteger> inFlightByEndpoint = new ConcurrentHashMap<>();
    /** Sweeps asked for since the last turn began: the next turn answers them all. */
    private final Queue<Sinks.One<Integer>> sweeps = new ConcurrentLinkedQueue<>();

    DeliveryWorker(DeliveryQueue queue, DeliverySender sender, DeliveryOutcomes outcomes, DeliveryMetrics metrics,
            @Qualifier("deliverySignal") WakeUpSignal signal, DeliveryTraces traces, Clock clock,
            WebhookProperties properties) {
        super("delivery worker", properties.delivery().pollInterval(), signal);
        this.traces = traces;
        this.queue = queue;
        this.sender = sender;
        this.outcomes = outcomes;
        this.metrics = metrics;
        this.signal = signal;
        this.clock = clock;
        this.settings = properties.delivery();
    }

    /** Fills the free capacity; sweeps asked for before the turn began are answered once their deliveries are done. */
    @Override
    protected Mono<?> turn() {
        List<Sinks.One<Integer>> asked = new ArrayList<>();
        for (Sinks.One<Integer> sweep = sweeps.poll(); sweep != null; sweep = sweeps.poll()) {
            asked.add(sweep);
        }
        return fill()
                .doOnNext(started -> asked.forEach(sweep -> Mono.when(started).subscribe(null,
                        e -> sweep.tryEmitValue(started.size()), () -> sweep.tryEmitValue(started.size()))))
                .doOnError(failure -> asked.forEach(sweep -> sweep.tryEmitError(failure)));
    }

    /** Runs one sweep now (outside any caller's transaction) and completes when its deliveries are done. */
    Mono<Integer> sweepNow() {
        if (!isRunning()) {
            return Mono.error(new IllegalStateException("The delivery worker is stopped"));
        }
        Sinks.One<Integer> done = Sinks.one();
        sweeps.add(done);
        signal.wake();
        return done.asMono();
    }

    /** Deliveries this worker is sending now. */
    int inFlight() {
        return inFlight.get();
    }

    /** Claims and starts deliveries until the capacity is used or nothing is due; returns what it started. */
    private Mono<List<Mono<Void>>> fill() {
        List<Mono<Void>> started = new ArrayList<>();
        return claimOnce(started)
                .expand(claimed -> claimed == CLAIM_BATCH ? claimOnce(started) : Mono.empty())
                .then(Mono.fromSupplier(() -> started));
    }

    private Mono<Integer> claimOnce(List<Mono<Void>> started) {
        int capacity = settings.concurrency() - inFlight.get();
        if (capacity <= 0) {
            return Mono.just(0);
        }
        Instant now = clock.instant();
        // Read now, on the loop: counts only fall until the deliveries this claim starts are added.
        Map<UUID, Integer> flying = new HashMap<>();
        inFlightByEndpoint.forEach((endpoint, count) -> flying.put(endpoint, count.get()));
        // One statement claims and leases: it needs no transaction of its own.
        return queue.claim(Math.min(capacity, CLAIM_BATCH), settings.perEndpoint(), flying, now,
                        now.plus(settings.lease()))
                .map(claimed -> {
                    claimed.forEach(delivery -> started.add(start(delivery)));
                    return claimed.size();
                });
    }

    /** Starts a delivery as the loop's background work (so stopping cancels it); returns when it is done. */
    private Mono<Void> start(DeliveryQueue.Claimed delivery) {
        inFlight.incrementAndGet();
        inFlightByEndpoint.computeIfAbsent(delivery.endpointId(), id -> new AtomicInteger()).incrementAndGet();
        Sinks.Empty<Void> done = Sinks.empty();
        launch(deliver(delivery)
                .doFinally(signalType -> {
                    inFlight.decrementAndGet();
                    inFlightByEndpoint.computeIfPresent(delivery.endpointId(),
                            (id, count) -> count.decrementAndGet() <= 0 ? null : count);
                    done.tryEmitEmpty();
                    signal.wake();
                }));
        return done.asMono();
    }

    /** One attempt, in the trace of the request that published the event (ADR 0022). */
    private Mono<Void> deliver(DeliveryQueue.Claimed delivery) {
        long started = System.nanoTime();
        return traces.attempt(delivery, span -> sender.send(delivery)
                .flatMap(attempt -> outcomes.record(delivery, attempt)
                        .doOnSuccess(recorded -> {
                            metrics.attempted(attempt, delivery.eventCreated(), started);
                            traces.attempted(span, delivery, attempt);
                        })));
    }
}
