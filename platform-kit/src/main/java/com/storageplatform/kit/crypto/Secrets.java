package com.storageplatform.kit.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Every secret the platform issues (API keys, tokens, client secrets, webhook signing secrets) and how a hashed one is kept: a prefix naming what it is,
 * then base62 characters from {@link SecureRandom}; only the SHA-256 of the whole string is stored.
 */
public final class Secrets {

    /** Random characters after the prefix: 40 base62 characters, about 238 bits. */
    public static final int RANDOM_LENGTH = 40;
    /** How many leading characters are kept in clear, to recognise a secret in lists (never enough to use it). */
    public static final int PREFIX_SHOWN = 12;

    static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    /** The largest multiple of 62 below 256: bytes at or above it are discarded, so every character is equally likely. */
    private static final int UNBIASED_BOUND = 62 * 4;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    /** {@code prefix} followed by {@link #RANDOM_LENGTH} random base62 characters. */
    public static String generate(String prefix) {
        return generate(prefix, RANDOM_LENGTH);
    }

    public static String generate(String prefix, int length) {
        StringBuilder secret = new StringBuilder(prefix.length() + length).append(prefix);
        byte[] bytes = new byte[length + 8];
        while (secret.length() < prefix.length() + length) {
            RANDOM.nextBytes(bytes);
            for (int i = 0; i < bytes.length && secret.length() < prefix.length() + length; i++) {
                int value = bytes[i] & 0xff;
                if (value < UNBIASED_BOUND) {
                    secret.append(BASE62.charAt(value % 62));
                }
            }
        }
        return secret.toString();
    }

    /** The part of a secret shown in lists and reads: its first {@link #PREFIX_SHOWN} characters. */
    public static String shownPrefix(String secret) {
        return secret.substring(0, Math.min(PREFIX_SHOWN, secret.length()));
    }

    /** The SHA-256 of a secret's UTF-8 bytes: what the database holds and what lookups use. */
    public static byte[] sha256(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** Whether a presented secret hashes to the stored hash, compared in constant time. */
    public static boolean matches(String presented, byte[] storedHash) {
        return MessageDigest.isEqual(sha256(presented), storedHash);
    }
}
