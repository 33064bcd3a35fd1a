package com.storageplatform.kit.inbox;

import com.storageplatform.kit.consumer.FailurePolicy;
import com.storageplatform.kit.consumer.PipelinedConsumer;
import com.storageplatform.kit.db.AccountConnections;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.CloudEvent;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.tracing.Span;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Applies consumed events to the service's projections exactly once: for each record with a handled type, one
 * transaction records the event id in {@code inbox_events} and runs the handlers; an id already there (Kafka
 * redelivered it) changes nothing. The kit's {@link PipelinedConsumer} feeds it one record at a time, in order;
 * a handler that fails rolls its event back, and the event is tried again as the inbox's {@link FailurePolicy}
 * says ({@link #DEFAULT_FAILURES}: about two minutes, then it is logged for replay and passed over, so one poison
 * record cannot stop the projection). Each event is applied in a span continuing the trace it arrived with (its
 * record's {@code traceparent}, ADR 0022), in which the inbox logs what became of it.
 */
public class Inbox implements PipelinedConsumer.Handler<Inbox.Received> {

    private static final Logger log = LoggerFactory.getLogger(Inbox.class);

    /** Eight retries, 0.5 s doubling to 30 s (about 90 s of waiting), each try bounded at 30 s; then passed over. */
    public static final FailurePolicy DEFAULT_FAILURES = FailurePolicy.giveUpAfter(8, Duration.ofSeconds(30),
            Duration.ofMillis(500), Duration.ofSeconds(30));

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final List<EventHandler> handlers;
    /** Per topic, every type some handler takes: a record of another type is passed over unread. */
    private final Map<String, Set<String>> handledTypes;
    private final JsonMapper json;
    private final Clock clock;
    private final TraceContinuation traces;

    public Inbox(DatabaseClient db, TransactionalOperator tx, List<EventHandler> handlers, JsonMapper json,
            Clock clock, TraceContinuation traces) {
        this.db = db;
        this.tx = tx;
        this.handlers = List.copyOf(handlers);
        this.handledTypes = this.handlers.stream().collect(Collectors.groupingBy(EventHandler::topic,
                Collectors.flatMapping(handler -> handler.types().stream(), Collectors.toUnmodifiableSet())));
        this.json = json;
        this.clock = clock;
        this.traces = traces;
    }

    /** The topics the handlers read. */
    public List<String> topics() {
        return handlers.stream().map(EventHandler::topic).distinct().sorted().toList();
    }

    /**
     * A consumed event, where it was read (to name it in the log for replay), and the trace it came with (null when
     * none).
     */
    public record Received(ConsumedEvent event, String where, String traceparent) {
    }

    /**
     * The poll's events that some handler wants, one unit each; malformed records are logged and skipped. A record
     * whose type header names a type no handler takes is passed over without being parsed: most of a topic's
     * events are food for other services' projections.
     */
    @Override
    public List<Received> units(List<ConsumerRecord<String, String>> poll) {
        List<Received> received = new ArrayList<>();
        for (ConsumerRecord<String, String> record : poll) {
            Optional<String> type = CloudEvent.typeOf(record.headers());
            if (type.isPresent() && !handledTypes.getOrDefault(record.topic(), Set.of()).contains(type.get())) {
                continue;
            }
            parse(record).filter(event -> !interestedIn(event).isEmpty())
                    .ifPresent(event -> received.add(new Received(event, record.topic() + " (partition "
                            + record.partition() + ", offset " + record.offset() + ")",
                            TraceContextCarrier.from(record.headers()).orElse(null))));
        }
        return received;
    }

    /** One try, in a span of the event's trace. */
    @Override
    public Mono<Void> handle(Received received) {
        ConsumedEvent event = received.event();
        return traces.within("inbox", received.traceparent(), span -> apply(event).doOnNext(applied -> {
            if (applied) {
                traces.inScope(span.tag("event.type", event.type()), () -> log.debug("Applied event {} ({}) of {}",
                        event.id(), event.type(), received.where()));
            }
        })).then();
    }

    @Override
    public void gaveUp(Received received, Throwable failure) {
        Span span = traces.start("inbox", received.traceparent()).error(failure);
        try {
            traces.inScope(span, () -> log.error(
                    "Passed over event {} ({}) of {} after its retries, unapplied; replay it from there: {}",
                    received.event().id(), received.event().type(), received.where(), failure.toString()));
        } finally {
            span.end();
        }
    }

    /** Records the event and runs its handlers in one transaction; empty work when it was seen before. */
    public Mono<Boolean> apply(ConsumedEvent event) {
        List<EventHandler> interested = interestedIn(event);
        if (interested.isEmpty()) {
            return Mono.just(false);
        }
        Mono<Boolean> work = db.sql("""
                INSERT INTO inbox_events (event_id, event_type, topic, received_at) VALUES (:id, :type, :topic, :at)
                ON CONFLICT (event_id) DO NOTHING
                """)
                .bind("id", event.id())
                .bind("type", event.type())
                .bind("topic", event.topic())
                .bind("at", clock.instant())
                .fetch().rowsUpdated()
                .flatMap(inserted -> inserted == 0 ? Mono.just(false)
                        : Flux.fromIterable(interested).concatMap(handler -> handler.handle(event)).then(Mono.just(true)));
        // The handlers' connections serve the event's account, so the row-level wall holds for them as for a
        // request; an operator-wide event (no account) is about both of the operator's accounts and spans them.
        return event.accountId() == null ? tx.transactional(work)
                : tx.transactional(work).contextWrite(AccountConnections.forAccount(event.accountId()));
    }

    private List<EventHandler> interestedIn(ConsumedEvent event) {
        return handlers.stream()
                .filter(handler -> handler.topic().equals(event.topic()) && handler.types().contains(event.type())
                        && handler.wants(event))
                .toList();
    }

    private Optional<ConsumedEvent> parse(ConsumerRecord<String, String> record) {
        JsonNode envelope;
        try {
            envelope = json.readTree(record.value());
        } catch (JacksonException e) {
            log.warn("Skipping a record of {} that is not JSON (offset {})", record.topic(), record.offset());
            return Optional.empty();
        }
        Optional<UUID> id = Ids.parse(envelope.path("id").asString(""));
        Optional<UUID> account = Ids.parse(envelope.path("accountid").asString(""));
        Optional<UUID> operator = Ids.parse(envelope.path("operatorid").asString(""));
        String type = envelope.path("type").asString("");
        // An event is about one account, or (auth's operator.* events) about an operator and both its accounts.
        if (id.isEmpty() || (account.isEmpty() && operator.isEmpty()) || type.isEmpty()
                || !envelope.path("data").isObject()) {
            log.warn("Skipping a malformed event on {} (offset {})", record.topic(), record.offset());
            return Optional.empty();
        }
        return Optional.of(new ConsumedEvent(id.get(), record.topic(), envelope.path("source").asString(""), type,
                time(envelope.path("time").asString("")), account.orElse(null), operator.orElse(null),
                envelope.path("environment").asString(""), envelope.path("subject").asString(null),
                envelope.get("data")));
    }

    private Instant time(String value) {
        try {
            return value.isEmpty() ? clock.instant() : Instant.parse(value);
        } catch (DateTimeParseException e) {
            return clock.instant();
        }
    }
}
