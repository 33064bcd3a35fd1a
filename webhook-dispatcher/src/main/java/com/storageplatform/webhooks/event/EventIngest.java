package com.storageplatform.webhooks.event;

import com.storageplatform.kit.consumer.FailurePolicy;
import com.storageplatform.kit.consumer.PipelinedConsumer;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.CloudEvent;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import com.storageplatform.webhooks.delivery.Deliveries;
import com.storageplatform.webhooks.payload.ApiVersions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Consumes every service's {@code <service>.events} topic in one consumer group, through the kit's
 * {@link PipelinedConsumer} (ADR 0015). A public event is appended to the event log and, in the same transaction,
 * gets one delivery per endpoint subscribed to it; a redelivered record finds its id already in the log and
 * changes nothing. Internal events (projections' food) are skipped, and so is a malformed record, alone: the rest
 * of its batch is stored.
 *
 * <p>A poll is one unit of work: parsed on the consumer's thread, stored in one transaction, up to
 * {@value #PIPELINE_DEPTH} polls at once, acknowledged in poll order. A poll that cannot be stored (PostgreSQL down)
 * is tried again without end ({@link #FAILURES}), holding back the acknowledgements after it: nothing may be lost.
 */
@Component
class EventIngest implements PipelinedConsumer.Handler<EventIngest.Poll> {

    private static final Logger log = LoggerFactory.getLogger(EventIngest.class);

    /** Polls being stored at once: enough that one slow transaction does not hold up the events behind it. */
    static final int PIPELINE_DEPTH = 4;

    /**
     * Retried for ever, 0.5 s doubling to 30 s; one try at storing a poll may take 30 s (a longer one fails and is
     * tried again: storing is idempotent).
     */
    static final FailurePolicy FAILURES = FailurePolicy.retryForever(Duration.ofSeconds(30), Duration.ofMillis(500),
            Duration.ofSeconds(30));

    private final EventLog events;
    private final Deliveries deliveries;
    private final TransactionalOperator tx;
    private final WakeUpSignal signal;
    private final JsonMapper json;
    private final Clock clock;
    private final IngestTraces traces;

    EventIngest(EventLog events, Deliveries deliveries, TransactionalOperator tx,
            @Qualifier("deliverySignal") WakeUpSignal signal, JsonMapper json, Clock clock, IngestTraces traces) {
        this.traces = traces;
        this.events = events;
        this.deliveries = deliveries;
        this.tx = tx;
        this.signal = signal;
        this.json = json;
        this.clock = clock;
    }

    /** A poll's public events, and the lines to log about the records skipped. */
    record Poll(List<StoredEvent> events, List<String> skipped) {
    }

    /** The whole poll is one unit, stored in one transaction. */
    @Override
    public List<Poll> units(List<ConsumerRecord<String, String>> records) {
        List<String> skipped = new ArrayList<>();
        List<StoredEvent> parsed = records.stream().map(record -> parse(record, skipped)).flatMap(Optional::stream)
                .toList();
        return List.of(new Poll(parsed, skipped));
    }

    @Override
    public Mono<Void> handle(Poll poll) {
        return poll.events().isEmpty() ? Mono.empty() : ingest(poll.events());
    }

    /**
     * Logged once the poll is stored, so a poll retried through an outage does not repeat them; each event's line in
     * its own trace.
     */
    @Override
    public void handled(Poll poll) {
        poll.skipped().forEach(log::warn);
        poll.events().forEach(traces::stored);
    }

    /** Appends the events and queues their deliveries, once per event id (a duplicate, even in one batch, adds nothing). */
    Mono<Void> ingest(List<StoredEvent> batch) {
        Mono<Integer> work = events.appendAll(batch)
                .flatMap(appended -> appended.isEmpty() ? Mono.just(0) : deliveries.queueAll(appended));
        return tx.transactional(work)
                .doOnNext(queued -> {
                    if (queued > 0) {
                        signal.wake();
                    }
                })
                .then();
    }

    /**
     * The public event a record carries; empty for internal types and for records that are not events at all (which
     * add a line to {@code skipped}). A record PostgreSQL would refuse (a NUL character, which neither text nor
     * jsonb can hold) is malformed too: retried without end, it would stop ingest for everyone.
     */
    private Optional<StoredEvent> parse(ConsumerRecord<String, String> record, List<String> skipped) {
        Optional<String> typed = CloudEvent.typeOf(record.headers());
        if (typed.isPresent() && EventCatalogue.publicTypeOf(typed.get()).isEmpty()) {
            return Optional.empty(); // an internal type, passed over unread
        }
        String where = record.topic() + " (partition " + record.partition() + ", offset " + record.offset() + ")";
        JsonNode cloudEvent;
        try {
            cloudEvent = record.value() == null ? null : json.readTree(record.value());
        } catch (JacksonException e) {
            cloudEvent = null;
        }
        if (cloudEvent == null || !cloudEvent.isObject()) {
            skipped.add("Skipped a record of " + where + " that is not a JSON object");
            return Optional.empty();
        }
        String internalType = cloudEvent.path("type").asString("");
        Optional<String> publicType = EventCatalogue.publicTypeOf(internalType);
        String account = cloudEvent.path("accountid").asString("");
        if (publicType.isEmpty() || account.isEmpty()) {
            return Optional.empty();
        }
        Optional<UUID> id = Ids.parse(cloudEvent.path("id").asString(""));
        Optional<UUID> accountId = Ids.parse(account);
        String operator = cloudEvent.path("operatorid").asString("");
        Optional<UUID> operatorId = Ids.parse(operator);
        if (id.isEmpty() || accountId.isEmpty() || (!operator.isEmpty() && operatorId.isEmpty())
                || !cloudEvent.has("data") || holdsNul(record.value(), cloudEvent)) {
            skipped.add("Skipped a malformed " + internalType + " event on " + where);
            return Optional.empty();
        }
        Instant now = clock.instant();
        return Optional.of(new StoredEvent(id.get(), accountId.get(), operatorId.orElse(null), publicType.get(),
                internalType, cloudEvent.path("source").asString(""), ApiVersions.LATEST,
                cloudEvent.path("actortype").asString("api"),
                parseTime(cloudEvent.path("time").asString(""), now), cloudEvent.get("data"), now,
                TraceContextCarrier.from(record.headers()).orElse(null)));
    }

    /** JSON can only carry NUL escaped, so only a record with the escape needs its strings read. */
    private static boolean holdsNul(String raw, JsonNode node) {
        return raw.contains("\\u0000") && containsNul(node);
    }

    private static boolean containsNul(JsonNode node) {
        if (node.isString()) {
            return node.asString().indexOf('\0') >= 0;
        }
        return (node.isObject() && node.propertyNames().stream().anyMatch(name -> name.indexOf('\0') >= 0))
                || node.valueStream().anyMatch(EventIngest::containsNul);
    }

    private static Instant parseTime(String time, Instant fallback) {
        try {
            return time.isEmpty() ? fallback : Instant.parse(time);
        } catch (java.time.format.DateTimeParseException e) {
            return fallback;
        }
    }
}
