package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.WebhookProperties;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Keeps deliveries moving. One loop claims due deliveries (when woken, or every poll interval) up to the free
 * capacity; each claimed delivery then runs on its own, so a slow or failing receiver holds at most its own
 * per-endpoint share of the capacity and never the loop. Several dispatcher replicas cooperate through the
 * claim's {@code SKIP LOCKED} and leases.
 */
@Component
class DeliveryWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryWorker.class);
    private static final int CLAIM_BATCH = 100;

    private final DeliveryQueue queue;
    private final DeliverySender sender;
    private final DeliveryOutcomes outcomes;
    private final DeliveryMetrics metrics;
    private final DeliverySignal signal;
    private final DeliveryTraces traces;
    private final Clock clock;
    private final WebhookProperties.Delivery settings;

    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConcurrentHashMap<UUID, AtomicInteger> inFlightByEndpoint = new ConcurrentHashMap<>();
    /** Sweeps asked for; a new one each start, since a unicast sink takes one subscriber in its life. */
    private volatile Sinks.Many<Sinks.One<Integer>> sweeps = Sinks.many().unicast().onBackpressureBuffer();
    private volatile Disposable loop;

    DeliveryWorker(DeliveryQueue queue, DeliverySender sender, DeliveryOutcomes outcomes, DeliveryMetrics metrics,
            DeliverySignal signal, DeliveryTraces traces, Clock clock, WebhookProperties properties) {
        this.traces = traces;
        this.queue = queue;
        this.sender = sender;
        this.outcomes = outcomes;
        this.metrics = metrics;
        this.signal = signal;
        this.clock = clock;
        this.settings = properties.delivery();
    }

    /** A request to the loop: fill the free capacity, or (a sweep) fill it and report when that work is done. */
    private record Turn(Sinks.One<Integer> sweep) {
    }

    @Override
    public void start() {
        // Wake-ups and ticks coalesce (one turn covers any number of them); sweeps are each answered.
        Flux<Turn> ticks = Flux.merge(Flux.interval(settings.pollInterval()).onBackpressureDrop(), signal.wakeups())
                .map(tick -> new Turn(null))
                .onBackpressureLatest();
        if (loop != null) {
            sweeps = Sinks.many().unicast().onBackpressureBuffer();
        }
        loop = Flux.merge(ticks, sweeps.asFlux().map(Turn::new))
                .concatMap(turn -> fill()
                        .doOnNext(started -> {
                            if (turn.sweep() != null) {
                                Mono.when(started).subscribe(null, e -> turn.sweep().tryEmitValue(started.size()),
                                        () -> turn.sweep().tryEmitValue(started.size()));
                            }
                        })
                        .onErrorResume(failure -> {
                            // The cause alone: the whole failure quotes the claim's SQL, four times a second.
                            log.warn("Claiming deliveries failed: {}",
                                    NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
                            if (turn.sweep() != null) {
                                turn.sweep().tryEmitError(failure);
                            }
                            return Mono.empty();
                        }), 1)
                .subscribe();
    }

    /** Runs one sweep now (outside any caller's transaction) and completes when its deliveries are done. */
    Mono<Integer> sweepNow() {
        Sinks.One<Integer> done = Sinks.one();
        sweeps.tryEmitNext(done);
        return done.asMono();
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

    private Mono<Void> start(DeliveryQueue.Claimed delivery) {
        inFlight.incrementAndGet();
        inFlightByEndpoint.computeIfAbsent(delivery.endpointId(), id -> new AtomicInteger()).incrementAndGet();
        Sinks.Empty<Void> done = Sinks.empty();
        deliver(delivery)
                .doFinally(signalType -> {
                    inFlight.decrementAndGet();
                    inFlightByEndpoint.computeIfPresent(delivery.endpointId(),
                            (id, count) -> count.decrementAndGet() <= 0 ? null : count);
                    done.tryEmitEmpty();
                    signal.wake();
                })
                .subscribe(null, failure -> log.warn("Delivery {} could not be recorded: {}", delivery.id(),
                        failure.getMessage()));
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

    @Override
    public void stop() {
        Disposable running = loop;
        if (running != null) {
            running.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        Disposable running = loop;
        return running != null && !running.isDisposed();
    }
}
