package com.storageplatform.kit.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a topic from the beginning with a consumer of its own, for asserting what a service published. */
public final class TestEvents implements AutoCloseable {

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

    public List<ConsumerRecord<String, String>> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
