package com.storageplatform.kit.outbox;

import com.storageplatform.kit.polling.PollingLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Sends committed outbox rows to Kafka and records how each send went.
 *
 * <p>Several replicas may run at once. Each batch claims whole partition keys (accounts) with a
 * transaction-scoped advisory lock named after the service's schema and the key (advisory locks are per
 * database, which every service shares), then their oldest pending rows with {@code FOR UPDATE SKIP LOCKED}; so
 * no two relays send rows of one key at the same time, and each key's rows go out in commit order. A row is
 * marked sent in the same transaction that claimed it, after Kafka acknowledged it; if the relay dies in between,
 * the row is sent again (at least once; consumers deduplicate on the event id). {@code sent_at} is the platform
 * clock's time, the clock the {@code outbox-cleanup} job measures retention with.
 *
 * <p>A failed send ({@link #settle}, ADR 0020): while Kafka is unavailable the row waits, however long, holding
 * back its account's later rows, and the relay backs off up to {@code maxBackoff}; a row Kafka refuses for good
 * (too large) is parked at once, and one failing for another reason is parked once past the {@link Parking}
 * bound. A parked row is passed over, so its account's later rows flow on, until the platform admin resubmits it.
 * A row that failed and stays pending is due again after {@code minBackoff}, doubled with each attempt up to
 * {@code maxBackoff}; until then its account is not claimed, and once due the row is tried alone, so the rows held
 * back behind it are not sent while it fails, and other accounts' rows flow meanwhile.
 */
public class OutboxRelay extends PollingLoop {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

    private final OutboxRegistry outbox;
    private final TransactionalOperator tx;
    private final KafkaTemplate<String, String> kafka;
    private final Settings settings;
    private final Runnable resetProducer;
    private final Clock clock;
    private volatile Duration backoff;

    /**
     * When a row failing for a reason other than an outage or a refusal is parked: once it has been tried
     * {@code afterAttempts} times and has been failing for {@code afterFailingFor}, both.
     */
    public record Parking(int afterAttempts, Duration afterFailingFor) {

        public static Parking defaults() {
            return new Parking(10, Duration.ofMinutes(15));
        }

        boolean parks(Row row, SendFailure failure, Instant now) {
            return switch (failure) {
                case REFUSED -> true;
                case OUTAGE -> false;
                case OTHER -> row.attempts() + 1 >= afterAttempts
                        && !now.isBefore((row.failingSince() == null ? now : row.failingSince()).plus(afterFailingFor));
            };
        }
    }

    /**
     * How often to look for rows when nothing woke the relay, batch sizes, the backoff bounds (of the relay after a
     * batch that sent nothing, and of each failed row before its next attempt) and the parking bound.
     */
    public record Settings(Duration pollInterval, int batchSize, int keysPerBatch, Duration minBackoff,
            Duration maxBackoff, Parking parking) {

        public Settings(Duration pollInterval, int batchSize, int keysPerBatch, Duration minBackoff,
                Duration maxBackoff) {
            this(pollInterval, batchSize, keysPerBatch, minBackoff, maxBackoff, Parking.defaults());
        }

        public static Settings defaults() {
            return new Settings(Duration.ofMillis(500), 200, 50, Duration.ofMillis(500), Duration.ofSeconds(30));
        }
    }

    /**
     * {@code signal} wakes the relay when rows commit; {@code resetProducer} drops the producer after a failure,
     * so a broker that came back is met afresh; {@code clock} (the platform clock) stamps {@code sent_at}.
     */
    public OutboxRelay(OutboxRegistry outbox, TransactionalOperator tx, KafkaTemplate<String, String> kafka,
            WakeUpSignal signal, Settings settings, Runnable resetProducer, Clock clock) {
        super("outbox relay", settings.pollInterval(), signal);
        this.outbox = outbox;
        this.tx = tx;
        this.kafka = kafka;
        this.settings = settings;
        this.resetProducer = resetProducer;
        this.clock = clock;
        this.backoff = settings.minBackoff();
    }

    /**
     * A claimed outbox row; {@code key} is its partition key (the account), {@code traceparent} the trace of the
     * request that wrote it (or null).
     */
    record Row(long seq, UUID eventId, String key, String type, String topic, String payload, int attempts,
            Instant failingSince, String traceparent) {
    }

    /** Why a send failed: its kind and the text the row records. */
    record Error(SendFailure kind, String text) {
    }

    /** A row whose send failed. */
    record Failure(long seq, Error error) {
    }

    /**
     * What a batch did: rows to mark sent, rows that failed and stay pending (attempt and error recorded), rows
     * parked, and rows held back behind a failed row of their account (left as they were).
     */
    record Settlement(List<Long> sent, List<Failure> retried, List<Failure> parked, List<Long> heldBack) {

        static final Settlement NOTHING = new Settlement(List.of(), List.of(), List.of(), List.of());

        int rows() {
            return sent.size() + retried.size() + parked.size() + heldBack.size();
        }
    }

    /** Sends one batch in its own transaction; returns how many rows it sent. */
    public Mono<Integer> relayBatch() {
        return batch().map(settlement -> settlement.sent().size());
    }

    private Mono<Settlement> batch() {
        Mono<Settlement> batch = outbox.claim(settings.keysPerBatch(), settings.batchSize())
                .collectList()
                .flatMap(rows -> rows.isEmpty() ? Mono.just(Settlement.NOTHING) : send(rows))
                .flatMap(settlement -> outbox.record(settlement, settings.minBackoff(), settings.maxBackoff())
                        .thenReturn(settlement));
        return tx.transactional(batch).map(settlement -> {
            outbox.committed(settlement);
            if (!settlement.retried().isEmpty() && settlement.sent().isEmpty()) {
                throw new KafkaUnavailable(settlement.retried().get(0).error().text());
            }
            return settlement;
        });
    }

    /**
     * Sends every row (the producer keeps per-partition order), then waits for all acknowledgements. A send
     * that fails at once because Kafka cannot be reached (no metadata) stops the batch, since each further send
     * would block as long again: the rows not sent fail the same way. One refused at once (too large for the
     * producer) fails alone.
     */
    private Mono<Settlement> send(List<Row> rows) {
        return Mono.fromCallable(() -> {
            List<CompletableFuture<?>> acks = new ArrayList<>(rows.size());
            for (Row row : rows) {
                CompletableFuture<?> previous = acks.isEmpty() ? null : acks.get(acks.size() - 1);
                if (previous != null && previous.isCompletedExceptionally()
                        && SendFailure.of(failureOf(previous)) == SendFailure.OUTAGE) {
                    acks.add(previous);
                    continue;
                }
                ProducerRecord<String, String> record = new ProducerRecord<>(row.topic(), row.key(), row.payload());
                record.headers().add("content-type", CloudEvent.CONTENT_TYPE.getBytes(StandardCharsets.UTF_8));
                CloudEvent.putType(record.headers(), row.type());
                TraceContextCarrier.put(record.headers(), row.traceparent());
                acks.add(sendSafely(record));
            }
            return acks;
        }).subscribeOn(Schedulers.boundedElastic()).flatMap(acks ->
                Mono.fromFuture(CompletableFuture.allOf(acks.stream()
                        .map(ack -> ack.handle((ok, error) -> null))
                        .toArray(CompletableFuture[]::new)))
                        .then(Mono.fromSupplier(() -> {
                            Settlement settlement = settle(rows, failures(acks), settings.parking(), clock.instant());
                            logParked(rows, settlement);
                            return settlement;
                        })));
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
            failures.add(ack.isCompletedExceptionally() ? failureOf(ack) : null);
        }
        return failures;
    }

    private static Throwable failureOf(CompletableFuture<?> ack) {
        return ack.handle((ok, e) -> e).join();
    }

    /**
     * What the acknowledgements of a batch mean for its rows (in claim order, so each account's rows in commit
     * order; {@code failures.get(i)} is null when row i was acknowledged). An acknowledged row is sent. A failed
     * one is parked when {@code parking} says so (Kafka refused it for good, or it failed past the bound), and
     * otherwise stays pending; then its account has a gap, and the account's later rows are held back unsent even
     * if Kafka acknowledged them, since marking them sent would let them overtake it. They are sent again once it
     * is sent (consumers deduplicate on the event id); until then the claim gives the failed row alone. A parked
     * row leaves no gap: the rows after it flow on.
     */
    static Settlement settle(List<Row> rows, List<Throwable> failures, Parking parking, Instant now) {
        List<Long> sent = new ArrayList<>();
        List<Failure> retried = new ArrayList<>();
        List<Failure> parked = new ArrayList<>();
        List<Long> heldBack = new ArrayList<>();
        Set<String> accountsWithAGap = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            Throwable failure = failures.get(i);
            if (accountsWithAGap.contains(row.key())) {
                heldBack.add(row.seq());
            } else if (failure == null) {
                sent.add(row.seq());
            } else {
                SendFailure kind = SendFailure.of(failure);
                Failure failed = new Failure(row.seq(), new Error(kind, SendFailure.describe(failure)));
                if (parking.parks(row, kind, now)) {
                    parked.add(failed);
                } else {
                    retried.add(failed);
                    accountsWithAGap.add(row.key());
                }
            }
        }
        return new Settlement(sent, retried, parked, heldBack);
    }

    private static void logParked(List<Row> rows, Settlement settlement) {
        for (Failure failure : settlement.parked()) {
            rows.stream().filter(row -> row.seq() == failure.seq()).findFirst().ifPresent(row -> log.warn(
                    "Parked outbox event {} of {} after {} attempt(s): {}; resubmit it through the admin API",
                    row.eventId(), row.key(), row.attempts() + 1, failure.error().text()));
        }
    }

    /** Sends batches until one comes back short, so a burst drains without waiting for the next poll. */
    public Mono<Integer> drain() {
        return batch()
                .expand(settlement -> settlement.rows() >= settings.batchSize() ? batch() : Mono.empty())
                .reduce(0, (sent, settlement) -> sent + settlement.sent().size());
    }

    @Override
    protected Mono<?> turn() {
        return drain()
                .doOnNext(sent -> backoff = settings.minBackoff())
                .onErrorResume(this::waitAfterFailure);
    }

    private Mono<Integer> waitAfterFailure(Throwable failure) {
        Duration wait = backoff;
        backoff = backoff.multipliedBy(2).compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff()
                : backoff.multipliedBy(2);
        log.warn("Outbox relay could not send events ({}); retrying in {} ms", failure.getMessage(), wait.toMillis());
        resetProducer.run();
        return Mono.delay(wait).thenReturn(0);
    }

    static final class KafkaUnavailable extends RuntimeException {
        KafkaUnavailable(String message) {
            super(message, null, false, false);
        }
    }
}
