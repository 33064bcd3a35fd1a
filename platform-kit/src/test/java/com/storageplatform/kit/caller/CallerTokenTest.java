package com.storageplatform.kit.caller;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.storageplatform.kit.id.Ids;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.test.StepVerifier;

class CallerTokenTest {

    private final KeyPair keys = Pem.newP256KeyPair();
    private final ReactiveJwtDecoder decoder = CallerTokenVerifier.decoder(
            Pem.publicKey(Pem.encodePublic((ECPublicKey) keys.getPublic())));

    private final Caller caller = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE,
            Set.of("sites:read", "units:write"), Set.of(Ids.newId()), ActorType.STAFF, "key_1", "req_12345678");

    @Test
    void aSignedTokenRoundTripsToTheSameCaller() {
        String token = new CallerTokenSigner(Pem.privateKey(Pem.encodePrivate((ECPrivateKey) keys.getPrivate())))
                .sign(caller);
        StepVerifier.create(decoder.decode(token).map(CallerTokenVerifier::toCaller))
                .assertNext(decoded -> assertThat(decoded).isEqualTo(caller))
                .verifyComplete();
    }

    @Test
    void aPlatformAdminHasNoAccount() {
        Caller admin = new Caller(null, null, null, Set.of(), null, ActorType.PLATFORM_ADMIN, "admin", "req_12345678");
        String token = new CallerTokenSigner((ECPrivateKey) keys.getPrivate()).sign(admin);
        StepVerifier.create(decoder.decode(token).map(CallerTokenVerifier::toCaller))
                .assertNext(decoded -> {
                    assertThat(decoded.isPlatformAdmin()).isTrue();
                    assertThat(decoded.siteIds()).isNull();
                })
                .verifyComplete();
    }

    @Test
    void aVerifiedTokenIsRememberedButNeverPastItsExpiry() {
        String token = new CallerTokenSigner((ECPrivateKey) keys.getPrivate()).sign(caller);
        java.util.concurrent.atomic.AtomicInteger verifications = new java.util.concurrent.atomic.AtomicInteger();
        ReactiveJwtDecoder counting = jwt -> {
            verifications.incrementAndGet();
            return decoder.decode(jwt);
        };
        com.storageplatform.kit.time.PlatformClock clock = new com.storageplatform.kit.time.PlatformClock(Clock.systemUTC());
        VerifiedTokenCache cache = new VerifiedTokenCache(counting, clock);
        StepVerifier.create(cache.decode(token)).expectNextCount(1).verifyComplete();
        StepVerifier.create(cache.decode(token)).expectNextCount(1).verifyComplete();
        assertThat(verifications.get()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(61));
        StepVerifier.create(cache.decode(token)).expectError(JwtValidationException.class).verify();
    }

    @Test
    void anExpiredTokenIsRefused() {
        Clock past = Clock.fixed(Instant.now().minus(Duration.ofMinutes(5)), ZoneOffset.UTC);
        String token = new CallerTokenSigner((ECPrivateKey) keys.getPrivate(), past, Duration.ofSeconds(60)).sign(caller);
        StepVerifier.create(decoder.decode(token)).expectError(JwtValidationException.class).verify();
    }

    @Test
    void aTokenFromAnotherKeyIsRefused() {
        String token = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate()).sign(caller);
        StepVerifier.create(decoder.decode(token)).expectError().verify();
    }

    /** A token signed with the right key whose claims are those the gateway signs for {@code caller}, then changed. */
    private String signedWith(UnaryOperator<JWTClaimsSet.Builder> change) throws Exception {
        JWTClaimsSet genuine = SignedJWT.parse(new CallerTokenSigner((ECPrivateKey) keys.getPrivate()).sign(caller))
                .getJWTClaimsSet();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256),
                change.apply(new JWTClaimsSet.Builder(genuine)).build());
        jwt.sign(new ECDSASigner((ECPrivateKey) keys.getPrivate()));
        return jwt.serialize();
    }

    @Test
    void aTokenForAnotherAudienceIsRefused() throws Exception {
        StepVerifier.create(decoder.decode(signedWith(claims -> claims)).map(CallerTokenVerifier::toCaller))
                .assertNext(decoded -> assertThat(decoded).isEqualTo(caller))
                .verifyComplete();
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.audience("storage-platform-dashboard"))))
                .expectError(JwtValidationException.class).verify();
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.audience((String) null))))
                .expectError(JwtValidationException.class).verify();
    }

    @Test
    void aTokenFromAnotherIssuerIsRefused() throws Exception {
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.issuer("https://keycloak.example"))))
                .expectError(JwtValidationException.class).verify();
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.issuer(null))))
                .expectError(JwtValidationException.class).verify();
    }

    @Test
    void aTokenThatIsNotThePlatformAdminsMustNameItsAccount() throws Exception {
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.claim(CallerTokenClaims.ACCOUNT_ID, null)))
                        .map(CallerTokenVerifier::toCaller))
                .expectError(IllegalArgumentException.class).verify();
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.claim(CallerTokenClaims.OPERATOR_ID, null)))
                        .map(CallerTokenVerifier::toCaller))
                .expectError(IllegalArgumentException.class).verify();
        StepVerifier.create(decoder.decode(signedWith(claims -> claims.claim(CallerTokenClaims.ENVIRONMENT, null)))
                        .map(CallerTokenVerifier::toCaller))
                .expectError(IllegalArgumentException.class).verify();
    }

    @Test
    void anUnsignedTokenIsRefused() {
        String signed = new CallerTokenSigner((ECPrivateKey) keys.getPrivate()).sign(caller);
        String[] parts = signed.split("\\.");
        String none = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString("{\"alg\":\"none\"}".getBytes()) + "." + parts[1] + ".";
        StepVerifier.create(decoder.decode(none)).expectError().verify();
    }
}
