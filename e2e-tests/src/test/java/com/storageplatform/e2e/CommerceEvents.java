package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.id.Ids;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Commerce's events on {@code commerce.events} as its outbox writes them (the CloudEvents envelope, keyed by
 * account), for the catalogue's projections; and a way to know the catalogue has applied them.
 *
 * <p>The catalogue reads the topic with one consumer group, one record at a time per partition, and the key puts
 * all of an account's events on one partition. So once an event published later for the same account shows its
 * effect, every earlier one has been applied: {@link Marker#awaitApplied()} publishes such an event (a reservation
 * of a unit of its own) and waits until the unit reads {@code reserved}.
 */
final class CommerceEvents {

    static final String TOPIC = "commerce.events";
    static final Duration PROJECTION_WAIT = Duration.ofSeconds(60);

    private static volatile KafkaProducer<String, String> producer;

    private CommerceEvents() {
    }

    /** A lowercase UUIDv7, as commerce's ids are. */
    static String newId() {
        return Ids.newId().toString();
    }

    static void publish(DevStack stack, String type, String accountId, Map<String, ?> data) {
        publish(stack, TOPIC, "/commerce", type, accountId, data);
    }

    /** An event on another service's topic, as that service's outbox would write it (billing's, say). */
    static void publish(DevStack stack, String topic, String source, String type, String accountId,
            Map<String, ?> data) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", newId());
        envelope.put("source", source);
        envelope.put("type", type);
        envelope.put("time", Instant.now().toString());
        envelope.put("datacontenttype", "application/json");
        envelope.put("accountid", accountId);
        envelope.put("environment", "test");
        envelope.put("actortype", "api");
        envelope.put("data", data);
        try {
            producer(stack).send(new ProducerRecord<>(topic, accountId, Http.JSON.writeValueAsString(envelope)))
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not publish " + type, e);
        }
    }

    private static KafkaProducer<String, String> producer(DevStack stack) {
        KafkaProducer<String, String> made = producer;
        if (made == null) {
            synchronized (CommerceEvents.class) {
                made = producer;
                if (made == null) {
                    made = new KafkaProducer<>(Map.of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers(),
                            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
                    KafkaProducer<String, String> closing = made;
                    Runtime.getRuntime().addShutdownHook(new Thread(closing::close, "e2e-commerce-events-close"));
                    producer = made;
                }
            }
        }
        return made;
    }

    /** Repeats {@code call} until {@code done} holds for its answer or the projection wait is over. */
    static <T> T eventually(Supplier<T> call, Predicate<T> done) {
        long deadline = System.nanoTime() + PROJECTION_WAIT.toNanos();
        T answer = call.get();
        while (!done.test(answer) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            answer = call.get();
        }
        return answer;
    }

    /** A reservation's {@code data} as commerce publishes it. */
    static Map<String, Object> reservation(String id, String site, String unitType, String unit, String status) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("object", "reservation");
        data.put("site_id", site);
        data.put("unit_id", unit);
        data.put("unit_type_id", unitType);
        data.put("contact_id", newId());
        data.put("status", status);
        data.put("held_until", Instant.now().plus(Duration.ofDays(3)).toString());
        return data;
    }

    /**
     * Proves the catalogue has caught up with an account's commerce events. Needs a key of that account with
     * {@code sites:write}, {@code units:read} and {@code units:write}; its units sit on a site of their own.
     */
    static final class Marker {

        private final DevStack stack;
        private final String key;
        private final String accountId;
        private String site;
        private String unitType;

        Marker(DevStack stack, String key, String accountId) {
            this.stack = stack;
            this.key = key;
            this.accountId = accountId;
        }

        /** Returns once every commerce event published for the account before this call has been applied. */
        void awaitApplied() {
            if (site == null) {
                site = created("/v1/sites", Map.of("name", "Projection marker", "timezone", "Europe/London"));
                unitType = created("/v1/unit-types", Map.of("site_id", site, "name", "Marker", "price_minor", 100,
                        "currency", "GBP"));
            }
            String unit = created("/v1/units", Map.of("site_id", site, "unit_type_id", unitType,
                    "name", "M-" + newId()));
            publish(stack, "reservation.created", accountId, reservation(newId(), site, unitType, unit, "active"));
            String status = eventually(() -> Http.get(stack.gatewayUrl() + "/v1/units/" + unit, key).data()
                    .path("status").asString(), "reserved"::equals);
            assertThat(status).as("the marker unit's status once the catalogue has caught up").isEqualTo("reserved");
        }

        private String created(String path, Map<String, ?> body) {
            Http.Response created = Http.post(stack.gatewayUrl() + path, key, body);
            assertThat(created.status()).as(path + " " + created.body()).isEqualTo(201);
            return created.data().path("id").asString();
        }
    }
}
