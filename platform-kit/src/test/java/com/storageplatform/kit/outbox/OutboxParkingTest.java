package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An outbox that cannot wedge, against a real broker (ADR 0020): an event Kafka refuses as too large is parked
 * with its error, its account's later events are delivered, the metric and the admin list show it, and once the
 * limit is raised a resubmission delivers it, once.
 */
@PlatformTest
@TestPropertySource(properties = "platform.outbox.relay-enabled=false")
class OutboxParkingTest {

    /**
     * The broker's limit on the test's topic: above the producer's batch size (16 KiB), as a topic's limit must be
     * (below it the producer splits a refused batch into the same batch again until its delivery timeout,
     * KAFKA-8350, which reads as an outage), and below the event the test makes too large.
     */
    private static final int TOPIC_LIMIT = 32_768;

    @TestConfiguration
    static class Meters {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Autowired
    OutboxRegistry registry;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    DatabaseClient db;

    @Autowired
    JsonMapper mapper;

    @Autowired
    PlatformClock clock;

    @Autowired
    MeterRegistry meters;

    @Autowired
    WebTestClient client;

    @Autowired
    DefaultKafkaProducerFactory<String, String> outboxProducerFactory;

    @Autowired
    KafkaTemplate<String, String> outboxKafkaTemplate;

