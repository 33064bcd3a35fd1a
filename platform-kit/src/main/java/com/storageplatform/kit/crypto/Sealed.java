package com.storageplatform.kit.crypto;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM for the few things the platform must keep but must not keep readable: stored idempotent responses,
 * webhook signing secrets. A sealed value is the 12-byte random IV followed by the ciphertext and tag; opening
 * it with the wrong key, or a tampered value, fails.
 */
public final class Sealed {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    public static final int KEY_BYTES = 32;

    private Sealed() {
    }

    public static byte[] seal(byte[] key, byte[] plaintext) {
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            byte[] sealed = cipher(Cipher.ENCRYPT_MODE, key, iv).doFinal(plaintext);
            return ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not seal", e);
        }
    }

    public static byte[] open(byte[] key, byte[] sealed) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(sealed);
            byte[] iv = new byte[IV_BYTES];
            buffer.get(iv);
            byte[] body = new byte[buffer.remaining()];
            buffer.get(body);
            return cipher(Cipher.DECRYPT_MODE, key, iv).doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("A sealed value did not open with its key", e);
        }
    }

    /** A 32-byte key derived from text (for keys that are themselves secrets, such as an Idempotency-Key). */
    public static byte[] sha256(String text) {
        return Secrets.sha256(text);
    }

    private static Cipher cipher(int mode, byte[] key, byte[] iv) throws GeneralSecurityException {
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException("An AES-256 key has 32 bytes, not " + key.length);
        }
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BITS, iv));
        return cipher;
    }
}
