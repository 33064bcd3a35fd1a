package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What Prometheus scrapes ({@code /internal/prometheus}): the queue depth (deliveries due and waiting for a
 * worker), attempts by outcome, failures, the time an attempt takes, and delivery latency (from the event
 * happening to its successful delivery). The queue depth is counted at start and every 5 seconds; a scrape shows
 * the last count (a failed count keeps it, and is logged).
 */
@Component
class DeliveryMetrics extends PollingLoop {

    private final Counter succeeded;
    private final Counter failed;
    private final Timer attemptDuration;
    private final Timer latency;
    private final AtomicLong queueDepth = new AtomicLong();
    private final DeliveryQueue queue;
    private final Clock clock;

    DeliveryMetrics(MeterRegistry registry, DeliveryQueue queue, Clock clock) {
        super("delivery metrics", Duration.ofSeconds(5), new WakeUpSignal());
        this.queue = queue;
        this.clock = clock;
        this.succeeded = Counter.builder("webhook.delivery.attempts").tag("outcome", "succeeded")
                .description("Delivery attempts that a receiver answered with 2xx").register(registry);
        this.failed = Counter.builder("webhook.delivery.attempts").tag("outcome", "failed")
                .description("Delivery attempts that failed (non-2xx, timeout, connection error)").register(registry);
        this.attemptDuration = Timer.builder("webhook.delivery.attempt.duration")
                .description("How long one attempt took, request to response").publishPercentiles(0.5, 0.99)
                .register(registry);
        this.latency = Timer.builder("webhook.delivery.latency")
                .description("From the event happening to its successful delivery").publishPercentiles(0.5, 0.99)
                .register(registry);
        Gauge.builder("webhook.delivery.queue.depth", queueDepth, AtomicLong::get)
                .description("Deliveries due and waiting for a worker").register(registry);
    }

    void attempted(DeliverySender.Attempt attempt, Instant eventCreated, long startedNanos) {
        attemptDuration.record(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
        if (attempt.succeeded()) {
            succeeded.increment();
            latency.record(Duration.between(eventCreated, clock.instant()));
        } else {
            failed.increment();
        }
    }

    /** Counts the deliveries due and waiting for a worker. */
    @Override
    protected Mono<?> turn() {
        return queue.dueCount(clock.instant()).doOnNext(queueDepth::set);
    }
}
