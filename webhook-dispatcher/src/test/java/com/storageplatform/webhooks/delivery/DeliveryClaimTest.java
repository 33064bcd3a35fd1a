package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one claim takes, and what it reads to choose it: each endpoint's oldest due deliveries up to its free slots,
 * new ones, due retries and deliveries whose lease ran out alike, none of a paused endpoint; and, with thousands of
 * deliveries queued for one endpoint, only a few dozen rows read.
 */
@DispatcherTest
class DeliveryClaimTest {

    private static final int BACKLOG = 3000;

    @Autowired
    DeliveryQueue queue;

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    JsonMapper json;

    final Caller caller = DispatcherApi.caller();
    // Due a day from now: only the claims below, made as at two days from now, take them; the service's own worker
    // leaves them alone.
    final Instant due = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MICROS);
    final Instant later = due.plus(Duration.ofDays(1));

    @AfterEach
    void removeTheEndpoints() {
        // Their deliveries go with them.
        db.sql("DELETE FROM webhook_endpoints WHERE account_id = :account").bind("account", caller.accountId())
                .then().block();
    }

    @Test
    void aClaimTakesEachEndpointsOldestDueDeliveriesUpToItsFreeSlotsAndNothingOfAPausedOne() {
        UUID backlogged = endpoint("active");
        UUID partlyBusy = endpoint("active");
        UUID retried = endpoint("active");
        UUID paused = endpoint("paused");
        List<UUID> oldest = queue(backlogged, "pending", 20);
        List<UUID> fresh = queue(partlyBusy, "pending", 16);
        List<UUID> retries = queue(retried, "retrying", 2);
        UUID abandoned = queue(retried, "delivering", 1).get(0);
        queue(paused, "pending", 3);

        List<DeliveryQueue.Claimed> claimed = queue.claim(100, 16, Map.of(partlyBusy, 13), later,
                later.plusSeconds(60)).block();

        Map<UUID, List<UUID>> byEndpoint = claimed.stream().collect(Collectors.groupingBy(
                DeliveryQueue.Claimed::endpointId, Collectors.mapping(DeliveryQueue.Claimed::id, Collectors.toList())));
        assertThat(byEndpoint.get(backlogged)).containsExactlyInAnyOrderElementsOf(oldest.subList(0, 16));
        assertThat(byEndpoint.get(partlyBusy)).containsExactlyInAnyOrderElementsOf(fresh.subList(0, 3));
        assertThat(byEndpoint.get(retried)).containsExactlyInAnyOrder(retries.get(0), retries.get(1), abandoned);
        assertThat(byEndpoint).doesNotContainKey(paused);
        assertThat(queue.claim(100, 16, Map.of(), later, later.plusSeconds(60)).block())
                .extracting(DeliveryQueue.Claimed::id)
                .containsExactlyInAnyOrderElementsOf(List.of(oldest.get(16), oldest.get(17), oldest.get(18),
                        oldest.get(19), fresh.get(3), fresh.get(4), fresh.get(5), fresh.get(6), fresh.get(7),
                        fresh.get(8), fresh.get(9), fresh.get(10), fresh.get(11), fresh.get(12), fresh.get(13),
                        fresh.get(14), fresh.get(15)));
    }

    @Test
    void aClaimReadsAFewRowsWhateverTheLengthOfTheQueue() {
        UUID backlogged = endpoint("active");
        UUID other = endpoint("active");
        queue(backlogged, "pending", BACKLOG);
        queue(other, "pending", 5);
        db.sql("ANALYZE webhook_deliveries").then().block();

        // Explained as it runs (EXPLAIN ANALYZE carries the claim out), in a transaction rolled back.
        String plan = tx.execute(status -> {
            status.setRollbackOnly();
            String explained = "EXPLAIN (ANALYZE, FORMAT JSON) " + DeliveryQueue.claimStatement(16);
            return db.sql(DeliveryQueue.INDEXES_ONLY).then().then(DeliveryQueue.bindClaim(db.sql(explained), 100, 16,
                    Map.of(), later, later.plusSeconds(60)).map(row -> row.get(0, String.class)).one());
        }).single().block();

        JsonNode root = json.readTree(plan).get(0).get("Plan");
        assertThat(claimedRows(root)).as("deliveries claimed").isEqualTo(21);
        // 16 + 5 chosen, each locked and updated, and a probe or two per endpoint: far from the backlog's 3,000.
        assertThat(rowsRead(root, "webhook_deliveries")).as("rows of webhook_deliveries read, in %s", plan)
                .isLessThan(200);
    }

    private UUID endpoint(String status) {
        UUID id = Ids.newId();
        db.sql("""
                INSERT INTO webhook_endpoints (id, account_id, operator_id, environment, url, enabled_events,
                    api_version, status, created_at, updated_at)
                VALUES (:id, :account, :operator, 'test', 'http://localhost:9/hook', ARRAY['*'], '2026-11-01', :status,
                    now(), now())
                """)
                .bind("id", id).bind("account", caller.accountId()).bind("operator", caller.operatorId())
                .bind("status", status)
                .then().block();
        return id;
    }

    /**
     * {@code count} deliveries to {@code endpoint} in {@code status}, each of an event of its own, due (or, for
     * {@code delivering}, with a lease ending) a millisecond apart from {@link #due}; their ids, oldest first.
     */
    private List<UUID> queue(UUID endpoint, String status, int count) {
        return db.sql("""
                WITH events AS (
                    INSERT INTO events (id, account_id, type, source_type, source, api_version, actor_type, created,
                        data, received_at)
                    SELECT gen_random_uuid(), :account, 'deal.created', 'deal.created', '/crm', '2026-11-01', 'api',
                        now(), '{}'::jsonb, now()
                    FROM generate_series(1, :count)
                    RETURNING id, account_id, type
                ), numbered AS (
                    SELECT id, account_id, type, row_number() OVER (ORDER BY id) AS place FROM events
                )
                INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, status, attempts,
                    next_attempt_at, lease_until, created_at, updated_at)
                SELECT gen_random_uuid(), account_id, :endpoint, id, type, :status, 0,
                    CASE WHEN :status = 'delivering' THEN NULL ELSE :due + place * interval '1 millisecond' END,
                    CASE WHEN :status = 'delivering' THEN :due + place * interval '1 millisecond' END, now(), now()
                FROM numbered
                RETURNING id, coalesce(next_attempt_at, lease_until) AS at
                """)
                .bind("account", caller.accountId()).bind("endpoint", endpoint).bind("status", status)
                .bind("count", count).bind("due", due)
                .map(row -> Map.entry(row.get("at", Instant.class), row.get("id", UUID.class)))
                .all()
                .sort(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue)
                .collectList()
                .block();
    }

    /** Rows the plan's {@code ModifyTable} node (the claim's {@code UPDATE}) changed. */
    private static long claimedRows(JsonNode node) {
        long rows = "ModifyTable".equals(node.path("Node Type").asString("")) ? node.path("Actual Rows").asLong() : 0;
        for (JsonNode child : node.path("Plans")) {
            rows += claimedRows(child);
        }
        return rows;
    }

    /** Rows the plan's scans of {@code table} read: those they returned and those their filters dropped. */
    private static long rowsRead(JsonNode node, String table) {
        long rows = 0;
        if (table.equals(node.path("Relation Name").asString("")) && node.path("Node Type").asString("").contains("Scan")) {
            long loops = node.path("Actual Loops").asLong(1);
            rows += (node.path("Actual Rows").asLong() + node.path("Rows Removed by Filter").asLong()) * loops;
        }
        for (JsonNode child : node.path("Plans")) {
            rows += rowsRead(child, table);
        }
        return rows;
    }
}
