package com.storageplatform.kit.client;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jwt.SignedJWT;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerAuthentication;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.CallerTokenVerifier;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.request.Deadline;
import com.storageplatform.kit.request.InboundRequest;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.request.RequestDeadlineFilter;
import com.storageplatform.kit.resilience.Outages;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.RequestIds;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.github.resilience4j.reactor.retry.RetryOperator;
import io.github.resilience4j.reactor.timelimiter.TimeLimiterOperator;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Calls one peer service on behalf of the request being served (ADR 0019). Every call:
 * <ul>
 *   <li>carries the caller narrowed to the scopes the call names, signed with the service-to-service key and
 *       bound to the gateway's token it was narrowed from; a caller without those scopes is 403
 *       {@code insufficient_scope} before anything is sent;</li>
 *   <li>carries the request's {@code Service-Request-Id} and what is left of its deadline;</li>
 *   <li>runs within a per-attempt time limit, through the peer's circuit breaker, and is retried on a transient
 *       failure only when that is safe: a read, or a mutation with a key derived from the request's own
 *       {@code Idempotency-Key} ({@link DerivedKeys}); a mutation without one is sent once;</li>
 *   <li>fails as the caller should see it: the peer's 4xx with its own code and details; 503
 *       {@code service_unavailable} with {@code Retry-After} when the peer cannot be reached, fails or its
 *       circuit is open; 504 {@code gateway_timeout} when it is too slow or the request's deadline is spent.</li>
 * </ul>
 * A call outside any request is refused, unless it is made for an account to the peer's {@code /internal/**}
 * routes ({@link ServiceCall#forAccount}, ADR 0029).
 */
public final class ServiceClient {

    private final String service;
    private final String peer;
    private final WebClient web;
    private final CallerTokenSigner signer;
    private final Resilience resilience;
    private final String subject;
    /**
     * Peer tokens already signed, by narrowed caller and gateway token, each reused for half its lifetime: an ES256
     * signature here and a verification at the peer per call were about a tenth of the CPU of a request that calls
     * a peer (issue 22). The request id travels in its header, as with the gateway's own reused tokens.
     */
    private final Cache<PeerToken, String> peerTokens;

    private record PeerToken(Caller caller, String parent) {
    }

    ServiceClient(String service, String peer, WebClient web, CallerTokenSigner signer, Resilience resilience) {
        this.service = service;
        this.peer = peer;
        this.web = web;
        this.signer = signer;
        this.resilience = resilience;
        this.subject = "The " + peer + " service";
        this.peerTokens = Caffeine.newBuilder()
                .expireAfterWrite(signer.lifetime().dividedBy(2))
                .maximumSize(10_000)
                .build();
    }

    /** The peer's short name ({@code billing}). */
    public String peer() {
        return peer;
    }

    public ServiceCall get(String uri, Object... uriVariables) {
        return new ServiceCall(this, HttpMethod.GET, uri, uriVariables);
    }

    public ServiceCall post(String uri, Object... uriVariables) {
        return new ServiceCall(this, HttpMethod.POST, uri, uriVariables);
    }

    public ServiceCall patch(String uri, Object... uriVariables) {
        return new ServiceCall(this, HttpMethod.PATCH, uri, uriVariables);
    }

    public ServiceCall put(String uri, Object... uriVariables) {
        return new ServiceCall(this, HttpMethod.PUT, uri, uriVariables);
    }

    public ServiceCall delete(String uri, Object... uriVariables) {
        return new ServiceCall(this, HttpMethod.DELETE, uri, uriVariables);
    }

    <T> Mono<T> exchange(ServiceCall call, ParameterizedTypeReference<T> type) {
        if (call.account() != null) {
            return forAccount(call, type);
        }
        if (call.scopes() == null) {
            return Mono.error(new IllegalStateException("A call to " + peer + " must name the scopes it needs"));
        }
        if (call.isMutation() && call.purpose() == null) {
            return Mono.error(new IllegalStateException("A mutation sent to " + peer
                    + " must name its purpose, from which its Idempotency-Key is derived"));
        }
        return Callers.authentication()
                .switchIfEmpty(Mono.error(() -> new IllegalStateException(
                        "A call to " + peer + " is made for the caller of a request, and there is none")))
                .zipWith(InboundRequest.current())
                .flatMap(context -> call(call, type, context.getT1(), context.getT2().orElse(null)));
    }

    /** A call for an account outside any request (ADR 0029): {@code /internal/**} only, no scopes, sent as is. */
    private <T> Mono<T> forAccount(ServiceCall call, ParameterizedTypeReference<T> type) {
        Caller account = call.account();
        if (!call.uri().startsWith(CallerTokenVerifier.INTERNAL_PREFIX)) {
            return Mono.error(new IllegalStateException("A call to " + peer + " for an account outside a request "
                    + "reaches /internal/** routes only, not " + call.uri()));
        }
        if (call.scopes() != null && !call.scopes().isEmpty()) {
            return Mono.error(new IllegalStateException("A call to " + peer + " for an account carries no scopes"));
        }
        if (call.isMutation() && call.purpose() == null) {
            return Mono.error(new IllegalStateException("A mutation sent to " + peer + " must name its purpose"));
        }
        if (account.accountId() == null || account.operatorId() == null || account.environment() == null
                || account.isPlatformAdmin()) {
            return Mono.error(new IllegalStateException("A call for an account names its account, operator and "
                    + "environment"));
        }
        String requestId = account.requestId() != null ? account.requestId() : RequestIds.newId();
        String token = signer.signForAccount(account.withRequestId(requestId), service);
        return attempts(call, type, token, requestId, null, null);
    }

    private <T> Mono<T> call(ServiceCall call, ParameterizedTypeReference<T> type, CallerAuthentication auth,
            InboundRequest inbound) {
        Caller caller = auth.caller();
        Optional<Caller> narrowed = caller.narrowedTo(call.scopes());
        if (narrowed.isEmpty()) {
            TreeSet<String> missing = new TreeSet<>(call.scopes());
            missing.removeAll(caller.scopes());
            return Mono.error(new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
                    "This request also needs the scope " + String.join(", ", missing) + "."));
        }
        if (auth.rootToken() == null) {
            return Mono.error(new IllegalStateException("The caller carries no gateway token to narrow"));
        }
        String requestId = inbound != null ? inbound.requestId()
                : caller.requestId() != null ? caller.requestId() : RequestIds.newId();
        // No request id in the token, so one token serves every request of this caller; it expires with the
        // gateway's token at the latest, and is never older than half its lifetime.
        String token = peerTokens.get(new PeerToken(narrowed.get().withRequestId(null), auth.rootToken()),
                peerToken -> signer.signForPeer(peerToken.caller(), service, peerToken.parent(),
                        expiryOf(peerToken.parent())));
        String key = call.isMutation() && inbound != null && inbound.idempotencyKey() != null
                ? DerivedKeys.derive(inbound.idempotencyKey(), service, peer, call.purpose()) : null;
        Deadline deadline = inbound == null ? null : inbound.deadline();
        return attempts(call, type, token, requestId, key, deadline);
    }

    private <T> Mono<T> attempts(ServiceCall call, ParameterizedTypeReference<T> type, String token,
            String requestId, String key, Deadline deadline) {
        Mono<T> attempts = Mono.defer(() -> send(call, type, token, requestId, key, deadline))
                .transformDeferred(TimeLimiterOperator.of(resilience.timeLimiterOf(peer)))
                .transformDeferred(CircuitBreakerOperator.of(resilience.breakerOf(peer)));
        if (!call.isMutation() || key != null) {
            attempts = attempts.transformDeferred(RetryOperator.of(resilience.retryOf(peer)));
        }
        Duration openFor = resilience.policyOf(peer).openFor();
        attempts = attempts.onErrorMap(failure -> Outages.toApiError(failure, subject, openFor));
        if (deadline == null) {
            return attempts;
        }
        return attempts.timeout(deadline.remaining(), Mono.error(() -> new ApiException(ErrorCode.GATEWAY_TIMEOUT,
                subject + " did not answer within the request's deadline.")));
    }

    private <T> Mono<T> send(ServiceCall call, ParameterizedTypeReference<T> type, String token, String requestId,
            String key, Deadline deadline) {
        WebClient.RequestBodySpec request = web.method(call.method())
                .uri(call.uri(), call.uriVariables())
                .headers(headers -> {
                    headers.setBearerAuth(token);
                    headers.setAccept(List.of(MediaType.APPLICATION_JSON));
                    headers.set(RequestIds.HEADER, requestId);
                    if (deadline != null) {
                        headers.set(RequestDeadlineFilter.HEADER,
                                Long.toString(Math.max(1, deadline.remaining().toMillis())));
                    }
                    if (key != null) {
                        headers.set(MutationFilter.KEY_HEADER, key);
                    }
                });
        WebClient.RequestHeadersSpec<?> ready = call.body() == null ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(call.body());
        return ready.exchangeToMono(response -> {
            if (response.statusCode().is2xxSuccessful()) {
                return response.bodyToMono(type);
            }
            if (response.statusCode().is4xxClientError()) {
                return response.bodyToMono(Envelopes.Error.class)
                        .map(Optional::of)
                        .onErrorResume(unreadable -> Mono.just(Optional.empty()))
                        .defaultIfEmpty(Optional.empty())
                        .flatMap(body -> Mono.error(PeerErrors.toException(peer, response.statusCode(),
                                body.orElse(null), response.headers().asHttpHeaders())));
            }
            return response.createException().flatMap(Mono::error);
        });
    }

    private static Instant expiryOf(String rootToken) {
        try {
            return SignedJWT.parse(rootToken).getJWTClaimsSet().getExpirationTime().toInstant();
        } catch (ParseException | NullPointerException e) {
            throw new IllegalStateException("The caller's gateway token has no readable expiry", e);
        }
    }
}
