package com.storageplatform.kit.request;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.ErrorMapper;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.JsonResponses;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs every mutation (POST, PUT, PATCH, DELETE) in one transaction and replies only after it commits, so a
 * failed request leaves nothing half-written. With an {@code Idempotency-Key} the stored response commits in
 * that same transaction, which is what makes a retry after a crash safe:
 * <ul>
 *   <li>a transaction-scoped advisory lock on (account, key): a second request while the first runs gets
 *       409 {@code idempotency_in_progress};</li>
 *   <li>a stored response for the key: replayed with {@code Idempotent-Replayed: true} when the fingerprint
 *       (method, path, canonical body) matches, else 409 {@code idempotency_conflict};</li>
 *   <li>otherwise the handler runs; a 2xx commits with its stored response; a 4xx the endpoint decided (its
 *       return value or an {@link ApiException} it raised) rolls back to a savepoint and is stored; 401, 403,
 *       429, 5xx and the framework's own refusals before the endpoint decides anything (malformed JSON, 415,
 *       an unknown or mistyped body field, 404 route, 405) roll everything back and are not stored.</li>
 * </ul>
 * The request's {@link Deadline} bounds the handler: at the deadline it is cancelled and the request is answered
 * 504 {@code gateway_timeout} once the transaction has rolled back (so the key is free again and a retry runs).
 * The transaction's statements are also bounded by PostgreSQL's {@code statement_timeout}, a little past the
 * deadline: a statement stuck on a lock is cancelled by the database itself, so the rollback never waits on it
 * for long.
 */
public class MutationFilter implements WebFilter, Ordered {

    public static final String KEY_HEADER = "Idempotency-Key";
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";
    public static final int MAX_KEY_LENGTH = 255;
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    /** Runs after Spring Security (order -100), so the caller is known. */
    public static final int ORDER = 0;

    /** How long past the deadline PostgreSQL lets a statement of the request run before cancelling it. */
    static final Duration STATEMENT_GRACE = Duration.ofMillis(500);

    /** Keys of the platform admin, which has no account, share this scope. */
    private static final UUID PLATFORM_SCOPE = new UUID(0, 0);
    private static final Set<HttpMethod> MUTATIONS =
            Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

    private final TransactionalOperator tx;
    private final IdempotencyStore store;
    private final DatabaseClient db;
    private final JsonResponses json;
    private final JsonMapper mapper;
    private final IdempotencyMetrics metrics;

    public MutationFilter(TransactionalOperator tx, IdempotencyStore store, DatabaseClient db, JsonResponses json,
            JsonMapper mapper, IdempotencyMetrics metrics) {
        this.tx = tx;
        this.store = store;
        this.db = db;
        this.json = json;
        this.mapper = mapper;
        this.metrics = metrics;
    }

    /** Whether this filter runs the request (in a transaction, bounded by its deadline). */
    public static boolean handles(ServerHttpRequest request) {
        return MUTATIONS.contains(request.getMethod()) && !request.getPath().value().startsWith("/internal/");
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (!handles(request)) {
            return chain.filter(exchange);
        }
        Deadline deadline = RequestDeadlineFilter.of(exchange);
        if (deadline != null && deadline.isSpent()) {
            return Mono.error(deadline.exceeded());
        }
        String key = request.getHeaders().getFirst(KEY_HEADER);
        return Callers.current().map(Optional::of).defaultIfEmpty(Optional.empty()).flatMap(caller -> {
            // Keys are scoped to the caller's account: a public endpoint (the OAuth token endpoint) ignores them.
            if (key == null || caller.isEmpty()) {
                if (StreamedBody.isStreamed(request)) {
                    StreamedBody body = new StreamedBody(request);
                    return inTransaction(exchange.mutate().request(body).build(), chain, body.drain());
                }
                return inTransaction(exchange, chain, Mono.empty());
            }
            if (key.length() > MAX_KEY_LENGTH) {
                return Mono.error(ApiException.invalid(KEY_HEADER, FieldIssue.TOO_LONG));
            }
            if (key.isBlank()) {
                return Mono.error(ApiException.invalid(KEY_HEADER, FieldIssue.INVALID));
            }
            if (StreamedBody.isStreamed(request)) {
                return streamed(exchange, chain, caller.get(), key);
            }
            return readBody(request).flatMap(body -> idempotent(exchange, chain, caller.get(), key, body));
        });
    }

