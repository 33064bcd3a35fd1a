package com.storageplatform.kit.caller;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Flux;

/**
 * Verifies the gateway's caller token with Nimbus, through Spring Security's reactive resource server: ES256
 * only, our issuer and audience, an expiry that has not passed (real time, 30 s skew), then the claims
 * become a {@link Caller}.
 */
public final class CallerTokenVerifier {

    private static final Duration CLOCK_SKEW = Duration.ofSeconds(30);

    private CallerTokenVerifier() {
    }

    public static ReactiveJwtDecoder decoder(ECPublicKey publicKey) {
        JWK jwk = new ECKey.Builder(Curve.P_256, publicKey).build();
        NimbusReactiveJwtDecoder decoder = NimbusReactiveJwtDecoder.withJwkSource(jwt -> Flux.just(jwk))
                .jwsAlgorithm(SignatureAlgorithm.ES256)
                .build();
        JwtTimestampValidator expiry = new JwtTimestampValidator(CLOCK_SKEW);
        expiry.setAllowEmptyExpiryClaim(false);
        OAuth2TokenValidator<Jwt> audience = new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
                aud -> aud != null && aud.contains(CallerTokenClaims.AUDIENCE));
        OAuth2TokenValidator<Jwt> claims = new JwtClaimValidator<String>(CallerTokenClaims.ACTOR_TYPE,
                actor -> actor != null && isActorType(actor));
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(expiry,
                new JwtIssuerValidator(CallerTokenClaims.ISSUER), audience, claims));
        return new VerifiedTokenCache(decoder, Clock.systemUTC());
    }

    /** The caller a verified token vouches for. */
    public static Caller toCaller(Jwt jwt) {
        ActorType actor = ActorType.of(jwt.getClaimAsString(CallerTokenClaims.ACTOR_TYPE));
        String environment = jwt.getClaimAsString(CallerTokenClaims.ENVIRONMENT);
        List<String> scopes = jwt.getClaimAsStringList(CallerTokenClaims.SCOPES);
        List<String> sites = jwt.getClaimAsStringList(CallerTokenClaims.SITE_IDS);
        Caller caller = new Caller(
                uuid(jwt.getClaimAsString(CallerTokenClaims.ACCOUNT_ID)),
                uuid(jwt.getClaimAsString(CallerTokenClaims.OPERATOR_ID)),
                environment == null ? null : Environment.of(environment),
                scopes == null ? Set.of() : new LinkedHashSet<>(scopes),
                sites == null ? null : new LinkedHashSet<>(sites.stream().map(UUID::fromString).toList()),
                actor,
                jwt.getClaimAsString(CallerTokenClaims.CREDENTIAL_ID),
                jwt.getClaimAsString(CallerTokenClaims.REQUEST_ID));
        if (!caller.isPlatformAdmin() && (caller.accountId() == null || caller.operatorId() == null
                || caller.environment() == null)) {
            throw new IllegalArgumentException("A caller token must name its account, operator and environment");
        }
        return caller;
    }

    private static boolean isActorType(String value) {
        try {
            ActorType.of(value);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static UUID uuid(String value) {
        return value == null ? null : UUID.fromString(value);
    }
}
