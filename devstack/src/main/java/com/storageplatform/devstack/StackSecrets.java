package com.storageplatform.devstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secrets a stack is started with, made on first use and kept (owner-readable only) in its home: the caller-
 * token key pair, the platform admin token, the key that seals webhook signing secrets, and the services' key
 * pair for calls to each other.
 */
record StackSecrets(Keys.CallerTokenKeys callerToken, String adminToken, String webhookSecretKey,
        Keys.CallerTokenKeys serviceToken) {

    static StackSecrets loadOrCreate(StackLayout layout) {
        return new StackSecrets(Keys.loadOrCreateCallerTokenKeys(layout.keysDir()),
                Keys.loadOrCreateAdminToken(layout.adminTokenFile()),
                loadOrCreateWebhookSecretKey(layout.keysDir().resolve("webhook-secret-key")),
                Keys.loadOrCreateServiceTokenKeys(layout.keysDir()));
    }

    /** Base64 of 32 random bytes (AES-256), made once: signing secrets sealed with it must stay readable. */
    static String loadOrCreateWebhookSecretKey(Path file) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file).trim();
            }
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            String encoded = Base64.getEncoder().encodeToString(key);
            Keys.writeSecret(file, encoded + "\n");
            return encoded;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
