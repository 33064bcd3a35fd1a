package com.storageplatform.gateway.access;

import com.storageplatform.gateway.redis.RedisCalls;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Tells every gateway replica that credentials were revoked, so none serves them from its introspection
 * cache. With one gateway the local eviction is enough; with Redis each revoked id is kept as a marker for
 * longer than any cache entry lives, and a cache hit checks it.
 *
 * <p>When Redis cannot answer within its bound ({@link RedisCalls}): {@link #isRevoked} fails, and the
 * {@link Introspector} then asks the auth service itself instead of trusting its cache; {@link #announce} gives up
 * waiting after the bound and keeps trying in the background for as long as a cached answer can live, since the
 * other replicas may still be reading Redis.
 */
public interface RevocationNotices {

    Mono<Void> announce(List<String> credentialIds);

    /** True when another replica announced the credential revoked; an error when that cannot be known. */
    Mono<Boolean> isRevoked(String credentialId);

    static RevocationNotices local() {
        return new RevocationNotices() {
            @Override
            public Mono<Void> announce(List<String> credentialIds) {
                return Mono.empty();
            }

            @Override
            public Mono<Boolean> isRevoked(String credentialId) {
                return Mono.just(false);
            }
        };
    }

    static RevocationNotices redis(ReactiveStringRedisTemplate redis, Duration cacheTtl, RedisCalls calls) {
        Logger log = LoggerFactory.getLogger(RevocationNotices.class);
        Duration keep = cacheTtl.multipliedBy(2).plusSeconds(10);
        return new RevocationNotices() {
            @Override
            public Mono<Void> announce(List<String> credentialIds) {
                Mono<Void> markAll = Flux.fromIterable(credentialIds)
                        .flatMap(id -> redis.opsForValue().set("revoked:" + id, "1", keep))
                        .then();
                return calls.call("revocation_announce", markAll).onErrorResume(failure -> {
                    log.warn("Could not tell the other gateways that {} credential(s) were revoked ({}); retrying in "
                            + "the background", credentialIds.size(), failure.toString());
                    calls.call("revocation_announce", markAll)
                            .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(500))
                                    .maxBackoff(Duration.ofSeconds(5)))
                            .timeout(cacheTtl.plus(calls.timeout()))
                            .subscribe(done -> { }, gaveUp -> log.error("Gave up telling the other gateways that "
                                    + "credentials {} were revoked", credentialIds));
                    return Mono.empty();
                });
            }

            @Override
            public Mono<Boolean> isRevoked(String credentialId) {
                return calls.call("revocation_check", redis.hasKey("revoked:" + credentialId));
            }
        };
    }
}
