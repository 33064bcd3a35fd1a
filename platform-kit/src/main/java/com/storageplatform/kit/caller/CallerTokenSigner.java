package com.storageplatform.kit.caller;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.security.interfaces.ECPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.UUID;

/**
 * Signs the short-lived caller token (ES256) the gateway sends to the services. Expiry uses real time, never
 * the platform clock, so moving the business clock in tests cannot expire or extend tokens.
 */
public final class CallerTokenSigner {

    public static final Duration DEFAULT_LIFETIME = Duration.ofSeconds(60);

    private final ECDSASigner signer;
    private final Clock clock;
    private final Duration lifetime;

    public CallerTokenSigner(ECPrivateKey key, Clock clock, Duration lifetime) {
        try {
            this.signer = new ECDSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("Caller-token key must be EC P-256", e);
        }
        this.clock = clock;
        this.lifetime = lifetime;
    }

    public CallerTokenSigner(ECPrivateKey key) {
        this(key, Clock.systemUTC(), DEFAULT_LIFETIME);
    }

    /** How long a token it signs is valid (a peer's: no longer than its parent). */
    public Duration lifetime() {
        return lifetime;
    }

    public String sign(Caller caller) {
        Instant now = clock.instant();
        return sign(claims(caller, now).issuer(CallerTokenClaims.ISSUER).expirationTime(Date.from(now.plus(lifetime))));
    }

    /**
     * A token for a peer (ADR 0019): {@code caller}, already narrowed from the gateway's {@code parent} token, as
     * vouched for by {@code service}. It expires with the parent at the latest.
     */
    public String signForPeer(Caller caller, String service, String parent, Instant parentExpiry) {
        Instant now = clock.instant();
        Instant expiry = now.plus(lifetime).isBefore(parentExpiry) ? now.plus(lifetime) : parentExpiry;
        return sign(claims(caller, now).issuer(CallerTokenClaims.SERVICE_ISSUER)
                .expirationTime(Date.from(expiry))
                .claim(CallerTokenClaims.SERVICE, service)
                .claim(CallerTokenClaims.PARENT, parent));
    }

    /**
     * A token for a peer's {@code /internal/**} routes, signed by {@code service} for {@code account} outside any
     * request (a job, a Kafka handler: ADR 0029): the account, operator and environment, no scopes and no site
     * restriction, no parent. A peer's kit accepts it nowhere else, and never as a gateway token to narrow.
     */
    public String signForAccount(Caller account, String service) {
        Instant now = clock.instant();
        Caller bare = new Caller(account.accountId(), account.operatorId(), account.environment(), Set.of(),
                null, account.actorType(), account.credentialId(), account.requestId());
        return sign(claims(bare, now).issuer(CallerTokenClaims.SERVICE_ISSUER)
                .expirationTime(Date.from(now.plus(lifetime)))
                .claim(CallerTokenClaims.SERVICE, service)
                .claim(CallerTokenClaims.INTERNAL_ONLY, true));
    }

    private static JWTClaimsSet.Builder claims(Caller caller, Instant now) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .audience(CallerTokenClaims.AUDIENCE)
                .subject(caller.credentialId())
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now))
                .claim(CallerTokenClaims.SCOPES, caller.scopes().stream().sorted().toList())
                .claim(CallerTokenClaims.ACTOR_TYPE, caller.actorType().value())
                .claim(CallerTokenClaims.CREDENTIAL_ID, caller.credentialId());
        if (caller.requestId() != null) {
            claims.claim(CallerTokenClaims.REQUEST_ID, caller.requestId());
        }
        if (caller.accountId() != null) {
            claims.claim(CallerTokenClaims.ACCOUNT_ID, caller.accountId().toString());
        }
        if (caller.operatorId() != null) {
            claims.claim(CallerTokenClaims.OPERATOR_ID, caller.operatorId().toString());
        }
        if (caller.environment() != null) {
            claims.claim(CallerTokenClaims.ENVIRONMENT, caller.environment().value());
        }
        if (caller.siteIds() != null) {
            claims.claim(CallerTokenClaims.SITE_IDS, caller.siteIds().stream().map(UUID::toString).sorted().toList());
        }
        return claims;
    }

    private String sign(JWTClaimsSet.Builder claims) {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256), claims.build());
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Could not sign the caller token", e);
        }
        return jwt.serialize();
    }
}
