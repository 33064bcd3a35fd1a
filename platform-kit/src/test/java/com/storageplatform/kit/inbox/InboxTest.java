package com.storageplatform.kit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The inbox against a real Kafka broker: each event applied once, in its own transaction, whatever arrives, and in
 * the trace it arrived with.
 */
@PlatformTest
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = "logging.level.com.storageplatform.kit.inbox.Inbox=debug")
class InboxTest {

    private static final String TOPIC = "inboxtest.events";
    private static final AtomicInteger FAILURES_LEFT = new AtomicInteger();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TestConfiguration
    static class Projection {

        /** Counts notes per account; a note with {@code "fail": true} fails while FAILURES_LEFT is positive. */
        @Bean
        EventHandler notesHandler(DatabaseClient db) {
            return new EventHandler() {
                @Override
                public String topic() {
                    return TOPIC;
                }

                @Override
                public Set<String> types() {
                    return Set.of("note.written", "note.census");
                }

                /** A draft note is not counted. */
                @Override
                public boolean wants(ConsumedEvent event) {
                    return !event.data().path("draft").asBoolean(false);
                }

                @Override
                public Mono<Void> handle(ConsumedEvent event) {
                    if (event.type().equals("note.census")) {
                        // Forgets the account on purpose: the row-level wall is what keeps the count to its own.
                        return db.sql("SELECT count(*) AS n FROM samples").map(row -> row.get("n", Long.class)).one()
                                .flatMap(samples -> db.sql("INSERT INTO note_counts (account_id, notes) "
                                        + "VALUES (:account, :samples)").bind("account", event.accountId())
                                        .bind("samples", samples.intValue()).then());
                    }
                    Mono<Void> write = db.sql("""
                            INSERT INTO note_counts (account_id, notes) VALUES (:account, 1)
                            ON CONFLICT (account_id) DO UPDATE SET notes = note_counts.notes + 1
                            """).bind("account", event.accountId()).then();
                    boolean fail = event.data().path("fail").asBoolean(false) && FAILURES_LEFT.getAndDecrement() > 0;
                    // The write happens before the failure, so a rollback is what keeps it out.
                    return fail ? write.then(Mono.error(new IllegalStateException("projection failed"))) : write;
                }
            };
        }
    }

    /** Counts operator-wide events under the operator's id: they have no account. */
    @TestConfiguration
    static class OperatorProjection {
        @Bean
        EventHandler operatorsHandler(DatabaseClient db) {
            return new EventHandler() {
                @Override
                public String topic() {
                    return TOPIC;
                }

                @Override
                public Set<String> types() {
                    return Set.of("operator.noted");
                }

                @Override
                public Mono<Void> handle(ConsumedEvent event) {
                    return db.sql("""
                            INSERT INTO note_counts (account_id, notes)
                            VALUES (:operator, CASE WHEN :has_account THEN 100 ELSE 1 END)
                            ON CONFLICT (account_id) DO UPDATE SET notes = note_counts.notes + 1
                            """).bind("operator", event.operatorId()).bind("has_account", event.accountId() != null)
                            .then();
                }
            };
        }
    }

    @Autowired
    DatabaseClient db;

    @Autowired
    MeterRegistry meters;

    @BeforeEach
    void table() {
        db.sql("CREATE TABLE IF NOT EXISTS note_counts (account_id uuid PRIMARY KEY, notes integer NOT NULL)")
                .then().block();
    }

