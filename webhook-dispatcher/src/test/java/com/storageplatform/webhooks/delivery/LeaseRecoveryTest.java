package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A worker that died mid-delivery loses nothing, a delivery another replica has just leased is not leased twice,
 * and a URL that stopped being public is refused when delivering.
 */
@DispatcherTest
class LeaseRecoveryTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Test
    void aDeliveryLeftMidFlightByADeadWorkerIsTakenOverWhenItsLeaseRunsOut() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String endpoint = api.endpoint(caller, receiver.url(), "*").path("id").asString();
            api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "paused")).expectStatus().isOk();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
            api.awaitDeliveries(caller, endpoint, list -> list.size() == 1, Duration.ofSeconds(30));
            // What a worker killed between claiming and recording leaves behind: delivering, under its lease.
            db.sql("UPDATE webhook_deliveries SET status = 'delivering', lease_until = :lease WHERE endpoint_id = :endpoint")
                    .bind("lease", Instant.now().plusSeconds(2)).bind("endpoint", UUID.fromString(endpoint)).then().block();
            api.patch(caller, "/v1/webhooks/" + endpoint, Map.of("status", "active")).expectStatus().isOk();
            DispatcherApi.sleep(1000);
            assertThat(receiver.received).isEmpty();

            List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                    list -> list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(30));
            assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(1);
            assertThat(receiver.received).hasSize(1);
        }
    }

    @Test
    void aUrlThatNowResolvesToAPrivateAddressIsRefusedAtDelivery() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        UUID account = Ids.newId();
        UUID operator = Ids.newId();
        Caller live = new Caller(account, operator, Environment.LIVE, Set.of("webhooks:read", "events:read"), null,
                ActorType.API, "key", null);
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // As if its DNS had changed since creation: the host now resolves to this machine.
            UUID endpoint = Ids.newId();
            db.sql("""
                    INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, enabled_events,
                        api_version, status, created_at, updated_at)
                    VALUES (:id, :account, :operator, 'live', :url, ARRAY['*'], '2026-11-01', 'active', now(), now())
                    """)
                    .bind("id", endpoint).bind("account", account).bind("operator", operator)
                    .bind("url", receiver.url().replace("http://", "https://"))
                    .then().block();
            db.sql("INSERT INTO webhook_secrets (id, endpoint_id, secret_sealed, created_at) VALUES (:id, :endpoint, :sealed, now())")
                    .bind("id", Ids.newId()).bind("endpoint", endpoint)
                    .bind("sealed", java.nio.ByteBuffer.wrap(com.storageplatform.kit.crypto.Sealed.seal(
                            java.util.Base64.getDecoder().decode("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
                            "whsec_test".getBytes())))
                    .then().block();
            api.publish(live, "crm.events", "deal.created", Map.of("object", "deal"));

            List<JsonNode> deliveries = api.awaitDeliveries(live, endpoint.toString(),
                    list -> !list.isEmpty() && list.get(0).path("attempts").asInt() >= 1, Duration.ofSeconds(30));
            assertThat(deliveries.get(0).path("last_error").asString()).contains("not public");
            assertThat(receiver.received).isEmpty();
        }
    }

    @Autowired
    DeliveryQueue queue;

    @Autowired
    DeliveryWorker worker;

    @Test
    void aDeliveryAnotherReplicaLeasedWhileThisClaimWasChoosingIsNotLeasedAgain() throws Exception {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        // A backlog due a day from now: only the claims below, made as at two days from now, take from it. It is
        // spread over many endpoints (the claim's work grows with the endpoints waiting, not with the queue), so a
        // claim spends a while choosing before it locks what it chose.
        db.sql("""
                WITH backlog AS (
                    SELECT gen_random_uuid() AS endpoint_id, gen_random_uuid() AS event_id, place
                    FROM generate_series(1, 30000) AS place
                ), endpoints AS (
                    INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, enabled_events,
                        api_version, status, created_at, updated_at)
                    SELECT endpoint_id, :account, :operator, 'test', 'http://localhost:9/hook', ARRAY['*'],
                        '2026-11-01', 'active', now(), now()
                    FROM backlog
                ), events AS (
                    INSERT INTO events (id, account_id, type, source_type, source, api_version, actor_type, created,
                        data, received_at)
                    SELECT event_id, :account, 'deal.created', 'deal.created', '/crm', '2026-11-01', 'api', now(),
                        '{}'::jsonb, now()
                    FROM backlog
                )
                INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, status, attempts,
                    next_attempt_at, created_at, updated_at)
                SELECT gen_random_uuid(), :account, endpoint_id, event_id, 'deal.created', 'pending', 0,
                    now() + interval '1 day' + place * interval '1 millisecond', now(), now()
                FROM backlog
                """).bind("account", caller.accountId()).bind("operator", caller.operatorId()).then().block();
        db.sql("ANALYZE webhook_deliveries").then().block();
        UUID first = db.sql("SELECT id FROM webhook_deliveries WHERE account_id = :account ORDER BY next_attempt_at LIMIT 1")
                .bind("account", caller.accountId()).map(row -> row.get("id", UUID.class)).one().block();
        Instant later = Instant.now().plus(Duration.ofDays(2)).truncatedTo(ChronoUnit.MICROS);
        Instant otherLease = later.plus(Duration.ofDays(1));
        // This process's own loop stays out of it, so the one claim running is the one under test.
        worker.stop();
        try {
            int conclusive = 0;
            for (int round = 0; round < 10 && conclusive == 0; round++) {
                db.sql("UPDATE webhook_deliveries SET status = 'pending', lease_until = NULL WHERE id = :id")
                        .bind("id", first).then().block();
                CompletableFuture<List<DeliveryQueue.Claimed>> claiming =
                        queue.claim(100, 16, Map.of(), later, later.plusSeconds(60)).toFuture();
                awaitAClaimRunning();
                // Meanwhile another replica's claim of the first delivery commits.
                Long taken = db.sql("""
                        UPDATE webhook_deliveries SET status = 'delivering', lease_until = :lease
                        WHERE id = :id AND status = 'pending'
                        """)
                        .bind("lease", otherLease).bind("id", first).fetch().rowsUpdated().block();
                List<DeliveryQueue.Claimed> all = claiming.get(30, TimeUnit.SECONDS);
                // Other tests' retries, due by then too, may be in it: only this account's count.
                List<UUID> claimed = all.stream().filter(delivery -> delivery.accountId().equals(caller.accountId()))
                        .map(DeliveryQueue.Claimed::id).toList();
                // Judged only when the other replica's lease came between this claim choosing the delivery (its
                // snapshot still showed it due) and locking it: not when this claim locked it first (the other
                // found it taken), nor when the other's lease was in before this claim looked (100 others chosen).
                if (taken == 1 && (claimed.contains(first) || claimed.size() < 100)) {
                    conclusive++;
                    assertThat(claimed).isNotEmpty().doesNotContain(first);
                    assertThat(db.sql("SELECT lease_until FROM webhook_deliveries WHERE id = :id").bind("id", first)
                            .map(row -> row.get("lease_until", Instant.class)).one().block()).isEqualTo(otherLease);
                }
                // The claim's leases, undone for the next round.
                db.sql("UPDATE webhook_deliveries SET status = 'pending', lease_until = NULL WHERE id = ANY(:ids)")
                        .bind("ids", all.stream().map(DeliveryQueue.Claimed::id).toArray(UUID[]::new)).then().block();
            }
            assertThat(conclusive).as("rounds where the other replica's lease came mid-claim").isPositive();
        } finally {
            worker.start();
            // The backlog goes with its endpoints; its events stay (deleting them checks each against every delivery).
            db.sql("DELETE FROM webhook_endpoints WHERE account_id = :account").bind("account", caller.accountId())
                    .then().block();
        }
    }

    /** Until the claim statement has been running for a moment: its snapshot is taken, its choice not yet made. */
    private void awaitAClaimRunning() {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            Long running = db.sql("""
                    SELECT count(*) AS n FROM pg_stat_activity
                    WHERE pid <> pg_backend_pid() AND state = 'active' AND query LIKE '%WITH RECURSIVE flying AS%'
                      AND clock_timestamp() - query_start > interval '5 milliseconds'
                    """).map(row -> row.get("n", Long.class)).one().block();
            if (running > 0) {
                return;
            }
        }
        throw new AssertionError("no claim was seen running");
    }
}
