package com.storageplatform.webhooks.event;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
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
import org.springframework.core.NestedExceptionUtils;
import org.springframework.kafka.annotation.KafkaListener;
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
class EventIngest {

    private static final Logger log = LoggerFactory.getLogger(EventIngest.class);

    /** One attempt at storing a batch; one that takes longer fails and is tried again (it is idempotent). */
    static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(30);

    private final EventLog events;
    private final DeliveryQueue deliveries;
    private final TransactionalOperator tx;
    private final DeliverySignal signal;
    private final JsonMapper json;
    private final Clock clock;

    EventIngest(EventLog events, DeliveryQueue deliveries, TransactionalOperator tx, DeliverySignal signal,
            JsonMapper json, Clock clock) {
        this.events = events;
        this.deliveries = deliveries;
        this.tx = tx;
        this.signal = signal;
        this.json = json;
        this.clock = clock;
    }

    /**
     * A poll's worth of records at a time, in one transaction, on the consumer's thread (which may block): the
     * offsets move on only once it has committed. A failure (PostgreSQL down) is thrown to the container, whose
     * error handler calls this again with the same records, without end ({@code DispatcherConfiguration}).
     * Returning a {@code Mono} instead would hand the failure to Spring Kafka's async path, which acknowledges a
     * failed batch and drops it.
     */
    @KafkaListener(id = "webhook-dispatcher", groupId = "${platform.webhooks.consumer-group}",
            topicPattern = ".*\\.events", batch = "true")
    void onRecords(List<ConsumerRecord<String, String>> records) {
        List<String> skipped = new ArrayList<>();
        List<StoredEvent> parsed = records.stream().map(record -> parse(record, skipped)).flatMap(Optional::stream)
                .toList();
        if (!parsed.isEmpty()) {
            try {
                ingest(parsed).block(ATTEMPT_TIMEOUT);
            } catch (RuntimeException failure) {
                log.warn("Could not store {} events; the batch is tried again until it is stored: {}", parsed.size(),
                        NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
                throw failure;
            }
        }
        // Logged once the batch is stored, so a batch retried through an outage does not repeat them.
        skipped.forEach(log::warn);
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
                parseTime(cloudEvent.path("time").asString(""), now), cloudEvent.get("data"), now));
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
