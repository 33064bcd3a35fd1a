package com.storageplatform.kit.testsupport;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Set;
import java.util.UUID;

/**
 * Mints caller tokens as the gateway would, with a key pair made once per test JVM (its public key is what
 * {@link PlatformTest} configures services with), and holds the JVM's service-to-service key pair, with which
 * services under test call each other.
 */
public final class TestCallers {

    private static final KeyPair KEYS = Pem.newP256KeyPair();
    private static final CallerTokenSigner SIGNER = new CallerTokenSigner((ECPrivateKey) KEYS.getPrivate());
    /** The service-to-service key pair of the test JVM's services (ADR 0019). */
    private static final KeyPair SERVICE_KEYS = Pem.newP256KeyPair();

    private TestCallers() {
    }

    public static String publicKeyPem() {
        return Pem.encodePublic((ECPublicKey) KEYS.getPublic());
    }

    public static String privateKeyPem() {
        return Pem.encodePrivate((ECPrivateKey) KEYS.getPrivate());
    }

    public static String servicePublicKeyPem() {
        return Pem.encodePublic((ECPublicKey) SERVICE_KEYS.getPublic());
    }

    public static String servicePrivateKeyPem() {
        return Pem.encodePrivate((ECPrivateKey) SERVICE_KEYS.getPrivate());
    }

    public static String token(Caller caller) {
        return SIGNER.sign(caller);
    }

    /** An API-key caller of a fresh test account with the given scopes. */
    public static Caller apiCaller(String... scopes) {
        return apiCaller(Ids.newId(), scopes);
    }

    public static Caller apiCaller(UUID accountId, String... scopes) {
        return new Caller(accountId, Ids.newId(), Environment.TEST, Set.of(scopes), null, ActorType.API,
                "key_" + Ids.newId(), "req_test_" + Ids.newId().toString().replace("-", ""));
    }

    public static Caller platformAdmin() {
        return new Caller(null, null, null, Set.of(), null, ActorType.PLATFORM_ADMIN, "platform_admin",
                "req_test_" + Ids.newId().toString().replace("-", ""));
    }

    /** The same credential, restricted to {@code siteIds}. */
    public static Caller restrictedTo(Caller caller, UUID... siteIds) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                Set.of(siteIds), caller.actorType(), caller.credentialId(), caller.requestId());
    }

    /** The {@code Authorization} header value for a caller. */
    public static String bearer(Caller caller) {
        return "Bearer " + token(caller);
    }
}