    private final WakeUpSignal signal = new WakeUpSignal();

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void anEventTooLargeForKafkaIsParkedItsAccountFlowsOnAndAResubmissionDeliversItOnce() throws Exception {
        // A topic of its own (the service name gives the topic), new on every run.
        String service = "parkingtest" + Long.toHexString(System.nanoTime());
        EventPublisher publisher = new EventPublisher(registry, mapper, clock, service, signal);
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(publisher.topic(), 1, (short) 1)
                    .configs(Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, Integer.toString(TOPIC_LIMIT))))).all().get();
            Caller account = TestCallers.apiCaller();
            Caller another = TestCallers.apiCaller();
            UUID first = publish(publisher, account, "sample.small", "first");
            UUID tooLarge = publish(publisher, account, "sample.large", "x".repeat(2 * TOPIC_LIMIT));
            UUID third = publish(publisher, account, "sample.small", "third");
            UUID elsewhere = publish(publisher, another, "sample.small", "elsewhere");
            UUID fourth = publish(publisher, account, "sample.small", "fourth");

            OutboxRelay relay = relay(outboxKafkaTemplate, outboxProducerFactory::reset);
            relay.start();
            try (TestEvents events = TestEvents.on(publisher.topic())) {
                assertThat(ids(events.await(record -> true, 4, Duration.ofSeconds(30))))
                        .as("the account's later events and another account's, in order")
                        .containsExactly(first.toString(), third.toString(), elsewhere.toString(), fourth.toString());

                // Kafka acknowledged the rows that follow before the batch's transaction recorded the park.
                await(() -> failed(publisher.topic()).size() == 1, "the refused event is parked");
                JsonNode parked = failed(publisher.topic()).get(0);
                assertThat(parked.path("id").asString()).isEqualTo(tooLarge.toString());
                assertThat(parked.path("object").asString()).isEqualTo("outbox_event");
                assertThat(parked.path("service").asString()).isEqualTo("kittest");
                assertThat(parked.path("account_id").asString()).isEqualTo(account.accountId().toString());
                assertThat(parked.path("type").asString()).isEqualTo("sample.large");
                assertThat(parked.path("status").asString()).isEqualTo("failed");
                assertThat(parked.path("attempts").asInt()).isEqualTo(1);
                assertThat(parked.path("last_error").asString()).startsWith("RecordTooLargeException: ");
                assertThat(parked.path("failed_at").asString()).endsWith("Z");
                assertThat(parked.has("payload")).isFalse();

                await(() -> gauge() == failed().size(), "the gauge counts the parked rows");
                assertThat(gauge()).isPositive();
                assertThat(meters.get(OutboxMetrics.PARKS).counter().count()).isPositive();

                // Resubmitted while the limit still stands, it is parked again.
                resubmit(tooLarge).expectStatus().isOk()
                        .expectBody().jsonPath("$.data.status").isEqualTo("pending");
                signal.wake();
                await(() -> failed(publisher.topic()).size() == 1
                        && failed(publisher.topic()).get(0).path("attempts").asInt() == 2,
                        "parked again on its second attempt");

                admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, publisher.topic()),
                        List.of(new AlterConfigOp(new ConfigEntry(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "1048588"),
                                AlterConfigOp.OpType.SET)))).all().get();
                awaitTopicLimit(admin, publisher.topic(), "1048588");
                resubmit(tooLarge).expectStatus().isOk()
                        .expectBody()
                        .jsonPath("$.data.id").isEqualTo(tooLarge.toString())
                        .jsonPath("$.data.status").isEqualTo("pending")
                        .jsonPath("$.data.resubmitted_at").isNotEmpty();
                signal.wake();

                assertThat(ids(events.await(record -> true, 5, Duration.ofSeconds(30)))).contains(tooLarge.toString());
                sleep(1500);
                assertThat(ids(events.await(record -> true, Integer.MAX_VALUE, Duration.ofMillis(500))))
                        .as("delivered once").filteredOn(tooLarge.toString()::equals).hasSize(1);
                assertThat(failed(publisher.topic())).isEmpty();
                await(() -> gauge() == failed().size(), "the gauge no longer counts it");
                assertThat(db.sql("SELECT sent_at IS NOT NULL AS sent, attempts FROM outbox_events WHERE event_id = :id")
                        .bind("id", tooLarge).map(row -> row.get("sent", Boolean.class) + "/" + row.get("attempts"))
                        .one().block()).isEqualTo("true/3");

                resubmit(tooLarge).expectStatus().isEqualTo(409)
                        .expectBody().jsonPath("$.error.code").isEqualTo("conflict");
            } finally {
                relay.stop();
            }
        }
    }

    @Test
    void aRecordTheProducerRefusesAtOnceFailsAloneAndTheRowsAfterItAreSent() {
        // The producer's own limit: the send fails before it leaves, so the failure is there at once.
        DefaultKafkaProducerFactory<String, String> smallProducer = new DefaultKafkaProducerFactory<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, PlatformInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 8192));
        EventPublisher publisher = new EventPublisher(registry, mapper, clock, "kittest", signal);
        Caller account = TestCallers.apiCaller();
        Caller another = TestCallers.apiCaller();
        UUID tooLarge = publish(publisher, account, "sample.refused_at_once", "y".repeat(20_000));
        UUID after = publish(publisher, account, "sample.after_refused", "after");
        UUID elsewhere = publish(publisher, another, "sample.after_refused", "elsewhere");
        OutboxRelay relay = relay(new KafkaTemplate<>(smallProducer), smallProducer::reset);
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            relay.drain().block(Duration.ofSeconds(30));
            assertThat(ids(events.await(record -> record.value().contains("sample.after_refused"), 2,
                    Duration.ofSeconds(30)))).containsExactlyInAnyOrder(after.toString(), elsewhere.toString());
            JsonNode parked = failed().stream().filter(entry -> entry.path("id").asString().equals(tooLarge.toString()))
                    .findFirst().orElseThrow();
            assertThat(parked.path("last_error").asString()).startsWith("RecordTooLargeException: ");
        } finally {
            smallProducer.destroy();
        }
    }

    @Test
    void aRowFailingForAnotherReasonHoldsItsAccountBackUntilItIsPastTheBoundThenIsParked() {
        // The broker takes every record but one, which fails the way no rule knows: neither an outage nor a refusal.
        KafkaTemplate<String, String> odd = new KafkaTemplate<>(outboxProducerFactory) {
            @Override
            public CompletableFuture<SendResult<String, String>> send(ProducerRecord<String, String> record) {
                return record.value().contains("sample.odd")
                        ? CompletableFuture.failedFuture(new IllegalStateException("something unexpected"))
                        : outboxKafkaTemplate.send(record);
            }
        };
        EventPublisher publisher = new EventPublisher(registry, mapper, clock, "kittest", signal);
        Caller account = TestCallers.apiCaller();
        UUID oddOne = publish(publisher, account, "sample.odd", "odd");
        UUID behind = publish(publisher, account, "sample.behind_odd", "behind");
        OutboxRelay relay = new OutboxRelay(registry, tx, odd, signal, new OutboxRelay.Settings(Duration.ofMillis(200),
                50, 10, Duration.ofMillis(10), Duration.ofMillis(20), new OutboxRelay.Parking(3, Duration.ZERO)),
                () -> { }, clock);
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            relay.drain().onErrorResume(e -> Mono.just(0)).block(Duration.ofSeconds(30));
            clock.advance(Duration.ofSeconds(1));     // past its retry time
            relay.drain().onErrorResume(e -> Mono.just(0)).block(Duration.ofSeconds(30));
            assertThat(row(oddOne)).isEqualTo("pending, 2 attempts, failing: true");
            assertThat(row(behind)).as("held back behind it").isEqualTo("pending, 0 attempts, failing: false");

            clock.advance(Duration.ofSeconds(1));
            relay.drain().onErrorResume(e -> Mono.just(0)).block(Duration.ofSeconds(30));
            assertThat(row(oddOne)).isEqualTo("parked, 3 attempts, failing: true");
            assertThat(row(behind)).as("not sent with its retries").isEqualTo("pending, 0 attempts, failing: false");
            relay.drain().onErrorResume(e -> Mono.just(0)).block(Duration.ofSeconds(30));
            assertThat(row(behind)).as("flows on once the row before it is parked").startsWith("sent");
            // Sent with it on its first try too (Kafka acknowledged it, the relay did not count it as sent).
            assertThat(ids(events.await(record -> record.value().contains(behind.toString()), 1,
                    Duration.ofSeconds(30)))).isNotEmpty().containsOnly(behind.toString());
            JsonNode parked = failed().stream().filter(entry -> entry.path("id").asString().equals(oddOne.toString()))
                    .findFirst().orElseThrow();
            assertThat(parked.path("last_error").asString()).isEqualTo("IllegalStateException: something unexpected");
        }
    }

    @Test
    void aFailedRowIsNotTriedBeforeItsRetryTimeAndTheRowsBehindItAreNotSentWhileItFails() {
        // One record fails the way no rule knows, until the test lets it through; the broker takes every other.
        AtomicBoolean failing = new AtomicBoolean(true);
        AtomicInteger tries = new AtomicInteger();
        AtomicInteger behindSends = new AtomicInteger();
        KafkaTemplate<String, String> flaky = new KafkaTemplate<>(outboxProducerFactory) {
            @Override
            public CompletableFuture<SendResult<String, String>> send(ProducerRecord<String, String> record) {
                if (record.value().contains("sample.flaky")) {
                    tries.incrementAndGet();
                    if (failing.get()) {
                        return CompletableFuture.failedFuture(new IllegalStateException("not yet"));
                    }
                }
                if (record.value().contains("sample.behind_flaky")) {
                    behindSends.incrementAndGet();
                }
                return outboxKafkaTemplate.send(record);
            }
        };
        EventPublisher publisher = new EventPublisher(registry, mapper, clock, "kittest", signal);
        Caller account = TestCallers.apiCaller();
        Caller another = TestCallers.apiCaller();
        UUID flakyOne = publish(publisher, account, "sample.flaky", "flaky");
        UUID behind = publish(publisher, account, "sample.behind_flaky", "behind");
        // Retried after a minute, then two, four at most; the parking bound is far off.
        OutboxRelay relay = new OutboxRelay(registry, tx, flaky, signal, new OutboxRelay.Settings(Duration.ofMillis(200),
                50, 10, Duration.ofMinutes(1), Duration.ofMinutes(4), OutboxRelay.Parking.defaults()), () -> { }, clock);
        try (TestEvents events = TestEvents.on(publisher.topic())) {
            drain(relay);
            assertThat(row(flakyOne)).isEqualTo("pending, 1 attempts, failing: true");
            assertThat(behindSends).as("sent with it on its first try, before its failure was known").hasValue(1);

            // Before its retry time: another account's rows flow, the failed row is not tried, nothing behind it sent.
            for (int i = 0; i < 3; i++) {
                UUID elsewhere = publish(publisher, another, "sample.elsewhere_flaky", "elsewhere");
                drain(relay);
                assertThat(events.await(record -> record.value().contains(elsewhere.toString()), 1,
                        Duration.ofSeconds(30))).hasSize(1);
            }
            assertThat(tries).hasValue(1);
            assertThat(behindSends).hasValue(1);
            assertThat(row(flakyOne)).isEqualTo("pending, 1 attempts, failing: true");

            clock.advance(Duration.ofMinutes(1));
            drain(relay);
            assertThat(tries).as("due: tried again").hasValue(2);
            assertThat(behindSends).as("alone").hasValue(1);
            clock.advance(Duration.ofMinutes(1));
            drain(relay);
            assertThat(tries).as("its wait doubled to two minutes").hasValue(2);

            failing.set(false);
            clock.advance(Duration.ofMinutes(1));
            drain(relay);
            assertThat(row(flakyOne)).isEqualTo("sent, 3 attempts, failing: true");
            drain(relay);
            assertThat(row(behind)).isEqualTo("sent, 1 attempts, failing: false");
            assertThat(tries).hasValue(3);
            assertThat(behindSends).as("once on the first try and once after it").hasValue(2);
            assertThat(ids(events.await(record -> record.value().contains(flakyOne.toString())
                    || record.value().contains(behind.toString()), 3, Duration.ofSeconds(30))))
                    .as("in the account's partition").containsExactly(behind.toString(), flakyOne.toString(),
                            behind.toString());
        }
    }

    private static void drain(OutboxRelay relay) {
        relay.drain().onErrorResume(e -> Mono.just(0)).block(Duration.ofSeconds(30));
    }

    /** A row's state, attempts and whether its failure clock runs. */
    private String row(UUID id) {
        return db.sql("SELECT sent_at, failed_at, attempts, failing_since FROM outbox_events WHERE event_id = :id")
                .bind("id", id)
                .map(row -> (row.get("sent_at") != null ? "sent" : row.get("failed_at") != null ? "parked" : "pending")
                        + ", " + row.get("attempts") + " attempts, failing: " + (row.get("failing_since") != null))
                .one().block();
    }

    @Test
    void onlyThePlatformAdminSeesOrResubmitsParkedRows() {
        UUID unknown = UUID.randomUUID();
        String caller = TestCallers.bearer(TestCallers.apiCaller("samples:write"));
        client.get().uri("/internal/outbox/failed").header("Authorization", caller).exchange()
                .expectStatus().isNotFound();
        client.post().uri("/internal/outbox/" + unknown + "/resubmit").header("Authorization", caller).exchange()
                .expectStatus().isNotFound();
        client.delete().uri("/internal/outbox/failed").header("Authorization", caller).exchange()
                .expectStatus().isNotFound();

        String admin = TestCallers.bearer(TestCallers.platformAdmin());
        client.delete().uri("/internal/outbox/failed").header("Authorization", admin).exchange()
                .expectStatus().isEqualTo(405);
        resubmit(unknown).expectStatus().isNotFound().expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        client.post().uri("/internal/outbox/not-an-id/resubmit").header("Authorization", admin).exchange()
                .expectStatus().isNotFound();
        client.get().uri("/internal/outbox/failed?limit=0").header("Authorization", admin).exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("limit");
    }

    private OutboxRelay relay(KafkaTemplate<String, String> kafka, Runnable reset) {
        return new OutboxRelay(registry, tx, kafka, signal, new OutboxRelay.Settings(Duration.ofMillis(200), 50, 10,
                Duration.ofMillis(200), Duration.ofSeconds(1)), reset, clock);
    }

    private UUID publish(EventPublisher publisher, Caller caller, String type, String text) {
        return tx.transactional(publisher.publish(caller, type, null, Map.of("text", text))).block();
    }

    private List<String> ids(Collection<ConsumerRecord<String, String>> records) {
        return records.stream().map(record -> mapper.readTree(record.value()).path("id").asString()).toList();
    }

    private List<JsonNode> failed(String topic) {
        return failed().stream().filter(entry -> entry.path("topic").asString().equals(topic)).toList();
    }

    private List<JsonNode> failed() {
        byte[] body = client.get().uri("/internal/outbox/failed?limit=100")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk().expectBody().returnResult().getResponseBody();
        return Flux.fromIterable(mapper.readTree(body).path("data")).collectList().block();
    }

    private WebTestClient.ResponseSpec resubmit(UUID id) {
        return client.post().uri("/internal/outbox/" + id + "/resubmit")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin())).exchange();
    }

    private double gauge() {
        return meters.get(OutboxMetrics.PARKED).gauge().value();
    }

    private static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                PlatformInfrastructure.get().kafkaBootstrapServers()));
    }

    private static void awaitTopicLimit(Admin admin, String topic, String limit) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        await(() -> {
            try {
                return limit.equals(admin.describeConfigs(List.of(resource)).all().get().get(resource)
                        .get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG).value());
            } catch (Exception e) {
                return false;
            }
        }, "the topic's new limit is in force");
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            sleep(100);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
