package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/** Kafka stopped, 100 events written, Kafka started again: every event arrives, and none was ever parked. */
@PlatformTest
@TestPropertySource(properties = "platform.outbox.relay-enabled=false")
class OutboxKafkaOutageTest {

    @Autowired
    EventPublisher publisher;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    DatabaseClient db;

    @Autowired
    JsonMapper mapper;

    @Autowired
    OutboxRegistry registry;

    @Test
    void eventsWrittenWhileKafkaIsDownAllArriveAfterItRestarts() {
        Caller caller = TestCallers.apiCaller("samples:write");
        try (KafkaServerProcess kafka = KafkaServerProcess.startNew()) {
            DefaultKafkaProducerFactory<String, String> producer = new DefaultKafkaProducerFactory<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.ACKS_CONFIG, "all",
                    ProducerConfig.MAX_BLOCK_MS_CONFIG, 2000,
                    ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                    ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 4000));
            WakeUpSignal signal = new WakeUpSignal();
            // The tightest bound there is: any failure but an outage would park its row at once.
            OutboxRelay relay = new OutboxRelay(registry, tx, new KafkaTemplate<>(producer), signal,
                    new OutboxRelay.Settings(Duration.ofMillis(200), 50, 10, Duration.ofMillis(200), Duration.ofSeconds(2),
                            new OutboxRelay.Parking(1, Duration.ZERO)),
                    producer::reset, Clock.systemUTC());
            relay.start();
            try {
                kafka.stop();
                List<UUID> ids = Flux.range(0, 100)
                        .concatMap(i -> tx.transactional(publisher.publish(caller, "sample.during_outage", null,
                                Map.of("n", i))))
                        .collectList().block();
                signal.wake();
                sleep(3000);
                assertThat(unsent()).isEqualTo(100);
                assertThat(count("attempts > 0")).as("the relay tried and failed").isPositive();

                kafka.start();
                Set<String> arrived = consumeIds(kafka.bootstrapServers(), 100, Duration.ofSeconds(90));
                assertThat(arrived).containsExactlyInAnyOrderElementsOf(ids.stream().map(UUID::toString).toList());
                assertThat(unsent()).isZero();
                assertThat(count("failed_at IS NOT NULL")).as("an outage parks nothing").isZero();
            } finally {
                relay.stop();
                producer.destroy();
            }
        }
    }

    private long unsent() {
        return count("sent_at IS NULL");
    }

    private long count(String condition) {
        return db.sql("SELECT count(*) AS n FROM outbox_events WHERE " + condition)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    private Set<String> consumeIds(String bootstrapServers, int expected, Duration timeout) {
        Set<String> ids = new HashSet<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "outage-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            consumer.subscribe(List.of(publisher.topic()));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (ids.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    ids.add(mapper.readTree(record.value()).path("id").asString());
                }
            }
        }
        return ids;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