    private int notes(UUID account, int expected) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int notes = 0;
        while (System.nanoTime() < deadline) {
            notes = db.sql("SELECT notes FROM note_counts WHERE account_id = :account").bind("account", account)
                    .map(row -> row.get("notes", Integer.class)).one().defaultIfEmpty(0).block();
            if (notes >= expected) {
                break;
            }
            sleep(100);
        }
        return notes;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void anEventIsAppliedOnceHoweverOftenItArrives() {
        UUID account = Ids.newId();
        UUID id = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        TestEvents.publish(TOPIC, id, "note.written", account, Map.of("object", "note"));
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 2)).isEqualTo(2);
        sleep(1000);
        assertThat(notes(account, 2)).isEqualTo(2);
        assertThat(db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", id)
                .map(row -> row.get("n", Long.class)).one().block()).isEqualTo(1);
    }

    @Test
    void aHandlerSeesOnlyTheRowsOfTheEventsAccount() {
        UUID account = Ids.newId();
        UUID other = Ids.newId();
        for (UUID owner : new UUID[] {account, account, other, other, other}) {
            db.sql("INSERT INTO samples (id, account_id, name, status, created_at) "
                    + "VALUES (:id, :account, 'n', 's', now())").bind("id", Ids.newId()).bind("account", owner).then().block();
        }
        TestEvents.publish(TOPIC, "note.census", account, Map.of("object", "note"));
        assertThat(notes(account, 1)).isEqualTo(2);
    }

    @Test
    void theInboxConsumersLagIsMeasured() {
        UUID account = Ids.newId();
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 1)).isEqualTo(1);

        // Kafka's own consumer metrics for Prometheus: the consumer's largest lag at once
        // (kafka_consumer_fetch_manager_records_lag_max), each partition's once Micrometer next looks (a minute).
        assertThat(meters.find("kafka.consumer.fetch.manager.records.lag.max").gauges()).isNotEmpty()
                .allSatisfy(lag -> assertThat(lag.getId().getTag("client.id")).isNotBlank());
    }

    @Test
    void anEventIsAppliedInTheTraceItArrivedWith(CapturedOutput output) {
        String traceId = "5c1e0d3b9a7f4e2d8c6b4a2918070605";
        String publisherSpan = "1a2b3c4d5e6f7081";
        UUID account = Ids.newId();
        UUID traced = TestEvents.publish(TOPIC, Ids.newId(), "note.written", account, Map.of("object", "note"),
                "00-" + traceId + "-" + publisherSpan + "-01");
        UUID untraced = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 2)).isEqualTo(2);

        // The inbox's span is a child of the publisher's: same trace id, a span id of its own.
        assertThat(appliedLine(output, traced)).contains(traceId).doesNotContain(publisherSpan);
        assertThat(appliedLine(output, untraced)).doesNotContain(traceId)
                .containsPattern("\\[[0-9a-f]{32}-[0-9a-f]{16}\\]");
    }

    private static String appliedLine(CapturedOutput output, UUID event) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            var line = output.getOut().lines().filter(l -> l.contains("Applied event " + event)).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            sleep(100);
        }
        throw new AssertionError("No log line says event " + event + " was applied");
    }

    @Test
    void typesNoHandlerWantsAndMalformedRecordsArePassedOver() {
        UUID account = Ids.newId();
        UUID ignored = TestEvents.publish(TOPIC, "note.deleted", account, Map.of("object", "note"));
        TestEvents.publishRaw(TOPIC, account.toString(), "not json");
        TestEvents.publishRaw(TOPIC, account.toString(), "{\"type\":\"note.written\",\"data\":{}}");
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 1)).isEqualTo(1);
        assertThat(db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", ignored)
                .map(row -> row.get("n", Long.class)).one().block()).isZero();
    }

    @Test
    void aRecordWhoseTypeHeaderNoHandlerTakesIsPassedOverUnread() {
        UUID account = Ids.newId();
        UUID unread = Ids.newId();
        // The envelope alone would be applied: only the header, read before the record is parsed, passes it over.
        TestEvents.publishRaw(TOPIC, account.toString(), JSON.writeValueAsString(Map.of("specversion", "1.0",
                "id", unread.toString(), "source", "/inboxtest", "type", "note.written",
                "accountid", account.toString(), "data", Map.of("object", "note"))), "note.deleted");
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 1)).isEqualTo(1);
        sleep(500);
        assertThat(notes(account, 1)).isEqualTo(1);
        assertThat(inboxRows(unread)).isZero();
    }

    @Test
    void anEventItsHandlerDoesNotWantGetsNoTransactionAndNoInboxRow() {
        UUID account = Ids.newId();
        UUID draft = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note", "draft", true));
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        assertThat(notes(account, 1)).isEqualTo(1);
        sleep(500);
        assertThat(notes(account, 1)).isEqualTo(1);
        assertThat(inboxRows(draft)).isZero();
    }

    private long inboxRows(UUID event) {
        return db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", event)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    @Test
    void anOperatorWideEventWithoutAnAccountReachesItsHandlersWithTheOperator() {
        UUID operator = Ids.newId();
        TestEvents.publishForOperator(TOPIC, "operator.noted", operator, Map.of("object", "operator"));
        assertThat(notes(operator, 1)).isEqualTo(1);
    }

    @Test
    void aFailedHandlerRollsItsEventBackAndItIsRetried() {
        UUID account = Ids.newId();
        FAILURES_LEFT.set(2);
        TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note", "fail", true));
        assertThat(notes(account, 1)).isEqualTo(1);
        assertThat(FAILURES_LEFT.get()).isLessThanOrEqualTo(0);
        sleep(1000);
        assertThat(notes(account, 1)).isEqualTo(1);
    }
}
