package com.storageplatform.kit.outbox;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * How far the outbox is behind, as gauges: {@value #BACKLOG} (rows committed and not yet sent to Kafka) and
 * {@value #OLDEST_AGE} (seconds since the oldest of them was written, by the platform clock; 0 when there is none).
 * A scrape must never wait on the database, so one query refreshes both every {@code interval} and the gauges read
 * the last figures. Every replica of a service reads the same table: aggregate them with {@code max}, not
 * {@code sum}.
 */
public final class OutboxBacklogMetrics implements SmartLifecycle {

    public static final String BACKLOG = "outbox.backlog";
    public static final String OLDEST_AGE = "outbox.oldest.age";

    private static final Logger log = LoggerFactory.getLogger(OutboxBacklogMetrics.class);

    /** Both figures from the unsent rows alone: the partial index on them, never the sent history. */
    private static final String READ = """
            SELECT count(*) AS backlog, min(created_at) AS oldest FROM outbox_events WHERE sent_at IS NULL
            """;

    private final DatabaseClient db;
    private final Clock clock;
    private final Duration interval;
    private final AtomicLong backlog = new AtomicLong();
    private final AtomicLong oldestAgeMillis = new AtomicLong();
    private volatile Disposable loop;

    public OutboxBacklogMetrics(MeterRegistry meters, DatabaseClient db, Clock clock, Duration interval) {
        this.db = db;
        this.clock = clock;
        this.interval = interval;
        Gauge.builder(BACKLOG, backlog, AtomicLong::get)
                .description("Outbox rows committed and not yet sent to Kafka")
                .baseUnit("rows")
                .register(meters);
        Gauge.builder(OLDEST_AGE, oldestAgeMillis, millis -> millis.get() / 1000.0)
                .description("Age of the oldest outbox row not yet sent to Kafka (0 when none)")
                .baseUnit("seconds")
                .register(meters);
    }

    /** Reads the table once and updates the gauges. */
    public Mono<Void> refresh() {
        return db.sql(READ)
                .map(row -> new Figures(row.get("backlog", Long.class), row.get("oldest", Instant.class)))
                .one()
                .doOnNext(figures -> {
                    backlog.set(figures.backlog());
                    oldestAgeMillis.set(figures.oldest() == null ? 0
                            : Math.max(0, Duration.between(figures.oldest(), clock.instant()).toMillis()));
                })
                .then();
    }

    private record Figures(long backlog, Instant oldest) {
    }

    @Override
    public void start() {
        loop = Flux.interval(Duration.ZERO, interval)
                .onBackpressureDrop()
                .concatMap(tick -> refresh().onErrorResume(failure -> {
                    // The gauges keep their last figures; readiness reports the database itself.
                    log.debug("Could not read the outbox backlog: {}",
                            NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
                    return Mono.empty();
                }), 1)
                .subscribe();
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