    /** @param unread reads what the handler left of a streamed body, so that the client hears the answer */
    private Mono<Void> inTransaction(ServerWebExchange exchange, WebFilterChain chain, Mono<Void> unread) {
        Mono<Outcome> work = boundStatements(exchange)
                .then(execute(exchange, exchange, chain))
                .flatMap(outcome -> outcome.isSuccess() ? Mono.just(outcome) : Mono.error(new RollbackWith(outcome)));
        return tx.transactional(work)
                .onErrorResume(RollbackWith.class, rollback -> Mono.just(rollback.outcome()))
                .flatMap(outcome -> unread.then(outcome.writeTo(exchange.getResponse(), Map.of())));
    }

    private Mono<Void> idempotent(ServerWebExchange original, WebFilterChain chain, Caller caller, String key,
            byte[] body) {
        ServerWebExchange exchange = original.mutate().request(withBody(original.getRequest(), body)).build();
        ServerHttpRequest request = exchange.getRequest();
        String fingerprint = RequestFingerprint.of(request.getMethod().name(), request.getPath().value(), body, mapper);
        return keyed(original, exchange, chain, caller, key, Mono.just(fingerprint), () -> fingerprint, Mono.empty());
    }

    /**
     * A CSV upload under a key: its body streams to the handler, and the key binds to the digest of what the
     * handler read. A handler that answers without reading the body to its end leaves nothing to bind: its
     * answer is not stored, and a retry runs again.
     */
    private Mono<Void> streamed(ServerWebExchange original, WebFilterChain chain, Caller caller, String key) {
        StreamedBody body = new StreamedBody(original.getRequest());
        ServerWebExchange exchange = original.mutate().request(body).build();
        return keyed(original, exchange, chain, caller, key, body.drain().then(Mono.fromSupplier(body::fingerprint)),
                () -> body.isComplete() ? body.fingerprint() : null, body.drain());
    }

    /**
     * @param storedAgainst the request's fingerprint, to compare with a stored one
     * @param afterwards    the fingerprint once the handler ran; null when it cannot be known
     * @param unread        reads what the handler left of a streamed body before the answer is written
     */
    private Mono<Void> keyed(ServerWebExchange original, ServerWebExchange exchange, WebFilterChain chain,
            Caller caller, String key, Mono<String> storedAgainst, Supplier<String> afterwards, Mono<Void> unread) {
        UUID scope = caller.accountId() == null ? PLATFORM_SCOPE : caller.accountId();
        Mono<Replayable> work = boundStatements(original)
                .then(store.tryLock(RequestFingerprint.lockKey(scope.toString(), key)))
                .flatMap(locked -> locked ? store.find(scope, key).map(Optional::of).defaultIfEmpty(Optional.empty())
                        : Mono.error(new ApiException(ErrorCode.IDEMPOTENCY_IN_PROGRESS,
                                "A request with this Idempotency-Key is still being processed; retry shortly.")))
                .flatMap(stored -> {
                    if (stored.isPresent()) {
                        return storedAgainst.flatMap(fingerprint -> {
                            if (!stored.get().fingerprint().equals(fingerprint)) {
                                return Mono.error(new ApiException(ErrorCode.IDEMPOTENCY_CONFLICT,
                                        "This Idempotency-Key was used with a different request."));
                            }
                            return Mono.just(new Replayable(stored.get().outcome(), true));
                        });
                    }
                    return firstExecution(exchange, original, chain, scope, key, afterwards);
                });
        return tx.transactional(work)
                .onErrorResume(RollbackWith.class, rollback -> Mono.just(new Replayable(rollback.outcome(), false)))
                .doOnNext(result -> {
                    if (result.replayed()) {
                        metrics.replayed();
                    }
                })
                .flatMap(result -> unread.then(result.outcome().writeTo(original.getResponse(),
                        result.replayed() ? Map.of(REPLAYED_HEADER, "true") : Map.of())));
    }

