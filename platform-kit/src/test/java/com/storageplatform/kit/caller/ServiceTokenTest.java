package com.storageplatform.kit.caller;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
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
        return service.signForPeer(as, "commerce", parent, Instant.now().plusSeconds(60));
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
    void withoutTheServicesPublicKeyOnlyTheGatewaysTokensAreAccepted() {
        ReactiveJwtDecoder gatewayOnly = CallerTokenVerifier.decoder((ECPublicKey) gatewayKeys.getPublic());
        StepVerifier.create(gatewayOnly.decode(peerToken(caller.narrowedTo(Set.of("billing:read")).orElseThrow())))
                .expectError(JwtException.class).verify();
        StepVerifier.create(gatewayOnly.decode(parent).map(Jwt::getSubject)).expectNext("key_1").verifyComplete();
    }
}
