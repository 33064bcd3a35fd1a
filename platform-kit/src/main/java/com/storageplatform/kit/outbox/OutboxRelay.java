package com.storageplatform.kit.outbox;

import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Sends committed outbox rows to Kafka and marks them sent.
 *
 * <p>Several replicas may run at once. Each batch claims whole partition keys (accounts) with a
 * transaction-scoped advisory lock named after the service's schema and the key (advisory locks are per
 * database, which every service shares), then their oldest unsent rows with {@code FOR UPDATE SKIP LOCKED}; so no
 * two relays send rows of one key at the same time, and each key's rows go out in commit order. A row is
 * marked sent in the same transaction that claimed it, after Kafka acknowledged it; if the relay dies in
 * between, the row is sent again (at least once; consumers deduplicate on the event id). When a row of an
 * account fails, that account's later rows in the batch stay unsent even if Kafka acknowledged them, so they
 * go again after it and an account's rows are never marked sent past a gap ({@link #settle}). {@code sent_at}
 * is the platform clock's time, the clock the {@code outbox-cleanup} job measures retention with.
 *
 * <p>While Kafka is down the rows stay, and the relay retries with exponential backoff up to
 * {@code maxBackoff}.
 */
public class OutboxRelay implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

    private static final String CLAIM = """
            WITH pending_keys AS (
                SELECT partition_key, min(seq) AS first_seq FROM outbox_events
                WHERE sent_at IS NULL
                GROUP BY partition_key ORDER BY first_seq LIMIT :key_limit
            ), claimed_keys AS (
                SELECT partition_key FROM pending_keys
                WHERE pg_try_advisory_xact_lock(
                    hashtextextended('platform-outbox:' || current_schema() || ':' || partition_key, 0))
            )
            SELECT seq, event_id, partition_key, topic, payload, traceparent FROM outbox_events
            WHERE sent_at IS NULL AND partition_key IN (SELECT partition_key FROM claimed_keys)
            ORDER BY seq
            LIMIT :batch_size
            FOR UPDATE SKIP LOCKED
            """;

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final KafkaTemplate<String, String> kafka;
    private final OutboxSignal signal;
    private final Settings settings;
    private final Runnable resetProducer;
    private final Clock clock;
    private volatile Disposable loop;
    private volatile Duration backoff;

    /** How often to look for rows when nothing woke the relay, batch sizes and the backoff bounds. */
    public record Settings(Duration pollInterval, int batchSize, int keysPerBatch, Duration minBackoff,
            Duration maxBackoff) {

        public static Settings defaults() {
            return new Settings(Duration.ofMillis(500), 200, 50, Duration.ofMillis(500), Duration.ofSeconds(30));
        }
    }

    /**
     * {@code resetProducer} drops the producer after a failure, so a broker that came back is met afresh;
     * {@code clock} (the platform clock) stamps {@code sent_at}.
     */
    public OutboxRelay(DatabaseClient db, TransactionalOperator tx, KafkaTemplate<String, String> kafka,
            OutboxSignal signal, Settings settings, Runnable resetProducer, Clock clock) {
        this.db = db;
        this.tx = tx;
        this.kafka = kafka;
        this.signal = signal;
        this.settings = settings;
        this.resetProducer = resetProducer;
        this.clock = clock;
        this.backoff = settings.minBackoff();
    }

    /** A relay that stamps {@code sent_at} with the system clock; prefer passing the platform clock. */
    public OutboxRelay(DatabaseClient db, TransactionalOperator tx, KafkaTemplate<String, String> kafka,
            OutboxSignal signal, Settings settings, Runnable resetProducer) {
        this(db, tx, kafka, signal, settings, resetProducer, Clock.systemUTC());
    }

    /**
     * A claimed outbox row; {@code key} is its partition key (the account), {@code traceparent} the trace of the
     * request that wrote it (or null).
     */
    record Row(long seq, String key, String topic, String payload, String traceparent) {
    }

    /**
     * What a batch did: rows to mark sent, rows that failed (attempt and error recorded), rows held back behind
     * a failed row of their account (left as they were), and the first error.
     */
    record Sent(List<Long> sent, List<Long> failed, List<Long> heldBack, String error) {
    }

    /** Sends one batch; returns how many rows it sent. Runs inside its own transaction. */
    public Mono<Integer> relayBatch() {
        Mono<Sent> batch = db.sql(CLAIM)
                .bind("key_limit", settings.keysPerBatch())
                .bind("batch_size", settings.batchSize())
                .map(row -> new Row(row.get("seq", Long.class), row.get("partition_key", String.class),
                        row.get("topic", String.class), row.get("payload", String.class),
                        row.get("traceparent", String.class)))
                .all()
                .collectList()
                .flatMap(rows -> rows.isEmpty() ? Mono.just(new Sent(List.of(), List.of(), List.of(), null)) : send(rows))
                .flatMap(result -> markSent(result).then(markFailed(result)).thenReturn(result));
        return tx.transactional(batch).map(result -> {
            if (!result.failed().isEmpty() && result.sent().isEmpty()) {
                throw new KafkaUnavailable(result.error());
            }
            return result.sent().size();
        });
    }

    /**
     * Sends every row (the producer keeps per-partition order), then waits for all acknowledgements. A send
     * that fails at once (no metadata: the broker is down) stops the batch, since each further send would block
     * as long again; the rows not sent count as failed.
     */
    private Mono<Sent> send(List<Row> rows) {
        return Mono.fromCallable(() -> {
            List<CompletableFuture<?>> acks = new ArrayList<>(rows.size());
            for (Row row : rows) {
                if (!acks.isEmpty() && acks.get(acks.size() - 1).isCompletedExceptionally()) {
                    acks.add(acks.get(acks.size() - 1));
                    continue;
                }
                ProducerRecord<String, String> record = new ProducerRecord<>(row.topic(), row.key(), row.payload());
                record.headers().add("content-type", CloudEvent.CONTENT_TYPE.getBytes(StandardCharsets.UTF_8));
                TraceContextCarrier.put(record.headers(), row.traceparent());
                acks.add(sendSafely(record));
            }
            return acks;
        }).subscribeOn(Schedulers.boundedElastic()).flatMap(acks ->
                Mono.fromFuture(CompletableFuture.allOf(acks.stream()
                        .map(ack -> ack.handle((ok, error) -> null))
                        .toArray(CompletableFuture[]::new)))
                        .then(Mono.fromSupplier(() -> settle(rows, failures(acks)))));
    }

    /** {@code KafkaTemplate.send} may also throw (metadata timeout); treat that as a failed ack. */
    private CompletableFuture<?> sendSafely(ProducerRecord<String, String> record) {
        try {
            return kafka.send(record);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Per ack, in order: null when Kafka acknowledged the row, else why it failed. */
    private static List<Throwable> failures(List<CompletableFuture<?>> acks) {
        List<Throwable> failures = new ArrayList<>(acks.size());
        for (CompletableFuture<?> ack : acks) {
            failures.add(ack.isCompletedExceptionally() ? ack.handle((ok, e) -> e).join() : null);
        }
        return failures;
    }

    /**
     * What the acknowledgements of a batch mean for its rows (in claim order, so each account's rows in commit
     * order; {@code failures.get(i)} is null when row i was acknowledged). An acknowledged row is sent and a
     * failed one failed, except that once a row of an account has failed, that account's later rows are held
     * back unsent even if Kafka acknowledged them: marking them sent would let them overtake the failed row.
     * They are sent again after it (consumers deduplicate on the event id).
     */
    static Sent settle(List<Row> rows, List<Throwable> failures) {
        List<Long> sent = new ArrayList<>();
        List<Long> failed = new ArrayList<>();
        List<Long> heldBack = new ArrayList<>();
        Set<String> accountsWithAGap = new HashSet<>();
        String error = null;
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            Throwable failure = failures.get(i);
            if (failure != null) {
                failed.add(row.seq());
                accountsWithAGap.add(row.key());
                if (error == null) {
                    error = String.valueOf(failure.getMessage());
                }
            } else if (accountsWithAGap.contains(row.key())) {
                heldBack.add(row.seq());
            } else {
                sent.add(row.seq());
            }
        }
        return new Sent(sent, failed, heldBack, error);
    }

    private Mono<Void> markSent(Sent result) {
        if (result.sent().isEmpty()) {
            return Mono.empty();
        }
        return db.sql("UPDATE outbox_events SET sent_at = :now, attempts = attempts + 1 WHERE seq = ANY(:seqs)")
                .bind("now", clock.instant())
                .bind("seqs", result.sent().toArray(Long[]::new))
                .then();
    }

    private Mono<Void> markFailed(Sent result) {
        if (result.failed().isEmpty()) {
            return Mono.empty();
        }
        String error = result.error() == null ? "unknown" : truncate(result.error());
        return db.sql("UPDATE outbox_events SET attempts = attempts + 1, last_error = :error WHERE seq = ANY(:seqs)")
                .bind("error", error)
                .bind("seqs", result.failed().toArray(Long[]::new))
                .then();
    }

    /** Sends batches until a batch comes back short, so a burst drains without waiting for the next poll. */
    public Mono<Integer> drain() {
        return relayBatch()
                .expand(sent -> sent >= settings.batchSize() ? relayBatch() : Mono.empty())
                .reduce(0, Integer::sum);
    }

    @Override
    public void start() {
        // Ticks nobody is ready for are dropped, never an overflow error that would end the loop.
        loop = Flux.merge(Flux.interval(Duration.ZERO, settings.pollInterval()).onBackpressureDrop()
                                .map(tick -> Boolean.TRUE),
                        signal.wakeups())
                .onBackpressureLatest()
                .concatMap(wakeup -> drain()
                        .doOnNext(sent -> backoff = settings.minBackoff())
                        .onErrorResume(this::waitAfterFailure), 1)
                .subscribe();
    }

    private Mono<Integer> waitAfterFailure(Throwable failure) {
        Duration wait = backoff;
        backoff = backoff.multipliedBy(2).compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff()
                : backoff.multipliedBy(2);
        log.warn("Outbox relay could not send events ({}); retrying in {} ms", failure.getMessage(), wait.toMillis());
        resetProducer.run();
        return Mono.delay(wait).thenReturn(0);
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

    private static String truncate(String text) {
        return text.length() > 500 ? text.substring(0, 500) : text;
    }

    static final class KafkaUnavailable extends RuntimeException {
        KafkaUnavailable(String message) {
            super(message, null, false, false);
        }
    }
}
