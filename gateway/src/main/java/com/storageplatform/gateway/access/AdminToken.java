package com.storageplatform.gateway.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** The platform admin token, held as its SHA-256 and compared in constant time. */
final class AdminToken {

    private final byte[] hash;

    AdminToken(String token) {
        this.hash = token == null || token.isBlank() ? null : sha256(token);
    }

    boolean matches(String presented) {
        return hash != null && presented != null && MessageDigest.isEqual(hash, sha256(presented));
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
