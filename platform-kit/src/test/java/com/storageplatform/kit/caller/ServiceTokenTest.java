package com.storageplatform.kit.caller;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jwt.SignedJWT;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.test.StepVerifier;

/** A peer's token (ADR 0019) is accepted only within the gateway's token it was narrowed from. */
class ServiceTokenTest {

    private final KeyPair gatewayKeys = Pem.newP256KeyPair();
    private final KeyPair serviceKeys = Pem.newP256KeyPair();
    private final CallerTokenSigner gateway = new CallerTokenSigner((ECPrivateKey) gatewayKeys.getPrivate());
    private final CallerTokenSigner service = new CallerTokenSigner((ECPrivateKey) serviceKeys.getPrivate());
    private final ReactiveJwtDecoder decoder = CallerTokenVerifier.decoder((ECPublicKey) gatewayKeys.getPublic(),
            (ECPublicKey) serviceKeys.getPublic());

    private final UUID site = Ids.newId();
    private final Caller caller = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE,
            Set.of("billing:write", "billing:read", "contacts:read"), Set.of(site, Ids.newId()), ActorType.API,
            "key_1", "req_12345678");
    private final String parent = gateway.sign(caller);

    private String peerToken(Caller as) {
        // The parent's own expiry, as the client reads it: now + 60 s may fall a second after it.
        return service.signForPeer(as, "commerce", parent, parentExpiry());
    }

    private Instant parentExpiry() {
        try {
            return SignedJWT.parse(parent).getJWTClaimsSet().getExpirationTime().toInstant();
        } catch (java.text.ParseException e) {
            throw new IllegalStateException(e);
        }
    }

    private void refused(String token) {
        StepVerifier.create(decoder.decode(token)).expectError(JwtException.class).verify();
    }

    @Test
    void aNarrowedTokenVerifiesToTheNarrowedCallerAndNamesItsServiceAndParent() {
        Caller narrowed = caller.narrowedTo(Set.of("billing:write")).orElseThrow();
        StepVerifier.create(decoder.decode(peerToken(narrowed)))
                .assertNext(jwt -> {
                    assertThat(CallerTokenVerifier.toCaller(jwt)).isEqualTo(narrowed);
                    assertThat(CallerTokenVerifier.callingService(jwt)).isEqualTo("commerce");
                    assertThat(CallerTokenVerifier.rootToken(jwt)).isEqualTo(parent);
                })
                .verifyComplete();
    }

    @Test
    void aVerifiedPeerTokenIsRememberedWholeSoItIsNeitherParsedNorVerifiedAgain() {
        String token = peerToken(caller.narrowedTo(Set.of("billing:read")).orElseThrow());
        Jwt first = decoder.decode(token).block();
        // A fresh verification builds a new Jwt: the same instance is the remembered one.
        assertThat(decoder.decode(token).block()).isSameAs(first);
        assertThat(decoder.decode(parent).block()).isSameAs(decoder.decode(parent).block());
    }

    @Test
    void theGatewaysOwnTokenIsItsOwnRoot() {
        StepVerifier.create(decoder.decode(parent))
                .assertNext(jwt -> {
                    assertThat(CallerTokenVerifier.rootToken(jwt)).isEqualTo(parent);
                    assertThat(CallerTokenVerifier.callingService(jwt)).isNull();
                })
                .verifyComplete();
    }

    @Test
    void aCallerCannotBeNarrowedToAScopeItLacks() {
        assertThat(caller.narrowedTo(Set.of("billing:write", "agreements:write"))).isEmpty();
    }

    @Test
    void aTokenWiderThanItsParentIsRefused() {
        refused(peerToken(new Caller(caller.accountId(), caller.operatorId(), caller.environment(),
                Set.of("billing:write", "agreements:write"), caller.siteIds(), caller.actorType(),
                caller.credentialId(), caller.requestId())));
        // Dropping the site restriction, or naming another site.
        refused(peerToken(new Caller(caller.accountId(), caller.operatorId(), caller.environment(),
                Set.of("billing:write"), null, caller.actorType(), caller.credentialId(), caller.requestId())));
        refused(peerToken(new Caller(caller.accountId(), caller.operatorId(), caller.environment(),
                Set.of("billing:write"), Set.of(Ids.newId()), caller.actorType(), caller.credentialId(),
                caller.requestId())));
    }

    @Test
    void aTokenForAnotherAccountEnvironmentOrActorIsRefused() {
        refused(peerToken(new Caller(Ids.newId(), caller.operatorId(), caller.environment(), Set.of("billing:write"),
                caller.siteIds(), caller.actorType(), caller.credentialId(), caller.requestId())));
        refused(peerToken(new Caller(caller.accountId(), caller.operatorId(), Environment.TEST,
                Set.of("billing:write"), caller.siteIds(), caller.actorType(), caller.credentialId(),
                caller.requestId())));
        refused(peerToken(new Caller(caller.accountId(), caller.operatorId(), caller.environment(),
                Set.of("billing:write"), caller.siteIds(), ActorType.PLATFORM_ADMIN, caller.credentialId(),
                caller.requestId())));
    }

    @Test
    void theServiceKeyAloneActsForNobody() {
        Caller narrowed = caller.narrowedTo(Set.of("billing:write")).orElseThrow();
        // A parent the gateway never signed (signed with the service key itself).
        String forgedParent = service.sign(caller);
        refused(service.signForPeer(narrowed, "commerce", forgedParent, Instant.now().plusSeconds(60)));
        // A parent that is itself a peer's token.
        refused(service.signForPeer(narrowed, "commerce", peerToken(narrowed), Instant.now().plusSeconds(60)));
        // Signed with another key than the services'.
        CallerTokenSigner stranger = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate());
        refused(stranger.signForPeer(narrowed, "commerce", parent, Instant.now().plusSeconds(60)));
    }

    @Test
    void aTokenThatOutlivesItsParentIsRefused() {
        Caller narrowed = caller.narrowedTo(Set.of("billing:write")).orElseThrow();
        CallerTokenSigner late = new CallerTokenSigner((ECPrivateKey) serviceKeys.getPrivate(),
                Clock.offset(Clock.system(ZoneOffset.UTC), Duration.ofSeconds(10)), Duration.ofSeconds(60));
        refused(late.signForPeer(narrowed, "commerce", parent, Instant.now().plusSeconds(3600)));
    }

    @Test
    void anAccountTokenVerifiesOnInternalPathsToTheAccountWithNoScopesAndNoGatewayTokenToNarrow() {
        ReactiveJwtDecoder internal = CallerTokenVerifier.internalDecoder((ECPublicKey) gatewayKeys.getPublic(),
                (ECPublicKey) serviceKeys.getPublic());
        Caller account = Caller.actingFor(caller.accountId(), caller.operatorId(), Environment.LIVE,
                "job:accounting-sync", "req_account_1");
        StepVerifier.create(internal.decode(service.signForAccount(caller, "billing")))
                .assertNext(jwt -> {
                    Caller seen = CallerTokenVerifier.toCaller(jwt);
                    // The caller's scopes and site restriction are dropped: the token is the account's, no more.
                    assertThat(seen.scopes()).isEmpty();
                    assertThat(seen.siteIds()).isNull();
                    assertThat(seen.accountId()).isEqualTo(caller.accountId());
                    assertThat(CallerTokenVerifier.callingService(jwt)).isEqualTo("billing");
                    assertThat(CallerTokenVerifier.isInternalOnly(jwt)).isTrue();
                    assertThat(CallerTokenVerifier.rootToken(jwt)).isNull();
                })
                .verifyComplete();
        StepVerifier.create(internal.decode(service.signForAccount(account, "billing"))
                .map(CallerTokenVerifier::toCaller)).expectNext(account).verifyComplete();
        // The internal decoder still takes the gateway's and a peer's narrowed tokens.
        StepVerifier.create(internal.decode(parent).map(Jwt::getSubject)).expectNext("key_1").verifyComplete();
        StepVerifier.create(internal.decode(peerToken(caller.narrowedTo(Set.of("billing:read")).orElseThrow())))
                .expectNextCount(1).verifyComplete();
    }

    @Test
    void anAccountTokenIsRefusedOutsideInternalPathsAndWhenSignedWithAnotherKey() {
        Caller account = Caller.actingFor(caller.accountId(), caller.operatorId(), Environment.LIVE, "job", null);
        refused(service.signForAccount(account, "billing"));
        CallerTokenSigner stranger = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate());
        ReactiveJwtDecoder internal = CallerTokenVerifier.internalDecoder((ECPublicKey) gatewayKeys.getPublic(),
                (ECPublicKey) serviceKeys.getPublic());
        StepVerifier.create(internal.decode(stranger.signForAccount(account, "billing")))
                .expectError(JwtException.class).verify();
        // Nor does the gateway's key sign one: an account token is the services' word, never a client's.
        StepVerifier.create(internal.decode(gateway.signForAccount(account, "billing")))
                .expectError(JwtException.class).verify();
        // The platform admin is no account: no service acts for it outside a request.
        StepVerifier.create(internal.decode(service.signForAccount(TestCallers.platformAdmin(), "billing")))
                .expectError(JwtException.class).verify();
    }

    @Test
    void withoutTheServicesPublicKeyOnlyTheGatewaysTokensAreAccepted() {
        ReactiveJwtDecoder gatewayOnly = CallerTokenVerifier.decoder((ECPublicKey) gatewayKeys.getPublic());
        StepVerifier.create(gatewayOnly.decode(peerToken(caller.narrowedTo(Set.of("billing:read")).orElseThrow())))
                .expectError(JwtException.class).verify();
        StepVerifier.create(gatewayOnly.decode(parent).map(Jwt::getSubject)).expectNext("key_1").verifyComplete();
    }
}
