package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The transactional outbox against a real Kafka broker. */
@PlatformTest
class OutboxRelayTest {

    @Autowired
    EventPublisher publisher;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    DatabaseClient db;

    @Autowired
    OutboxRegistry registry;

    @Autowired
    JsonMapper mapper;

    @Autowired
    PlatformClock clock;

    @Autowired
    OutboxCleanupJob cleanup;

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    private List<UUID> publish(Caller caller, String type, int count) {
        return Flux.range(0, count)
                .concatMap(i -> tx.transactional(publisher.publish(caller, type, null, Map.of("n", i))))
                .collectList()
                .block();
    }

    private JsonNode parse(ConsumerRecord<String, String> record) {
        return mapper.readTree(record.value());
    }

    private static boolean ofType(JsonNode event, String type) {
        return type.equals(event.path("type").asString());
    }

    @Test
    void twoRelaysTogetherPublishEachEventOnceAndKeepEachAccountsOrder() {
        DefaultKafkaProducerFactory<String, String> secondProducer = new DefaultKafkaProducerFactory<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, PlatformInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.ACKS_CONFIG, "all"));
        WakeUpSignal secondSignal = new WakeUpSignal();
        OutboxRelay second = new OutboxRelay(registry, tx, new KafkaTemplate<>(secondProducer), secondSignal,
                new OutboxRelay.Settings(Duration.ofMillis(20), 7, 3, Duration.ofMillis(100), Duration.ofSeconds(1)),
                secondProducer::reset, clock);
        second.start();
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            List<Caller> accounts = List.of(TestCallers.apiCaller(), TestCallers.apiCaller(), TestCallers.apiCaller());
            List<UUID> all = new ArrayList<>();
            for (int round = 0; round < 40; round++) {
                for (Caller account : accounts) {
                    all.addAll(publish(account, "sample.two_relays", 1));
                    secondSignal.wake();
                }
            }
            List<ConsumerRecord<String, String>> arrived = events.await(
                    record -> ofType(parse(record), "sample.two_relays"), all.size(), Duration.ofSeconds(60));
            sleep(2000);
            arrived = events.await(record -> ofType(parse(record), "sample.two_relays"), Integer.MAX_VALUE,
                    Duration.ofMillis(500));

            // A consumer that counts each event id: every written event arrived, and exactly once.
            List<String> arrivedIds = arrived.stream().map(record -> parse(record).path("id").asString()).toList();
            Map<String, Long> timesSeen = arrivedIds.stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(timesSeen.keySet()).containsExactlyInAnyOrderElementsOf(all.stream().map(UUID::toString).toList());
            assertThat(timesSeen).allSatisfy((id, times) -> assertThat(times).as("deliveries of %s", id).isEqualTo(1L));
            assertThat(arrivedIds).hasSize(all.size());

            for (Caller account : accounts) {
                List<String> inOrderPublished = new ArrayList<>();
                List<String> received = arrived.stream()
                        .filter(record -> record.key().equals(account.accountId().toString()))
                        .map(record -> parse(record).path("id").asString()).toList();
                all.stream().map(UUID::toString).filter(received::contains).forEach(inOrderPublished::add);
                assertThat(received).containsExactlyElementsOf(inOrderPublished);
            }
        } finally {
            second.stop();
            secondProducer.destroy();
        }
    }

    @Test
    void anEventIsSentOnlyOnceItsTransactionCommits() {
        Caller caller = TestCallers.apiCaller();
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            tx.transactional(publisher.publish(caller, "sample.rolled_back", null, Map.of("n", 1))
                    .then(reactor.core.publisher.Mono.error(new IllegalStateException("roll back"))))
                    .onErrorResume(IllegalStateException.class, e -> reactor.core.publisher.Mono.empty())
                    .block();
            publish(caller, "sample.committed", 1);
            events.await(record -> ofType(parse(record), "sample.committed")
                    && record.key().equals(caller.accountId().toString()), 1, Duration.ofSeconds(30));
            assertThat(events.seen()).noneMatch(record -> ofType(parse(record), "sample.rolled_back"));
        }
    }

    @Test
    void eachRecordNamesItsEventsTypeInAHeaderSoConsumersCanPassOverTypesUnread() {
        Caller caller = TestCallers.apiCaller();
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            publish(caller, "sample.typed", 1);
            ConsumerRecord<String, String> record = events.await(candidate -> ofType(parse(candidate), "sample.typed")
                    && candidate.key().equals(caller.accountId().toString()), 1, Duration.ofSeconds(30)).get(0);
            assertThat(CloudEvent.typeOf(record.headers())).contains("sample.typed");
        }
    }

    @Test
    void aRowIsStampedSentByThePlatformClockSoCleanupKeepsItSevenDays() {
        Caller caller = TestCallers.apiCaller();
        clock.advance(Duration.ofDays(8));
        UUID id = publish(caller, "sample.clocked", 1).get(0);
        Instant sentAt = awaitSentAt(id);
        assertThat(sentAt).isAfter(Instant.now().plus(Duration.ofDays(7)));

        cleanup.run().block();
        assertThat(awaitSentAt(id)).isEqualTo(sentAt);

        clock.advance(Duration.ofDays(7).plusSeconds(1));
        cleanup.run().block();
        assertThat(outboxRow(id)).isZero();
    }

    @Test
    void anAccountHeldByTheRelayOfAnotherServiceStillFlowsHere() throws InterruptedException {
        String anotherService = "outbox_another_service";
        String ourSchema = db.sql("SELECT current_schema() AS name").map(row -> row.get("name", String.class)).one()
                .block();
        PlatformInfrastructure infrastructure = PlatformInfrastructure.get();
        infrastructure.recreateSchema(anotherService);
        infrastructure.execute("CREATE TABLE " + anotherService + ".outbox_events (LIKE " + ourSchema
                + ".outbox_events INCLUDING ALL)", "ALTER TABLE " + anotherService + ".outbox_events OWNER TO "
                + infrastructure.databaseUsername());
        Caller caller = TestCallers.apiCaller();
        tx.transactional(inAnotherService(anotherService, publisher.publish(caller, "sample.elsewhere", null,
                Map.of("n", 0)))).block();

        // The other service's relay claims the account and hangs in its send, holding the account's lock.
        CountDownLatch sending = new CountDownLatch(1);
        CompletableFuture<Void> finish = new CompletableFuture<>();
        DefaultKafkaProducerFactory<String, String> unused = new DefaultKafkaProducerFactory<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, PlatformInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        KafkaTemplate<String, String> hanging = new KafkaTemplate<>(unused) {
            @Override
            public CompletableFuture<SendResult<String, String>> send(ProducerRecord<String, String> record) {
                sending.countDown();
                finish.join();
                return CompletableFuture.failedFuture(new IllegalStateException("the other service gave up"));
            }
        };
        OutboxRelay anotherRelay = new OutboxRelay(registry, tx, hanging, new WakeUpSignal(), OutboxRelay.Settings.defaults(),
                () -> { }, clock);
        CompletableFuture<Integer> there = tx.transactional(inAnotherService(anotherService, anotherRelay.relayBatch()))
                .onErrorResume(OutboxRelay.KafkaUnavailable.class, e -> reactor.core.publisher.Mono.just(0))
                .toFuture();
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            assertThat(sending.await(30, TimeUnit.SECONDS)).isTrue();
            UUID id = publish(caller, "sample.here", 1).get(0);
            assertThat(events.await(record -> id.toString().equals(parse(record).path("id").asString()), 1,
                    Duration.ofSeconds(15))).hasSize(1);
        } finally {
            finish.complete(null);
        }
        assertThat(there.join()).isZero();
        unused.destroy();
    }

    /** {@code work} on another service's schema: the same database, its own tables. */
    private <T> reactor.core.publisher.Mono<T> inAnotherService(String schema, reactor.core.publisher.Mono<T> work) {
        return db.sql("SET LOCAL search_path TO " + schema).then().then(work);
    }

    private Instant awaitSentAt(UUID id) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Instant sentAt = db.sql("SELECT sent_at FROM outbox_events WHERE event_id = :id").bind("id", id)
                    .map(row -> Optional.ofNullable(row.get("sent_at", Instant.class))).one()
                    .block().orElse(null);
            if (sentAt != null) {
                return sentAt;
            }
            sleep(50);
        }
        throw new AssertionError("The row was never marked sent");
    }

    private long outboxRow(UUID id) {
        return db.sql("SELECT count(*) AS n FROM outbox_events WHERE event_id = :id").bind("id", id)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
