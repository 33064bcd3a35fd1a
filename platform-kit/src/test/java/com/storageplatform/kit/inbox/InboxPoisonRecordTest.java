package com.storageplatform.kit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.consumer.FailurePolicy;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The inbox's failure policy is its own choice: here a service gives up after two retries, so an event its
 * projection can never apply is passed over, unrecorded, and the events after it are applied.
 */
@PlatformTest
class InboxPoisonRecordTest {

    private static final String TOPIC = "inboxpoison.events";
    private static final AtomicInteger POISON_TRIES = new AtomicInteger();

    @TestConfiguration
    static class Projection {

        @Bean
        FailurePolicy inboxFailurePolicy() {
            return FailurePolicy.giveUpAfter(2, Duration.ofSeconds(5), Duration.ofMillis(50), Duration.ofMillis(100));
        }

        /** Applies every event (the inbox records its id) except one with {@code "poison": true}, which always fails. */
        @Bean
        EventHandler appliedHandler() {
            return new EventHandler() {
                @Override
                public String topic() {
                    return TOPIC;
                }

                @Override
                public Set<String> types() {
                    return Set.of("note.written");
                }

                @Override
                public Mono<Void> handle(ConsumedEvent event) {
                    if (event.data().path("poison").asBoolean(false)) {
                        POISON_TRIES.incrementAndGet();
                        return Mono.error(new IllegalStateException("this projection cannot apply it"));
                    }
                    return Mono.empty();
                }
            };
        }
    }

    @Autowired
    DatabaseClient db;

    @Test
    void aPoisonRecordIsPassedOverAfterTheRetriesThePolicyAllowsAndTheNextEventsAreApplied() {
        UUID account = Ids.newId();
        UUID before = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));
        UUID poison = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note", "poison", true));
        UUID after = TestEvents.publish(TOPIC, "note.written", account, Map.of("object", "note"));

        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!recorded(after) && System.nanoTime() < deadline) {
            sleep(100);
        }
        assertThat(recorded(before)).isTrue();
        assertThat(recorded(after)).as("the event after the poison one is applied").isTrue();
        assertThat(recorded(poison)).as("the poison event rolled back every time").isFalse();
        assertThat(POISON_TRIES).as("the first try and two retries").hasValue(3);
    }

    private boolean recorded(UUID id) {
        return db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", id)
                .map(row -> row.get("n", Long.class)).one().block() > 0;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
