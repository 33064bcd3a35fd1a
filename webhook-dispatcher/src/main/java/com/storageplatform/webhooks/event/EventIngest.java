package com.storageplatform.webhooks.event;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.webhooks.delivery.DeliveryQueue;
import com.storageplatform.webhooks.delivery.DeliverySignal;
import com.storageplatform.webhooks.payload.ApiVersions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * finds its id already in the log and changes nothing. Internal events (projections' food) are skipped.
 */
@Component
class EventIngest {

    private static final Logger log = LoggerFactory.getLogger(EventIngest.class);

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

    /** A poll's worth of records at a time, in one transaction: the offsets move on only once it has committed. */
    @KafkaListener(id = "webhook-dispatcher", groupId = "${platform.webhooks.consumer-group}",
            topicPattern = ".*\\.events", batch = "true")
    Mono<Void> onRecords(List<ConsumerRecord<String, String>> records) {
        List<StoredEvent> parsed = records.stream().map(this::parse).flatMap(Optional::stream).toList();
        return parsed.isEmpty() ? Mono.empty() : ingest(parsed);
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

    /** The public event a record carries; empty for internal types and for records that are not events at all. */
    private Optional<StoredEvent> parse(ConsumerRecord<String, String> record) {
        JsonNode cloudEvent;
        try {
            cloudEvent = json.readTree(record.value());
        } catch (JacksonException e) {
            log.warn("Skipping a record of {} that is not JSON (offset {})", record.topic(), record.offset());
            return Optional.empty();
        }
        String internalType = cloudEvent.path("type").asString("");
        Optional<String> publicType = EventCatalogue.publicTypeOf(internalType);
        Optional<UUID> id = Ids.parse(cloudEvent.path("id").asString(""));
        String account = cloudEvent.path("accountid").asString("");
        if (publicType.isEmpty() || account.isEmpty()) {
            return Optional.empty();
        }
        if (id.isEmpty() || !cloudEvent.has("data")) {
            log.warn("Skipping a malformed {} event on {} (offset {})", internalType, record.topic(), record.offset());
            return Optional.empty();
        }
        String operator = cloudEvent.path("operatorid").asString("");
        Instant now = clock.instant();
        return Optional.of(new StoredEvent(id.get(), UUID.fromString(account),
                operator.isEmpty() ? null : UUID.fromString(operator), publicType.get(), internalType,
                cloudEvent.path("source").asString(""), ApiVersions.LATEST,
                cloudEvent.path("actortype").asString("api"),
                parseTime(cloudEvent.path("time").asString(""), now), cloudEvent.get("data"), now));
    }

    private static Instant parseTime(String time, Instant fallback) {
        try {
            return time.isEmpty() ? fallback : Instant.parse(time);
        } catch (java.time.format.DateTimeParseException e) {
            return fallback;
        }
    }
}
