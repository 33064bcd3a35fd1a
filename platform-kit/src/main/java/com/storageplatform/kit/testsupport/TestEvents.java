package com.storageplatform.kit.testsupport;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.CloudEvent;
import com.storageplatform.kit.tracing.TraceContextCarrier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;

/** Reads a topic from the beginning with a consumer of its own, for asserting what a service published. */
public final class TestEvents implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static KafkaProducer<String, String> producer;

    private final KafkaConsumer<String, String> consumer;
    private final List<ConsumerRecord<String, String>> seen = new ArrayList<>();

    private TestEvents(String bootstrapServers, String topic) {
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        consumer.subscribe(List.of(topic));
    }

    public static TestEvents on(String topic) {
        return new TestEvents(PlatformInfrastructure.get().kafkaBootstrapServers(), topic);
    }

    /** Polls until {@code count} records matching {@code filter} have arrived, or the timeout passes. */
    public List<ConsumerRecord<String, String>> await(Predicate<ConsumerRecord<String, String>> filter, int count,
            Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && seen.stream().filter(filter).count() < count) {
            consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
        }
        return seen.stream().filter(filter).toList();
    }

    /**
     * Publishes an event as another service's outbox would (the CloudEvents envelope, keyed by account) and
     * returns its id. Publishing the returned {@code id} again (see {@link #publish(String, UUID, String, UUID, Map)})
     * is how tests play a Kafka redelivery.
     */
    public static UUID publish(String topic, String type, UUID accountId, Map<String, ?> data) {
        return publish(topic, Ids.newId(), type, accountId, data);
    }

    public static UUID publish(String topic, UUID id, String type, UUID accountId, Map<String, ?> data) {
        return publish(topic, id, type, accountId, data, null);
    }

    /** As a service's outbox would send an event published in a request: with the request's {@code traceparent}. */
    public static UUID publish(String topic, UUID id, String type, UUID accountId, Map<String, ?> data,
            String traceparent) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", id.toString());
        envelope.put("source", "/" + topic.substring(0, topic.indexOf('.')));
        envelope.put("type", type);
        envelope.put("time", Instant.now().toString());
        envelope.put("datacontenttype", "application/json");
        envelope.put("accountid", accountId.toString());
        envelope.put("environment", "test");
        envelope.put("actortype", "api");
        envelope.put("data", data);
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, accountId.toString(),
                JSON.writeValueAsString(envelope));
        CloudEvent.putType(record.headers(), type);
        TraceContextCarrier.put(record.headers(), traceparent);
        send(record);
        return id;
    }

    /**
     * Publishes an operator-wide event as auth's outbox does for {@code operator.*}: {@code operatorid} set and no
     * {@code accountid} (the data names both accounts).
     */
    public static UUID publishForOperator(String topic, String type, UUID operatorId, Map<String, ?> data) {
        return publishForOperator(topic, Ids.newId(), type, operatorId, data);
    }

    public static UUID publishForOperator(String topic, UUID id, String type, UUID operatorId, Map<String, ?> data) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", id.toString());
        envelope.put("source", "/" + topic.substring(0, topic.indexOf('.')));
        envelope.put("type", type);
        envelope.put("time", Instant.now().toString());
        envelope.put("datacontenttype", "application/json");
        envelope.put("operatorid", operatorId.toString());
        envelope.put("actortype", "platform_admin");
        envelope.put("data", data);
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, operatorId.toString(),
                JSON.writeValueAsString(envelope));
        CloudEvent.putType(record.headers(), type);
        send(record);
        return id;
    }

    /** Publishes a record exactly as given, with no headers (for malformed-record tests). */
    public static void publishRaw(String topic, String key, String value) {
        send(new ProducerRecord<>(topic, key, value));
    }

    /** Publishes a record exactly as given, its {@link CloudEvent#TYPE_HEADER} naming {@code typeHeader}. */
    public static void publishRaw(String topic, String key, String value, String typeHeader) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        CloudEvent.putType(record.headers(), typeHeader);
        send(record);
    }

    private static void send(ProducerRecord<String, String> record) {
        try {
            producer().send(record).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not publish to " + record.topic(), e);
        }
    }

    private static synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, PlatformInfrastructure.get().kafkaBootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        }
        return producer;
    }

    public List<ConsumerRecord<String, String>> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
