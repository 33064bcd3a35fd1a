package com.storageplatform.kit.outbox;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;

/**
 * The outbox's parked rows as metrics: {@value #PARKED} (a gauge: rows parked now, counted in the database, so
 * every replica of a service reports the same) and {@value #PARKS} (a counter: rows this process parked). The
 * gauge is counted again every {@code refresh} and at once after this process parks or resubmits a row.
 */
public final class OutboxMetrics extends PollingLoop implements OutboxRegistry.Listener {

    public static final String PARKED = "outbox.parked";
    public static final String PARKS = "outbox.parks";

    private final OutboxRegistry outbox;
    private final WakeUpSignal changed;
    private final AtomicLong parked = new AtomicLong();
    private final Counter parks;

    public OutboxMetrics(MeterRegistry meters, OutboxRegistry outbox, Duration refresh) {
        this(meters, outbox, refresh, new WakeUpSignal());
    }

    private OutboxMetrics(MeterRegistry meters, OutboxRegistry outbox, Duration refresh, WakeUpSignal changed) {
        super("outbox metrics", refresh, changed);
        this.outbox = outbox;
        this.changed = changed;
        Gauge.builder(PARKED, parked, AtomicLong::get)
                .description("Outbox rows parked (failed past the bound), waiting for the platform admin to resubmit them")
                .register(meters);
        this.parks = Counter.builder(PARKS).description("Outbox rows this process parked").register(meters);
        outbox.listen(this);
    }

    @Override
    protected Mono<?> turn() {
        return outbox.parkedCount().doOnNext(parked::set);
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
