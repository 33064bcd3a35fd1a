package com.storageplatform.kit.sample;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiDeprecation;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@RestController
@ScopeFamily("samples")
class SampleResource {

    static final Set<String> STATUSES = Set.of("active", "archived");

    record Item(String itemType, Integer quantity) {
    }

    record CreateSample(String name, String status, List<Item> items, LocalDate startsOn, Long amountMinor) {
    }

    record Sample(UUID id, String object, String name, String status, Instant createdAt) {
    }

    record LockPair(String first, String second) {
    }

    /** A resource one of whose fields is on its way out, as contact {@code kyc_status} will be. */
    record LegacySample(UUID id, String object, String name,
            @ApiDeprecation(since = "2026-12-01", sunset = "2027-12-01", link = "/docs#legacy") String legacyCode) {

        static final String OBJECT = "legacy_sample";
    }

    static final UUID LEGACY_ID = UUID.fromString("0193d5c4-8e2a-7000-8000-000000000001");

    private final DatabaseClient db;
    private final EventPublisher events;
    private final Clock clock;

    SampleResource(DatabaseClient db, EventPublisher events, Clock clock) {
        this.db = db;
        this.events = events;
        this.clock = clock;
    }

    @PostMapping("/v1/samples")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> create(Caller caller, @RequestBody CreateSample body, ServerHttpResponse response) {
        Mono<Envelopes.Data<Sample>> created = create(caller, body);
        return created.doOnNext(sample -> response.getHeaders().set("Location", "/v1/samples/" + sample.data().id()));
    }

    private Mono<Envelopes.Data<Sample>> create(Caller caller, CreateSample body) {
        Validation.start()
                .require("name", body.name())
                .maxLength("name", body.name(), 50)
                .oneOf("status", body.status(), STATUSES)
                .min("amount_minor", body.amountMinor(), 0)
                .orThrow();
        Sample sample = new Sample(Ids.newId(), "sample", body.name(), body.status() == null ? "active" : body.status(),
                clock.instant());
        return countExecution("create:" + body.name())
                .then(insert(caller, sample))
                .then(events.publish(caller, "sample.created", sample.id(), sample))
                .thenReturn(Envelopes.data(sample));
    }

    /** Writes, then fails: the write must not survive. */
    @PostMapping("/v1/samples/fail-after-write")
    Mono<Envelopes.Data<Sample>> failAfterWrite(Caller caller, @RequestBody CreateSample body) {
        Sample sample = new Sample(Ids.newId(), "sample", body.name(), "active", clock.instant());
        return countExecution("fail:" + body.name())
                .then(insert(caller, sample))
                .then(events.publish(caller, "sample.created", sample.id(), sample))
                .then(Mono.error(new IllegalStateException("SELECT secret FROM boom -- must never reach a client")));
    }

    /**
     * A CSV upload, read as it arrives: the sample is named after the bytes and lines it counted. With
     * {@code ?refuse=true} it is refused before its body is read, as a bad query parameter would be.
     */
    @PostMapping(path = "/v1/samples/uploads", consumes = "text/csv")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> upload(Caller caller, @RequestParam MultiValueMap<String, String> query,
            @RequestBody Flux<DataBuffer> body) {
        if ("true".equals(query.getFirst("refuse"))) {
            throw ApiException.invalidQuery("refuse", FieldIssue.INVALID);
        }
        long[] counted = new long[2];
        return body.concatMap(buffer -> {
                    counted[0] += buffer.readableByteCount();
                    for (int i = buffer.readPosition(); i < buffer.writePosition(); i++) {
                        counted[1] += buffer.getByte(i) == '\n' ? 1 : 0;
                    }
                    DataBufferUtils.release(buffer);
                    return Mono.empty();
                })
                .then(Mono.defer(() -> {
                    Sample sample = new Sample(Ids.newId(), "sample", "upload:" + counted[0] + ":" + counted[1],
                            "active", clock.instant());
                    return countExecution("upload").then(insert(caller, sample)).thenReturn(Envelopes.data(sample));
                }));
    }

    /** Writes, then refuses with a 409 the endpoint decided: stored under a key, but the write is undone. */
    @PostMapping("/v1/samples/conflict-after-write")
    Mono<Envelopes.Data<Sample>> conflictAfterWrite(Caller caller, @RequestBody CreateSample body) {
        Sample sample = new Sample(Ids.newId(), "sample", body.name(), "active", clock.instant());
        return countExecution("conflict:" + body.name())
                .then(insert(caller, sample))
                .then(Mono.error(ApiException.conflict("The sample is locked.")));
    }

    /** Waits inside its handler, and so inside its transaction, until the test releases it ({@link HeldRequests}). */
    @PostMapping("/v1/samples/held")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> held(Caller caller, @RequestBody CreateSample body) {
        return HeldRequests.pass(body.name()).then(Mono.defer(() -> create(caller, body)));
    }

    /** Writes (a row, its outbox event), then waits until the test releases it: what a deadline must undo. */
    @PostMapping("/v1/samples/held-after-write")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> heldAfterWrite(Caller caller, @RequestBody CreateSample body) {
        Sample sample = new Sample(Ids.newId(), "sample", body.name(), "active", clock.instant());
        return countExecution("held:" + body.name())
                .then(insert(caller, sample))
                .then(events.publish(caller, "sample.created", sample.id(), sample))
                .then(HeldRequests.pass(body.name()))
                .thenReturn(Envelopes.data(sample));
    }

