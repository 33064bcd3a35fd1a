package com.storageplatform.kit.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Idempotency-Key} a service sends a peer, derived from the key of the request it is serving: the
 * same request (a retry of it included) always sends the same key for the same purpose, so the peer's
 * idempotency store replays rather than executes again; two purposes never share a key, and the peer never
 * learns the client's key. HMAC-SHA256 keyed with the original key, over the calling service, the peer and the
 * purpose.
 */
public final class DerivedKeys {

    /** Marks derived keys (and their version) in a peer's logs. */
    public static final String PREFIX = "drv1_";

    private DerivedKeys() {
    }

    public static String derive(String originalKey, String callingService, String peer, String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(originalKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] digest = mac.doFinal((callingService + "\n" + peer + "\n" + purpose)
                    .getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
