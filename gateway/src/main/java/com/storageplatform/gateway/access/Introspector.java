package com.storageplatform.gateway.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.storageplatform.gateway.route.ServiceResilience;
import com.storageplatform.kit.caller.Introspection;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Asks the auth service what a presented secret is, and remembers active answers for a short while. The cache
 * can never serve a revoked credential: the auth service reports every revocation on the response of the request
 * that made it (the gateway evicts before the client sees that response), other replicas learn it through
 * {@link RevocationNotices}, and an entry never outlives the credential's own expiry. Secrets are held only as
 * SHA-256 hashes; inactive answers are not cached.
 *
 * <p>The auth service is called within a timeout and behind its circuit breaker: when it cannot be reached the
 * request is 503 {@code service_unavailable} with {@code Retry-After}, when it is too slow 504
 * {@code gateway_timeout}, as for any routed service ({@link ServiceResilience}).
 */
public final class Introspector {

    private static final String AUTH = "The authentication service";

    private record Entry(Introspection credential, String tokenHash) {
    }

    private final WebClient auth;
    private final URI introspectUrl;
    private final CallerTokens callerTokens;
    private final RevocationNotices notices;
    private final Clock clock;
    private final Duration timeout;
    private final CircuitBreaker breaker;
    private final Cache<String, Entry> byTokenHash;
    private final ConcurrentHashMap<String, Set<String>> hashesByCredential = new ConcurrentHashMap<>();

    public Introspector(WebClient auth, URI authUrl, CallerTokens callerTokens, RevocationNotices notices, Clock clock,
            Duration ttl, Duration timeout, CircuitBreaker breaker) {
        this.auth = auth;
        this.introspectUrl = authUrl.resolve(Introspection.PATH);
        this.callerTokens = callerTokens;
        this.notices = notices;
        this.clock = clock;
        this.timeout = timeout;
        this.breaker = breaker;
        this.byTokenHash = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(200_000)
                .<String, Entry>removalListener((hash, entry, cause) -> {
                    if (entry != null) {
                        forgetHash(entry.credential().credentialId(), hash);
                    }
                })
                .build();
    }

    /** The credential behind a secret; inactive when unknown, expired or revoked. */
    public Mono<Introspection> introspect(String token) {
        String hash = sha256(token);
        Entry cached = byTokenHash.getIfPresent(hash);
        if (cached != null && isLive(cached.credential())) {
            return notices.isRevoked(cached.credential().credentialId()).flatMap(revoked -> {
                if (revoked) {
                    evict(List.of(cached.credential().credentialId()));
                    return ask(token, hash);
                }
                return Mono.just(cached.credential());
            });
        }
        return ask(token, hash);
    }

    private Mono<Introspection> ask(String token, String hash) {
        return call(token)
                .doOnNext(credential -> {
                    if (credential.active()) {
                        byTokenHash.put(hash, new Entry(credential, hash));
                        hashesByCredential.computeIfAbsent(credential.credentialId(), id -> ConcurrentHashMap.newKeySet())
                                .add(hash);
                    }
                });
    }

    private Mono<Introspection> call(String token) {
        return auth.post().uri(introspectUrl)
                .header("Authorization", "Bearer " + callerTokens.platformAdmin())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(new Introspection.Request(token))
                .retrieve()
                .bodyToMono(Introspection.class)
                .timeout(timeout)
                .transformDeferred(CircuitBreakerOperator.of(breaker))
                .onErrorMap(failure -> ServiceResilience.toApiError(failure, AUTH));
    }

    private boolean isLive(Introspection credential) {
        return credential.expiresAt() == null || credential.expiresAt().isAfter(clock.instant());
    }

    /** Drops revoked credentials here and announces them to the other replicas. */
    public Mono<Void> revoked(List<String> credentialIds) {
        evict(credentialIds);
        return notices.announce(credentialIds);
    }

    private void evict(List<String> credentialIds) {
        for (String id : credentialIds) {
            Set<String> hashes = hashesByCredential.remove(id);
            if (hashes != null) {
                byTokenHash.invalidateAll(hashes);
            }
            callerTokens.forget(id);
        }
    }

    /** Forgets everything (the business clock moved, so expiries must be judged again). */
    public void clear() {
        byTokenHash.invalidateAll();
        hashesByCredential.clear();
        callerTokens.forgetAll();
    }

    private void forgetHash(String credentialId, String hash) {
        hashesByCredential.computeIfPresent(credentialId, (id, hashes) -> {
            hashes.remove(hash);
            return hashes.isEmpty() ? null : hashes;
        });
    }

    private static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
