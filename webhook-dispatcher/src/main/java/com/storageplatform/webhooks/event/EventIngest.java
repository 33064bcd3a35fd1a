package com.storageplatform.webhooks.event;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import com.storageplatform.webhooks.delivery.DeliveryQueue;
import com.storageplatform.webhooks.delivery.DeliverySignal;
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
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Consumes every service's {@code <service>.events} topic in one consumer group. A public event is appended to the
 * event log and, in the same transaction, gets one delivery per endpoint subscribed to it; a redelivered record
 * finds its id already in the log and changes nothing. Internal events (projections' food) are skipped, and so is
 * a malformed record, alone: the rest of its batch is stored.
 */
@Component
class EventIngest implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(EventIngest.class);

    static final String LISTENER_ID = "webhook-dispatcher";

    /** Polls being stored at once: enough that one slow transaction does not hold up the events behind it. */
    static final int PIPELINE_DEPTH = 4;

    /** One try at storing a poll may take 30 s (a longer one fails and is tried again: storing is idempotent). */
    static final InOrderPipeline.Retries RETRIES = new InOrderPipeline.Retries(Duration.ofSeconds(30),
            Duration.ofMillis(500), Duration.ofSeconds(30));

    private final EventLog events;
    private final DeliveryQueue deliveries;
    private final TransactionalOperator tx;
    private final DeliverySignal signal;
    private final JsonMapper json;
    private final Clock clock;
    private final InOrderPipeline<Poll> pipeline;
    private final IngestTraces traces;

    EventIngest(EventLog events, DeliveryQueue deliveries, TransactionalOperator tx, DeliverySignal signal,
            JsonMapper json, Clock clock, KafkaListenerEndpointRegistry listeners, IngestTraces traces) {
        this.traces = traces;
        this.events = events;
        this.deliveries = deliveries;
        this.tx = tx;
        this.signal = signal;
        this.json = json;
        this.clock = clock;
        this.pipeline = new InOrderPipeline<>(PIPELINE_DEPTH, RETRIES, this::store, this::stored,
                new ListenerValve(listeners));
    }

    /**
     * A poll's worth of records at a time. Parsing is done here, on the consumer's thread; storing goes to the
     * pipeline, which stores up to {@value #PIPELINE_DEPTH} polls at once, acknowledges them in poll order (the
     * container commits an acknowledged poll's offsets) and tries a poll that could not be stored (PostgreSQL
     * down) again without end, holding back the acknowledgements after it. So the consumer polls again at once,
     * but no offset is committed past an event that is not stored. The container is paused while the pipeline
     * is full, and keeps its partitions meanwhile.
     */
    @KafkaListener(id = LISTENER_ID, groupId = "${platform.webhooks.consumer-group}",
            topicPattern = ".*\\.events", batch = "true")
    void onRecords(List<ConsumerRecord<String, String>> records, Acknowledgment acknowledgment) {
        List<String> skipped = new ArrayList<>();
        List<StoredEvent> parsed = records.stream().map(record -> parse(record, skipped)).flatMap(Optional::stream)
                .toList();
        pipeline.submit(new Poll(parsed, skipped, acknowledgment));
    }

    /** A poll's public events, the lines to log about the records skipped, and its acknowledgement. */
    private record Poll(List<StoredEvent> events, List<String> skipped, Acknowledgment acknowledgment) {
    }

    private Mono<Void> store(Poll poll) {
        return poll.events().isEmpty() ? Mono.empty() : ingest(poll.events());
    }

    private void stored(Poll poll) {
        poll.acknowledgment().acknowledge();
        // Logged once the poll is stored, so a poll retried through an outage does not repeat them.
        poll.skipped().forEach(log::warn);
        poll.events().forEach(traces::stored);
    }

    @Override
    public void destroy() {
        pipeline.close();
    }

    /** Pauses and resumes the listener's container (looked up when needed: it is created after this bean). */
    private record ListenerValve(KafkaListenerEndpointRegistry registry) implements InOrderPipeline.Valve {

        @Override
        public void pause() {
            Optional.ofNullable(registry.getListenerContainer(LISTENER_ID)).ifPresent(MessageListenerContainer::pause);
        }

        @Override
        public void resume() {
            Optional.ofNullable(registry.getListenerContainer(LISTENER_ID)).ifPresent(MessageListenerContainer::resume);
        }
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
