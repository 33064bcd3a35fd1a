package com.storageplatform.kit.paging;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;

/** Keyset pages through a real HTTP server and PostgreSQL. */
@PlatformTest
class CursorPagingTest {

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {
    };

    private UUID insert(UUID account, String name, String status) {
        UUID id = Ids.newId();
        db.sql("INSERT INTO samples (id, account_id, name, status, created_at) VALUES (:id, :account, :name, :status, :at)")
                .bind("id", id).bind("account", account).bind("name", name).bind("status", status)
                .bind("at", Instant.now()).then().block();
        return id;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> get(Caller caller, String uri) {
        return client.get().uri(uri).header("Authorization", TestCallers.bearer(caller))
                .exchange().expectStatus().isOk()
                .expectBody(JSON).returnResult().getResponseBody();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aWalkOver250RowsSeesEachExactlyOnceNewestFirstWhileRowsAreInserted() throws Exception {
        Caller caller = TestCallers.apiCaller("samples:read");
        List<UUID> existing = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            UUID id = Ids.newId();
            existing.add(id);
            db.sql("INSERT INTO samples (id, account_id, name, status, created_at) VALUES (:id, :account, :name, 'active', now())")
                    .bind("id", id).bind("account", caller.accountId()).bind("name", "row" + i).then().block();
        }
        insert(TestCallers.apiCaller().accountId(), "another tenant", "active");

        AtomicBoolean walking = new AtomicBoolean(true);
        AtomicBoolean firstPageServed = new AtomicBoolean(false);
        AtomicInteger inserted = new AtomicInteger();
        Set<String> insertedAfterTheFirstPage = ConcurrentHashMap.newKeySet();
        Thread writer = new Thread(() -> {
            while (walking.get()) {
                boolean afterFirstPage = firstPageServed.get();
                UUID id = insert(caller.accountId(), "concurrent", "active");
                if (afterFirstPage) {
                    insertedAfterTheFirstPage.add(id.toString());
                }
                inserted.incrementAndGet();
            }
        });
        writer.start();

        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        try {
            do {
                Map<String, Object> page = get(caller, "/v1/samples?limit=37" + (cursor == null ? "" : "&cursor=" + cursor));
                List<Map<String, Object>> data = (List<Map<String, Object>>) page.get("data");
                Map<String, Object> meta = (Map<String, Object>) page.get("meta");
                Map<String, Object> cursorMeta = (Map<String, Object>) meta.get("cursor");
                assertThat(meta.get("limit")).isEqualTo(37);
                data.forEach(item -> seen.add((String) item.get("id")));
                cursor = (String) cursorMeta.get("next");
                assertThat(cursorMeta.get("has_more")).isEqualTo(cursor != null);
                pages++;
                firstPageServed.set(true);
                // Every page boundary sees at least one committed insert, so the walk really runs among writes.
                awaitAnotherInsert(inserted);
            } while (cursor != null);
        } finally {
            walking.set(false);
            writer.join();
        }

        long concurrentRows = db.sql("SELECT count(*) AS n FROM samples WHERE account_id = :account AND name = 'concurrent'")
                .bind("account", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
        assertThat(concurrentRows).isEqualTo(inserted.get());
        assertThat(insertedAfterTheFirstPage).hasSizeGreaterThanOrEqualTo(pages - 1);
        // Rows inserted after the walk began are newer than its cursor: they never show up in it.
        assertThat(seen).doesNotContainAnyElementsOf(insertedAfterTheFirstPage);

        // Every row that existed before the walk was seen exactly once, newest first.
        List<String> ofExisting = seen.stream().filter(id -> existing.contains(UUID.fromString(id))).toList();
        assertThat(ofExisting).hasSize(250);
        assertThat(new HashSet<>(seen)).hasSameSizeAs(seen);
        List<String> expectedOrder = new ArrayList<>(existing.stream().map(UUID::toString).toList());
        java.util.Collections.reverse(expectedOrder);
        assertThat(ofExisting).containsExactlyElementsOf(expectedOrder);
        List<String> sortedDescending = new ArrayList<>(seen);
        sortedDescending.sort((a, b) -> UUID.fromString(b).compareTo(UUID.fromString(a)));
        assertThat(seen).containsExactlyElementsOf(sortedDescending);
        assertThat(pages).isGreaterThanOrEqualTo(7);
    }

    private static void awaitAnotherInsert(AtomicInteger inserted) throws InterruptedException {
        int before = inserted.get();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (inserted.get() == before) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("The writer inserted nothing for 10 seconds");
            }
            Thread.sleep(5);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void filtersApplyAndACursorReusedWithOtherFiltersIsRefused() {
        Caller caller = TestCallers.apiCaller("samples:read");
        for (int i = 0; i < 5; i++) {
            insert(caller.accountId(), "a" + i, "active");
            insert(caller.accountId(), "b" + i, "archived");
        }
        Map<String, Object> page = get(caller, "/v1/samples?status=archived&limit=2");
        List<Map<String, Object>> data = (List<Map<String, Object>>) page.get("data");
        assertThat(data).extracting(item -> item.get("status")).containsOnly("archived");
        String next = (String) ((Map<String, Object>) ((Map<String, Object>) page.get("meta")).get("cursor")).get("next");
        assertThat(next).isNotNull();

        get(caller, "/v1/samples?status=archived&limit=2&cursor=" + next);
        client.get().uri("/v1/samples?status=active&cursor=" + next).header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("cursor");
        client.get().uri("/v1/samples?cursor=" + next).header("Authorization", TestCallers.bearer(caller))
                .exchange().expectStatus().isBadRequest();
    }

    @Test
    void badLimitCursorAndFilterValuesAreRefusedNamingTheParameter() {
        Caller caller = TestCallers.apiCaller("samples:read");
        for (String[] bad : new String[][] {{"limit=0", "limit", "below_minimum"}, {"limit=101", "limit", "above_maximum"},
                {"limit=ten", "limit", "invalid"}, {"cursor=!!!", "cursor", "invalid"},
                {"cursor=bm90LWEtY3Vyc29y", "cursor", "invalid"}, {"status=lost", "status", "invalid"},
                {"archived=yes", "archived", "invalid"}, {"archived=TRUE", "archived", "invalid"},
                {"archived=1", "archived", "invalid"}, {"archived=", "archived", "invalid"}}) {
            client.get().uri("/v1/samples?" + bad[0]).header("Authorization", TestCallers.bearer(caller))
                    .exchange()
                    .expectStatus().isBadRequest()
                    .expectBody()
                    .jsonPath("$.error.code").isEqualTo("validation_error")
                    .jsonPath("$.error.details[0].field").isEqualTo(bad[1])
                    .jsonPath("$.error.details[0].issue").isEqualTo(bad[2]);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBooleanFilterTakesExactlyTrueOrFalseAndBindsTheCursor() {
        Caller caller = TestCallers.apiCaller("samples:read");
        insert(caller.accountId(), "kept", "active");
        insert(caller.accountId(), "old one", "archived");
        insert(caller.accountId(), "old two", "archived");
        List<Map<String, Object>> archived = (List<Map<String, Object>>) get(caller, "/v1/samples?archived=true").get("data");
        assertThat(archived).extracting(item -> item.get("name")).containsExactly("old two", "old one");
        List<Map<String, Object>> kept = (List<Map<String, Object>>) get(caller, "/v1/samples?archived=false").get("data");
        assertThat(kept).extracting(item -> item.get("name")).containsExactly("kept");

        Map<String, Object> first = get(caller, "/v1/samples?archived=true&limit=1");
        String next = (String) ((Map<String, Object>) ((Map<String, Object>) first.get("meta")).get("cursor")).get("next");
        client.get().uri("/v1/samples?archived=false&cursor=" + next).header("Authorization", TestCallers.bearer(caller))
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("cursor");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDefaultLimitIs20AndUnknownParametersAreIgnored() {
        Caller caller = TestCallers.apiCaller("samples:read");
        Flux.range(0, 25).doOnNext(i -> insert(caller.accountId(), "d" + i, "active")).blockLast();
        Map<String, Object> page = get(caller, "/v1/samples?colour=blue");
        assertThat((List<Object>) page.get("data")).hasSize(20);
        assertThat(((Map<String, Object>) page.get("meta")).get("limit")).isEqualTo(20);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aListNeverShowsAnotherAccountsRows() {
        Caller mine = TestCallers.apiCaller("samples:read");
        Caller theirs = TestCallers.apiCaller("samples:read");
        insert(theirs.accountId(), "theirs", "active");
        Map<String, Object> page = get(mine, "/v1/samples");
        assertThat((List<Object>) page.get("data")).isEmpty();
        Set<Object> names = new HashSet<>();
        ((List<Map<String, Object>>) get(theirs, "/v1/samples").get("data")).forEach(item -> names.add(item.get("name")));
        assertThat(names).containsExactly("theirs");
    }
}
