package com.storageplatform.kit.caller;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.SignedJWT;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Verifies the gateway's caller token with Nimbus, through Spring Security's reactive resource server: ES256
 * only, our issuer and audience, an expiry that has not passed (real time, 30 s skew), then the claims
 * become a {@link Caller}.
 *
 * <p>A peer's token (ADR 0019) is verified the same way against the service-to-service key, and is accepted only
 * with the gateway's token it was narrowed from ({@code parent}), itself valid, whose caller it stays within
 * ({@link Caller#isWithin}) and whose expiry it does not outlast. Holding the service key alone is not enough
 * to act for anyone.
 *
 * <p>A service's token for an account outside any request (ADR 0029: {@code internal_only}, no parent, no scopes,
 * no site restriction) is accepted only by the {@link #internalDecoder}, which the kit uses for {@code /internal/**}
 * paths alone; on {@code /v1} and everywhere else it is refused like any token we did not sign.
 */
public final class CallerTokenVerifier {

    /** The paths a service's token for an account outside any request is good on (ADR 0029). */
    public static final String INTERNAL_PREFIX = "/internal/";

    private static final Duration CLOCK_SKEW = Duration.ofSeconds(30);

    private CallerTokenVerifier() {
    }

    public static ReactiveJwtDecoder decoder(ECPublicKey publicKey) {
        return decoder(publicKey, null);
    }

    /**
     * @param gatewayKey the gateway's public key
     * @param serviceKey the service-to-service public key, or null to accept the gateway's tokens only
     */
    public static ReactiveJwtDecoder decoder(ECPublicKey gatewayKey, ECPublicKey serviceKey) {
        return decoder(gatewayKey, serviceKey, false);
    }

    /**
     * The decoder of {@code /internal/**} paths: {@link #decoder(ECPublicKey, ECPublicKey)}'s tokens, and a service's
     * token for an account outside any request (ADR 0029).
     */
    public static ReactiveJwtDecoder internalDecoder(ECPublicKey gatewayKey, ECPublicKey serviceKey) {
        return decoder(gatewayKey, serviceKey, true);
    }

    private static ReactiveJwtDecoder decoder(ECPublicKey gatewayKey, ECPublicKey serviceKey, boolean internal) {
        ReactiveJwtDecoder gateway = new VerifiedTokenCache(verifier(gatewayKey, CallerTokenClaims.ISSUER),
                Clock.systemUTC());
        if (serviceKey == null) {
            return gateway;
        }
        ReactiveJwtDecoder services = verifier(serviceKey, CallerTokenClaims.SERVICE_ISSUER);
        ReactiveJwtDecoder either = token -> isFromService(token) ? services.decode(token).flatMap(jwt -> {
            if (!isInternalOnly(jwt)) {
                return withinParent(jwt, gateway);
            }
            return internal ? forAccount(jwt) : Mono.error(invalid("A service's account token is for /internal only"));
        }) : gateway.decode(token);
        // Remembered whole, so a token seen before is not parsed again to learn its issuer (a JWT parse on every
        // request, about 4% of a service's CPU in issue 22's profile); what made it valid does not change, and the
        // cache still checks its expiry on every use (a peer's token never outlives its parent).
        return new VerifiedTokenCache(either, Clock.systemUTC());
    }

    /**
     * The gateway's token a request's caller stands on: the token itself, or the one a peer's was narrowed from;
     * null for a service's account token (ADR 0029), which stands on none and cannot be narrowed for a peer.
     */
    public static String rootToken(Jwt jwt) {
        if (isInternalOnly(jwt)) {
            return null;
        }
        String parent = jwt.getClaimAsString(CallerTokenClaims.PARENT);
        return parent == null ? jwt.getTokenValue() : parent;
    }

    /** Whether this is a service's token for an account outside any request (ADR 0029). */
    public static boolean isInternalOnly(Jwt jwt) {
        return Boolean.TRUE.equals(jwt.getClaimAsBoolean(CallerTokenClaims.INTERNAL_ONLY));
    }

    /** The service that called, or null when the gateway did. */
    public static String callingService(Jwt jwt) {
        return jwt.getClaimAsString(CallerTokenClaims.SERVICE);
    }

    private static boolean isFromService(String token) {
        try {
            return CallerTokenClaims.SERVICE_ISSUER.equals(SignedJWT.parse(token).getJWTClaimsSet().getIssuer());
        } catch (java.text.ParseException e) {
            return false;
        }
    }

    private static Mono<Jwt> withinParent(Jwt jwt, ReactiveJwtDecoder gateway) {
        String parent = jwt.getClaimAsString(CallerTokenClaims.PARENT);
        if (parent == null || jwt.getClaimAsString(CallerTokenClaims.SERVICE) == null) {
            return Mono.error(invalid("A peer's caller token must name its service and parent"));
        }
        return gateway.decode(parent).flatMap(root -> {
            Caller caller;
            Caller rootCaller;
            try {
                caller = toCaller(jwt);
                rootCaller = toCaller(root);
            } catch (IllegalArgumentException e) {
                return Mono.error(invalid("A peer's caller token has malformed claims"));
            }
            if (!caller.isWithin(rootCaller)) {
                return Mono.error(invalid("A peer's caller token is wider than the caller it was narrowed from"));
            }
            if (jwt.getExpiresAt() == null || root.getExpiresAt() == null
                    || jwt.getExpiresAt().isAfter(root.getExpiresAt())) {
                return Mono.error(invalid("A peer's caller token outlives the caller it was narrowed from"));
            }
            return Mono.just(jwt);
        });
    }

    /**
     * A service's account token: it names its service, has no parent, no scopes and no site restriction, and is an
     * account's (never the platform admin's); its lifetime is the signer's, short, checked like any token's expiry.
     */
    private static Mono<Jwt> forAccount(Jwt jwt) {
        if (jwt.getClaimAsString(CallerTokenClaims.SERVICE) == null || jwt.hasClaim(CallerTokenClaims.PARENT)) {
            return Mono.error(invalid("A service's account token must name its service and no parent"));
        }
        Caller caller;
        try {
            caller = toCaller(jwt);
        } catch (IllegalArgumentException e) {
            return Mono.error(invalid("A service's account token has malformed claims"));
        }
        if (!caller.scopes().isEmpty() || caller.isSiteRestricted() || caller.isPlatformAdmin()) {
            return Mono.error(invalid("A service's account token carries no scope, site restriction or admin"));
        }
        return Mono.just(jwt);
    }

    private static JwtValidationException invalid(String message) {
        return new JwtValidationException(message, List.of(new OAuth2Error("invalid_token", message, null)));
    }

    private static ReactiveJwtDecoder verifier(ECPublicKey publicKey, String issuer) {
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
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(expiry, new JwtIssuerValidator(issuer), audience,
                claims));
        return decoder;
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
