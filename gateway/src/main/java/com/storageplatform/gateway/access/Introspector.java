package com.storageplatform.gateway.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.resilience.Resilience;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Asks the auth service what a presented secret is, and remembers active answers for a short while. The cache
 * can never serve a revoked credential: the auth service reports every revocation on the response of the request
 * that made it (the gateway evicts before the client sees that response), other replicas learn it through
 * {@link RevocationNotices}, and an entry never outlives the credential's own expiry. An answer is only as fresh
 * as the moment it was asked for, so each revocation notice is numbered and kept a while: an answer asked for
 * before a notice about its credential (still in flight when the notice came) is never cached or served, and is
 * asked again. Secrets are held only as SHA-256 hashes; inactive answers are not cached.
 *
 * <p>The auth service is called within a timeout and behind its circuit breaker: when it cannot be reached the
 * request is 503 {@code service_unavailable} with {@code Retry-After}, when it is too slow 504
 * {@code gateway_timeout}, as for any routed service ({@code ServiceResilience}).
 */
public final class Introspector {

    private static final String AUTH = "The authentication service";

    /** @param askedAt the notice sequence when the question was sent: later notices make the answer stale */
    private record Entry(Introspection credential, long askedAt) {
    }

    private final WebClient auth;
    private final URI introspectUrl;
    private final CallerTokens callerTokens;
    private final RevocationNotices notices;
    private final Clock clock;
    private final Duration timeout;
    private final Resilience resilience;
    private final Cache<String, Entry> byTokenHash;
    private final ConcurrentHashMap<String, Set<String>> hashesByCredential = new ConcurrentHashMap<>();
    private final AtomicLong noticeSequence = new AtomicLong();
    /** Credential id to the sequence of its latest revocation notice, kept longer than any answer can matter. */
    private final Cache<String, Long> revokedAt;
    private volatile long clearedAt;

    public Introspector(WebClient auth, URI authUrl, CallerTokens callerTokens, RevocationNotices notices, Clock clock,
            Duration ttl, Duration timeout, Resilience resilience) {
        this.auth = auth;
        this.introspectUrl = authUrl.resolve(Introspection.PATH);
        this.callerTokens = callerTokens;
        this.notices = notices;
        this.clock = clock;
        this.timeout = timeout;
        this.resilience = resilience;
        this.byTokenHash = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(200_000)
                .<String, Entry>removalListener((hash, entry, cause) -> {
                    if (entry != null) {
                        forgetHash(entry.credential().credentialId(), hash);
                    }
                })
                .build();
        // An answer in flight lives at most the timeout and a cached one at most the TTL after it arrived.
        this.revokedAt = Caffeine.newBuilder()
                .expireAfterWrite(ttl.multipliedBy(2).plus(timeout))
                .maximumSize(200_000)
                .build();
    }

    /** The credential behind a secret; inactive when unknown, expired or revoked. */
    public Mono<Introspection> introspect(String token) {
        String hash = sha256(token);
        Entry cached = byTokenHash.getIfPresent(hash);
        if (cached != null && isLive(cached.credential()) && !isStale(cached.credential(), cached.askedAt())) {
            return notices.isRevoked(cached.credential().credentialId())
                    .map(Optional::of)
                    .onErrorReturn(Optional.empty())
                    .flatMap(revoked -> {
                        if (revoked.isEmpty()) {
                            // Redis is out of reach, so another replica's revocation cannot be seen: ask the source.
                            return ask(token, hash, true);
                        }
                        if (revoked.get()) {
                            evict(List.of(cached.credential().credentialId()));
                            return ask(token, hash, true);
                        }
                        return Mono.just(cached.credential());
                    });
        }
        if (cached != null) {
            byTokenHash.invalidate(hash);
        }
        return ask(token, hash, true);
    }

    /**
     * Asks the auth service. An active answer that a revocation notice overtook is asked for once more, since it
     * may predate the revocation; if a notice overtakes that one too, the credential is refused rather than
     * trusted.
     */
    private Mono<Introspection> ask(String token, String hash, boolean mayRetry) {
        long askedAt = noticeSequence.get();
        return call(token).flatMap(credential -> {
            if (!credential.active()) {
                return Mono.just(credential);
            }
            if (isStale(credential, askedAt)) {
                return mayRetry ? ask(token, hash, false) : Mono.just(Introspection.inactive());
            }
            byTokenHash.put(hash, new Entry(credential, askedAt));
            hashesByCredential.computeIfAbsent(credential.credentialId(), id -> ConcurrentHashMap.newKeySet())
                    .add(hash);
            return Mono.just(credential);
        });
    }

    private Mono<Introspection> call(String token) {
        // The auth breaker, shared with the proxied /oauth and /admin routes: one auth service.
        return resilience.guard("auth", AUTH, timeout, auth.post().uri(introspectUrl)
                .header("Authorization", "Bearer " + callerTokens.platformAdmin())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(new Introspection.Request(token))
                .retrieve()
                .bodyToMono(Introspection.class));
    }

    /** Whether a notice about this credential (or a clear) came after the question was sent. */
    private boolean isStale(Introspection credential, long askedAt) {
        Long revoked = revokedAt.getIfPresent(credential.credentialId());
        return clearedAt > askedAt || revoked != null && revoked > askedAt;
    }

    private boolean isLive(Introspection credential) {
        return credential.expiresAt() == null || credential.expiresAt().isAfter(clock.instant());
    }

    /** Drops revoked credentials here and announces them to the other replicas. */
    public Mono<Void> revoked(List<String> credentialIds) {
        for (String id : credentialIds) {
            revokedAt.put(id, noticeSequence.incrementAndGet());
        }
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
        clearedAt = noticeSequence.incrementAndGet();
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
