package com.storageplatform.kit.request;

import com.storageplatform.kit.crypto.Sealed;
import java.util.HexFormat;

/**
 * How a stored idempotent response is kept (ADR 0009): the key is stored only as a hash, and the response body
 * sealed under a second hash of the key that is never stored. A response that shows a secret once (a new API
 * key) can then be replayed to the client that holds the Idempotency-Key, but read by nobody from the database.
 */
final class SealedResponse {

    private SealedResponse() {
    }

    /** What the table is searched by. */
    static String lookupHash(String scope, String key) {
        return HexFormat.of().formatHex(Sealed.sha256("lookup\n" + scope + "\n" + key));
    }

    static byte[] seal(String scope, String key, byte[] body) {
        return Sealed.seal(bodyKey(scope, key), body);
    }

    static byte[] open(String scope, String key, byte[] stored) {
        return Sealed.open(bodyKey(scope, key), stored);
    }

    private static byte[] bodyKey(String scope, String key) {
        return Sealed.sha256("body\n" + scope + "\n" + key);
    }
}
