package com.storageplatform.kit.outbox;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.R2dbcType;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publishes a domain event the only way services may: as an outbox row written in the caller's transaction.
 * The event leaves for Kafka (topic {@code <service>.events}, key = account id) only once that transaction has
 * committed, so an event is never sent for a change that rolled back, nor lost for one that committed.
 */
public class EventPublisher {

    private static final String PLATFORM_KEY = "platform";

    private final DatabaseClient db;
    private final JsonMapper mapper;
    private final Clock clock;
    private final String source;
    private final String topic;
    private final OutboxSignal signal;

    public EventPublisher(DatabaseClient db, JsonMapper mapper, Clock clock, String serviceName, OutboxSignal signal) {
        this.db = db;
        this.mapper = mapper;
        this.clock = clock;
        this.source = "/" + serviceName;
        this.topic = topicOf(serviceName);
        this.signal = signal;
    }

    public static String topicOf(String serviceName) {
        return serviceName + ".events";
    }

    public String topic() {
        return topic;
    }

    /**
     * Writes the event; {@code subject} is the id of the resource it is about and {@code data} its REST shape.
     * Returns the event id.
     */
    public Mono<UUID> publish(Caller caller, String type, UUID subject, Object data) {
        UUID id = Ids.newId();
        CloudEvent event = new CloudEvent(CloudEvent.SPEC_VERSION, id, source, type, clock.instant(),
                "application/json", subject == null ? null : subject.toString(),
                caller.accountId() == null ? null : caller.accountId().toString(),
                caller.operatorId() == null ? null : caller.operatorId().toString(),
                caller.environment() == null ? null : caller.environment().value(),
                caller.actorType().value(), caller.requestId(), data);
        String key = event.accountid() == null ? PLATFORM_KEY : event.accountid();
        // The request's trace goes with the row, and from it onto the Kafka record (ADR 0022).
        return TraceContextCarrier.current().map(Optional::of).defaultIfEmpty(Optional.empty())
                .flatMap(traceparent -> db.sql("""
                        INSERT INTO outbox_events (event_id, partition_key, topic, event_type, payload, created_at,
                            traceparent)
                        VALUES (:id, :key, :topic, :type, :payload, :created_at, :traceparent)
                        """)
                        .bind("id", id)
                        .bind("key", key)
                        .bind("topic", topic)
                        .bind("type", type)
                        .bind("payload", mapper.writeValueAsString(event))
                        .bind("created_at", event.time())
                        .bind("traceparent", Parameters.in(R2dbcType.VARCHAR, traceparent.orElse(null)))
                        .then())
                .then(wakeRelayAfterCommit())
                .thenReturn(id);
    }

    private Mono<Void> wakeRelayAfterCommit() {
        return TransactionSynchronizationManager.forCurrentTransaction()
                .doOnNext(sync -> sync.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public Mono<Void> afterCompletion(int status) {
                        if (status == STATUS_COMMITTED) {
                            signal.committed();
                        }
                        return Mono.empty();
                    }
                }))
                .onErrorResume(NoTransactionException.class, outsideTransaction -> {
                    signal.committed();
                    return Mono.empty();
                })
                .then();
    }
}
