package com.storageplatform.kit.request;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a stored idempotent response is kept: the key is stored only as a hash, and the response body encrypted
 * (AES-256-GCM) under a second hash of the key that is never stored. A response that shows a secret once (a new
 * API key) can then be replayed to the client that holds the Idempotency-Key, but read by nobody from the
 * database.
 */
final class SealedResponse {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    private SealedResponse() {
    }

    /** What the table is searched by. */
    static String lookupHash(String scope, String key) {
        return HexFormat.of().formatHex(sha256("lookup\n" + scope + "\n" + key));
    }

    static byte[] seal(String scope, String key, byte[] body) {
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, scope, key, iv);
            byte[] sealed = cipher.doFinal(body);
            return ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not seal the stored response", e);
        }
    }

    static byte[] open(String scope, String key, byte[] stored) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(stored);
            byte[] iv = new byte[IV_BYTES];
            buffer.get(iv);
            byte[] sealed = new byte[buffer.remaining()];
            buffer.get(sealed);
            return cipher(Cipher.DECRYPT_MODE, scope, key, iv).doFinal(sealed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("A stored response did not open with its key", e);
        }
    }

    private static Cipher cipher(int mode, String scope, String key, byte[] iv) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(sha256("body\n" + scope + "\n" + key), "AES"), new GCMParameterSpec(TAG_BITS, iv));
        return cipher;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
