package com.storageplatform.devstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secrets a stack is started with, made on first use and kept (owner-readable only) in its home: the caller-
 * token key pair, the platform admin token, the key that seals webhook signing secrets, the services' key pair
 * for calls to each other, and Keycloak's: the bootstrap admin's password and provisioning client's secret, the
 * secret of the client operators sign in through, the key that seals the auth service's sign-in cookies, the key
 * that seals crm's integration connections' credentials, and the key that seals compliance's access credentials'
 * codes.
 */
record StackSecrets(Keys.CallerTokenKeys callerToken, String adminToken, String webhookSecretKey,
        Keys.CallerTokenKeys serviceToken, String keycloakAdminPassword, String keycloakAdminClientSecret,
        String keycloakClientSecret, String authCookieKey, String crmIntegrationsSealingKey,
        String complianceAccessSealingKey) {

    static StackSecrets loadOrCreate(StackLayout layout) {
        Path keys = layout.keysDir();
        return new StackSecrets(Keys.loadOrCreateCallerTokenKeys(keys),
                Keys.loadOrCreateAdminToken(layout.adminTokenFile()),
                loadOrCreateWebhookSecretKey(keys.resolve("webhook-secret-key")),
                Keys.loadOrCreateServiceTokenKeys(keys),
                loadOrCreate(keys.resolve("keycloak-admin-password"), false),
                loadOrCreate(keys.resolve("keycloak-admin-client-secret"), false),
                loadOrCreate(keys.resolve("keycloak-client-secret"), false),
                loadOrCreate(keys.resolve("auth-cookie-key"), true),
                // Kept like the webhook key: connections' credentials sealed with it must stay readable.
                loadOrCreate(keys.resolve("crm-integrations-sealing-key"), true),
                // Kept likewise: access credentials' codes sealed with it must stay readable.
                loadOrCreate(keys.resolve("compliance-access-sealing-key"), true));
    }

    /** Base64 of 32 random bytes (AES-256), made once: signing secrets sealed with it must stay readable. */
    static String loadOrCreateWebhookSecretKey(Path file) {
        return loadOrCreate(file, true);
    }

    /** 32 random bytes, made once: base64 (a key) or base64url without padding (a password or client secret). */
    static String loadOrCreate(Path file, boolean key) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file).trim();
            }
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            String encoded = key ? Base64.getEncoder().encodeToString(bytes)
                    : Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            Keys.writeSecret(file, encoded + "\n");
            return encoded;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
