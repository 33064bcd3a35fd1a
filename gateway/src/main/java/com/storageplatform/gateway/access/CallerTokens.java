package com.storageplatform.gateway.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.caller.Pem;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Signs the caller tokens the services trust (ADR 0004). A token lives 60 s and is reused for 30 s per
 * credential, so the signature is not paid on every request; the request id travels in its own header.
 */
public final class CallerTokens {

    private static final Caller PLATFORM_ADMIN = new Caller(null, null, null, Set.of(), null,
            ActorType.PLATFORM_ADMIN, "platform_admin", null);

    private final CallerTokenSigner signer;
    private final Cache<String, String> recent = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(30))
            .maximumSize(100_000)
            .build();

    public CallerTokens(String privateKeyPem) {
        if (privateKeyPem == null || privateKeyPem.isBlank()) {
            throw new IllegalStateException("platform.caller-token.private-key (PLATFORM_CALLER_TOKEN_PRIVATE_KEY) "
                    + "is not set: the gateway cannot vouch for callers without it");
        }
        this.signer = new CallerTokenSigner(Pem.privateKey(privateKeyPem));
    }

    /** The caller token for an authenticated credential. */
    public String forCredential(Introspection credential) {
        return recent.get(credential.credentialId(), id -> signer.sign(toCaller(credential)));
    }

    /** The gateway's own identity towards the services: the platform admin (admin API, introspection, jobs). */
    public String platformAdmin() {
        return recent.get("platform_admin", id -> signer.sign(PLATFORM_ADMIN));
    }

    public void forget(String credentialId) {
        recent.invalidate(credentialId);
    }

    public void forgetAll() {
        recent.invalidateAll();
    }

    static Caller toCaller(Introspection credential) {
        return new Caller(credential.accountId(), credential.operatorId(), credential.environment(),
                new HashSet<>(credential.scopes()),
                credential.siteIds() == null ? null : new HashSet<>(credential.siteIds()),
                credential.actorType(), credential.credentialId(), null);
    }
}