    /**
     * Locks the sample named {@code first}, waits until the test releases it ({@link HeldRequests}, held by
     * {@code first}), then locks {@code second}: two of these with the names swapped deadlock in PostgreSQL.
     */
    @PostMapping("/v1/samples/lock-pair")
    Mono<Envelopes.Data<Map<String, String>>> lockPair(Caller caller, @RequestBody LockPair body) {
        return countExecution("lock-pair:" + body.first())
                .then(lock(caller, body.first()))
                .then(HeldRequests.pass(body.first()))
                .then(lock(caller, body.second()))
                .thenReturn(Envelopes.data(Map.of("object", "lock_pair", "first", body.first())));
    }

    private Mono<Void> lock(Caller caller, String name) {
        return AccountStatement.sql(db, caller.accountId(),
                        "UPDATE samples SET status = status WHERE account_id = :account_id AND name = :name")
                .bind("name", name)
                .then();
    }

    /** Like {@link #held}, for a read: waits inside its handler until the test releases it. */
    @GetMapping("/v1/samples/held/{name}")
    Mono<Envelopes.Data<Map<String, String>>> heldRead(Caller caller, @PathVariable String name) {
        return HeldRequests.pass(name).thenReturn(Envelopes.data(Map.of("object", "ping")));
    }

    /** Writes, then waits in the database (a statement stuck on a lock would look the same) for a minute. */
    @PostMapping("/v1/samples/stuck")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> stuck(Caller caller, @RequestBody CreateSample body) {
        Sample sample = new Sample(Ids.newId(), "sample", body.name(), "active", clock.instant());
        return countExecution("stuck:" + body.name())
                .then(insert(caller, sample))
                .then(db.sql("SELECT pg_sleep(60)").then())
                .thenReturn(Envelopes.data(sample));
    }

    /**
     * Reads {@code rows} rows one by one, slowly: a deadline cancels it part-way, while the database has already
     * sent the rest (more than the driver's prefetch of 256), the case that once left r2dbc-postgresql connections
     * stuck.
     */
    @GetMapping("/v1/samples/stream")
    Mono<Envelopes.Data<Map<String, Long>>> stream(Caller caller, @RequestParam int rows) {
        return db.sql("SELECT n FROM generate_series(1, :rows) AS n")
                .bind("rows", rows)
                .map(row -> row.get("n", Integer.class))
                .all()
                .delayElements(java.time.Duration.ofMillis(1))
                .count()
                .map(count -> Envelopes.data(Map.of("rows", count)));
    }

    /** Refuses with a 403 the endpoint decided unless the caller has {@code samples:admin}. */
    @PostMapping("/v1/samples/admin-only")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Sample>> adminOnly(Caller caller, @RequestBody CreateSample body) {
        if (!caller.hasScope("samples:admin")) {
            throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This needs the samples:admin scope.");
        }
        return create(caller, body);
    }

    /** Newest first; filters {@code status} and {@code archived} ({@code true|false}). */
    @GetMapping("/v1/samples")
    @FilteredBy("status")
    Mono<Envelopes.ListOf<Sample>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", STATUSES);
        Boolean archived = filters.bool("archived");
        return ListQuery.from("SELECT * FROM samples", caller.accountId())
                .where("status = :status", "status", status)
                .where("(status = 'archived') = :archived", "archived", archived)
                .page(db, filters.page(), row -> new Sample(row.get("id", UUID.class), "sample",
                        row.get("name", String.class), row.get("status", String.class),
                        row.get("created_at", Instant.class)));
    }

    /** Answers with a deprecated field: successful answers carry the Deprecation and Sunset headers. */
    @GetMapping("/v1/legacy-samples/{id}")
    Mono<Envelopes.Data<LegacySample>> readLegacy(Caller caller, @PathVariable String id) {
        if (!Ids.fromPath(id).equals(LEGACY_ID)) {
            throw ApiException.notFound();
        }
        return Mono.just(Envelopes.data(new LegacySample(LEGACY_ID, LegacySample.OBJECT, "old", "L-1")));
    }

    /** A deprecated operation: every answer carries the headers. */
    @PostMapping("/v1/legacy-samples/{id}/touch")
    @ApiDeprecation(since = "2026-11-01", sunset = "2027-05-01")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<LegacySample>> touch(Caller caller, @PathVariable String id) {
        return readLegacy(caller, id);
    }

    /** A public path: served without a caller token, whatever Authorization the client sends. */
    @GetMapping("/v1/public/ping")
    Mono<Envelopes.Data<Map<String, String>>> ping() {
        return Mono.just(Envelopes.data(Map.of("object", "ping")));
    }

    @GetMapping("/v1/samples/{id}")
    Mono<Envelopes.Data<Sample>> read(Caller caller, @PathVariable String id) {
        return AccountStatement.sql(db, caller.accountId(),
                        "SELECT * FROM samples WHERE account_id = :account_id AND id = :id")
                .bind("id", Ids.fromPath(id))
                .map(row -> new Sample(row.get("id", UUID.class), "sample", row.get("name", String.class),
                        row.get("status", String.class), row.get("created_at", Instant.class)))
                .one()
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .map(Envelopes::data);
    }

    private Mono<Void> insert(Caller caller, Sample sample) {
        return db.sql("INSERT INTO samples (id, account_id, name, status, created_at) VALUES (:id, :account, :name, :status, :created)")
                .bind("id", sample.id())
                .bind("account", caller.accountId())
                .bind("name", sample.name())
                .bind("status", sample.status())
                .bind("created", sample.createdAt())
                .then();
    }

    private Mono<Void> countExecution(String name) {
        return db.sql("""
                INSERT INTO executions (request_name, count) VALUES (:name, 1)
                ON CONFLICT (request_name) DO UPDATE SET count = executions.count + 1
                """).bind("name", name).then();
    }
}
