package com.storageplatform.gateway.access;

import com.storageplatform.kit.crypto.Secrets;

/** The platform admin token, held as its SHA-256 and compared in constant time. */
final class AdminToken {

    private final byte[] hash;

    AdminToken(String token) {
        this.hash = token == null || token.isBlank() ? null : Secrets.sha256(token);
    }

    boolean matches(String presented) {
        return hash != null && presented != null && Secrets.matches(presented, hash);
    }
}