    private Mono<Replayable> firstExecution(ServerWebExchange exchange, ServerWebExchange original,
            WebFilterChain chain, UUID scope, String key, Supplier<String> afterwards) {
        return store.savepoint()
                .then(execute(exchange, original, chain))
                .flatMap(outcome -> {
                    if (!outcome.isStorable()) {
                        return Mono.error(new RollbackWith(outcome));
                    }
                    Mono<Void> undo = outcome.isSuccess() ? Mono.empty() : store.rollbackToSavepoint();
                    String fingerprint = afterwards.get();
                    Mono<Void> save = fingerprint == null ? Mono.empty() : store.save(scope, key, fingerprint, outcome);
                    return undo.then(save).thenReturn(new Replayable(outcome, false));
                });
    }

    /**
     * Runs the handler with a response that is held back; a failure becomes its error response. Only an
     * {@link ApiException} is a refusal the endpoint decided: every other mapped failure is the framework's
     * (routing, media type, decoding the body, a missing parameter).
     */
    private Mono<Outcome> execute(ServerWebExchange exchange, ServerWebExchange original, WebFilterChain chain) {
        CapturingResponse captured = new CapturingResponse(original.getResponse());
        ServerWebExchange held = exchange.mutate().response(captured).build();
        Deadline deadline = RequestDeadlineFilter.of(original);
        Mono<Outcome> handled = chain.filter(held).then(Mono.fromSupplier(captured::outcome));
        if (deadline != null) {
            Mono<Outcome> unbounded = handled;
            // The time left is measured when the handler starts, after the transaction has begun.
            handled = Mono.defer(() -> unbounded.timeout(deadline.remaining(), Mono.error(deadline::exceeded)));
        }
        return handled.onErrorResume(failure -> {
            // Whatever failed once the deadline passed (a statement PostgreSQL cancelled) failed for want of time.
            Throwable cause = deadline != null && deadline.isSpent() ? deadline.exceeded() : failure;
            return Mono.just(Outcome.ofError(ErrorMapper.map(cause, original), json, cause instanceof ApiException));
        });
    }

    /** The transaction's statements may not outlive the request's deadline by more than a moment. */
    private Mono<Void> boundStatements(ServerWebExchange exchange) {
        Deadline deadline = RequestDeadlineFilter.of(exchange);
        if (deadline == null) {
            return Mono.empty();
        }
        return Mono.defer(() -> db.sql("SELECT set_config('statement_timeout', :timeout, true)")
                .bind("timeout", deadline.remaining().plus(STATEMENT_GRACE).toMillis() + "ms")
                .then());
    }

    private static Mono<byte[]> readBody(ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody(), MAX_BODY_BYTES)
                .map(buffer -> {
                    byte[] bytes = new byte[buffer.readableByteCount()];
                    buffer.read(bytes);
                    DataBufferUtils.release(buffer);
                    return bytes;
                })
                .defaultIfEmpty(new byte[0])
                .onErrorMap(DataBufferLimitException.class,
                        e -> new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large."));
    }

    /** The request again, its body replaced by the bytes already read for the fingerprint. */
    private static ServerHttpRequest withBody(ServerHttpRequest request, byte[] body) {
        return new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                return Flux.defer(() -> Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)));
            }
        };
    }

    private record Replayable(Outcome outcome, boolean replayed) {
    }
}
