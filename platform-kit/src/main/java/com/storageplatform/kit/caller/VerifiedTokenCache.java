package com.storageplatform.kit.caller;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;

/**
 * Remembers caller tokens that verified, until they expire. The gateway reuses one caller token per credential
 * for 30 seconds, so a service pays the ES256 verification (about a millisecond in the JDK) once per credential
 * and half-minute instead of on every request. Expiry is still checked on every use, against real time.
 */
final class VerifiedTokenCache implements ReactiveJwtDecoder {

    private final ReactiveJwtDecoder verifier;
    private final Clock clock;
    private final Cache<String, Jwt> verified = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(90))
            .maximumSize(20_000)
            .build();

    VerifiedTokenCache(ReactiveJwtDecoder verifier, Clock clock) {
        this.verifier = verifier;
        this.clock = clock;
    }

    @Override
    public Mono<Jwt> decode(String token) {
        Jwt known = verified.getIfPresent(token);
        if (known != null) {
            if (known.getExpiresAt() != null && known.getExpiresAt().isAfter(clock.instant())) {
                return Mono.just(known);
            }
            verified.invalidate(token);
            return Mono.error(new JwtValidationException("The caller token has expired",
                    List.of(new OAuth2Error("invalid_token"))));
        }
        return verifier.decode(token).doOnNext(jwt -> verified.put(token, jwt));
    }
}
