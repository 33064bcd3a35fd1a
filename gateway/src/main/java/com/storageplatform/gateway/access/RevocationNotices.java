package com.storageplatform.gateway.access;

import java.time.Duration;
import java.util.List;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Tells every gateway replica that credentials were revoked, so none serves them from its introspection
 * cache. With one gateway the local eviction is enough; with Redis each revoked id is kept as a marker for
 * longer than any cache entry lives, and a cache hit checks it.
 */
public interface RevocationNotices {

    Mono<Void> announce(List<String> credentialIds);

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

    static RevocationNotices redis(ReactiveStringRedisTemplate redis, Duration cacheTtl) {
        Duration keep = cacheTtl.multipliedBy(2).plusSeconds(10);
        return new RevocationNotices() {
            @Override
            public Mono<Void> announce(List<String> credentialIds) {
                return Flux.fromIterable(credentialIds)
                        .flatMap(id -> redis.opsForValue().set("revoked:" + id, "1", keep))
                        .then();
            }

            @Override
            public Mono<Boolean> isRevoked(String credentialId) {
                return redis.hasKey("revoked:" + credentialId);
            }
        };
    }
}
