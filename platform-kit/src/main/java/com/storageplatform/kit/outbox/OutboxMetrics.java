package com.storageplatform.kit.outbox;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;

/**
 * The outbox as metrics (ADR 0020, ADR 0022). Read from the table, so every replica of a service reports the same
 * (aggregate them with {@code max}, not {@code sum}):
 * <ul>
 *   <li>{@value #BACKLOG}: rows committed and waiting to be sent (not parked);</li>
 *   <li>{@value #OLDEST_AGE}: seconds since the oldest of them was written, by the platform clock (0 when none);</li>
 *   <li>{@value #PARKED}: rows parked (failed past the bound), waiting for the platform admin to resubmit them.</li>
 * </ul>
 * And {@value #PARKS}, a counter of the rows this process parked. A scrape never waits on the database: one
 * statement refreshes the gauges every {@code refresh} and at once after this process parks or resubmits a row,
 * and they show the last figures (a failed read keeps them; readiness reports the database itself).
 */
public final class OutboxMetrics extends PollingLoop implements OutboxRegistry.Listener {

    public static final String BACKLOG = "outbox.backlog";
    public static final String OLDEST_AGE = "outbox.oldest.age";
    public static final String PARKED = "outbox.parked";
    public static final String PARKS = "outbox.parks";

    private final OutboxRegistry outbox;
    private final Clock clock;
    private final WakeUpSignal changed;
    private final AtomicLong backlog = new AtomicLong();
    private final AtomicLong oldestAgeMillis = new AtomicLong();
    private final AtomicLong parked = new AtomicLong();
    private final Counter parks;

    /** {@code clock} is the platform clock, which stamps the rows. */
    public OutboxMetrics(MeterRegistry meters, OutboxRegistry outbox, Clock clock, Duration refresh) {
        this(meters, outbox, clock, refresh, new WakeUpSignal());
    }

    private OutboxMetrics(MeterRegistry meters, OutboxRegistry outbox, Clock clock, Duration refresh,
            WakeUpSignal changed) {
        super("outbox metrics", refresh, changed);
        this.outbox = outbox;
        this.clock = clock;
        this.changed = changed;
        Gauge.builder(BACKLOG, backlog, AtomicLong::get)
                .description("Outbox rows committed and not yet sent to Kafka (parked rows excluded)")
                .baseUnit("rows")
                .register(meters);
        Gauge.builder(OLDEST_AGE, oldestAgeMillis, millis -> millis.get() / 1000.0)
                .description("Age of the oldest outbox row not yet sent to Kafka (0 when none)")
                .baseUnit("seconds")
                .register(meters);
        Gauge.builder(PARKED, parked, AtomicLong::get)
                .description("Outbox rows parked (failed past the bound), waiting for the platform admin to resubmit them")
                .register(meters);
        this.parks = Counter.builder(PARKS).description("Outbox rows this process parked").register(meters);
        outbox.listen(this);
    }

    /** Reads the table once and updates the gauges. */
    public Mono<Void> refresh() {
        return outbox.figures().doOnNext(figures -> {
            backlog.set(figures.pending());
            oldestAgeMillis.set(figures.oldestPending() == null ? 0
                    : Math.max(0, Duration.between(figures.oldestPending(), clock.instant()).toMillis()));
            parked.set(figures.parked());
        }).then();
    }

    @Override
    protected Mono<?> turn() {
        return refresh();
    }

    @Override
    public void parked(int rows) {
        parks.increment(rows);
        changed.wake();
    }

    @Override
    public void resubmitted() {
        changed.wake();
    }
}
