package com.storageplatform.kit.outbox;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publishes a domain event the only way services may: as an outbox row written in the caller's transaction.
 * The event leaves for Kafka (topic {@code <service>.events}, key = account id) only once that transaction has
 * committed, so an event is never sent for a change that rolled back, nor lost for one that committed.
 */
public class EventPublisher {

    /** The partition key of events that belong to no account. */
    static final String PLATFORM_KEY = "platform";

    private final OutboxRegistry outbox;
    private final JsonMapper mapper;
    private final Clock clock;
    private final String source;
    private final String topic;
    private final WakeUpSignal relay;

    /** {@code relay} is woken when the transaction that wrote an event commits. */
    public EventPublisher(OutboxRegistry outbox, JsonMapper mapper, Clock clock, String serviceName,
            WakeUpSignal relay) {
        this.outbox = outbox;
        this.mapper = mapper;
        this.clock = clock;
        this.source = "/" + serviceName;
        this.topic = topicOf(serviceName);
        this.relay = relay;
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
        String payload = mapper.writeValueAsString(event);
        // The request's trace goes with the row, and from it onto the Kafka record (ADR 0022).
        return TraceContextCarrier.current().map(Optional::of).defaultIfEmpty(Optional.empty())
                .flatMap(traceparent -> outbox.store(id, key, topic, type, payload, event.time(),
                        traceparent.orElse(null)))
                .then(AfterCommit.run(relay::wake))
                .thenReturn(id);
    }
}
