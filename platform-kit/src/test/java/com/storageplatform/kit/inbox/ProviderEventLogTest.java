package com.storageplatform.kit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Clock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** The provider event log against real PostgreSQL: each (provider, event id) is first once. */
@PlatformTest
class ProviderEventLogTest {

    @Autowired
    DatabaseClient db;
    @Autowired
    TransactionalOperator tx;

    private ProviderEventLog log;

    @BeforeEach
    void table() {
        db.sql("""
                CREATE TABLE IF NOT EXISTS sample_provider_events (provider text NOT NULL, event_id text NOT NULL,
                    kind text NOT NULL, resource_ref text, received_at timestamptz NOT NULL,
                    PRIMARY KEY (provider, event_id))
                """).then().block();
        log = new ProviderEventLog(db, Clock.systemUTC(), "sample_provider_events");
    }

    @Test
    void anEventIsFirstOnceAndTheSameIdOfAnotherProviderIsAnotherEvent() {
        String id = "evt_" + Ids.newId();

        assertThat(log.recordFirst("stripe", id, "PAYMENT_SUCCEEDED", "pi_1").block()).isTrue();
        assertThat(log.recordFirst("stripe", id, "PAYMENT_SUCCEEDED", "pi_1").block()).isFalse();
        assertThat(log.recordFirst("gocardless", id, "PAYMENT_CONFIRMED", null).block()).isTrue();
    }

    @Test
    void anEventWhoseHandlingFailedIsForgottenWithItsTransactionSoTheRepeatIsActedOn() {
        String id = "evt_" + Ids.newId();

        Mono<Boolean> failing = log.recordFirst("stripe", id, "PAYMENT_FAILED", null)
                .then(Mono.error(new IllegalStateException("handler failed")));
        assertThatThrownBy(() -> tx.transactional(failing).block()).hasMessage("handler failed");

        assertThat(log.recordFirst("stripe", id, "PAYMENT_FAILED", null).block()).isTrue();
    }

    @Test
    void onlyATableNameFromCodeIsTaken() {
        assertThatThrownBy(() -> new ProviderEventLog(db, Clock.systemUTC(), "events; DROP TABLE x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
