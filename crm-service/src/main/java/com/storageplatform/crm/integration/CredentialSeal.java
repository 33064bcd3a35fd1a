package com.storageplatform.crm.integration;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.crypto.Sealed;
import com.storageplatform.kit.crypto.SealingKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Seals a connection's credentials with the kit's {@link Sealed} (AES-256-GCM) under
 * {@code CRM_INTEGRATIONS_SEALING_KEY}, and opens them for the internal read only. The sealed text names the account
 * and connection it belongs to, and opening checks them, so a sealed value copied onto another row does not open
 * there. Neither the key, nor credentials, nor a sealed value is ever logged or put in an exception's message.
 */
final class CredentialSeal {

    static final String KEY_SETTING = "CRM_INTEGRATIONS_SEALING_KEY";

    /** Outside production, a blank setting is a development key from this phrase, which protects nothing. */
    private static final SealingKey KEY = SealingKey.setting(KEY_SETTING, "crm.integrations.sealing-key")
            .sealing("integration connections' credentials")
            .developmentPhrase("crm-service development sealing key, not secret");

    private final byte[] key;
    private final JsonMapper json;

    CredentialSeal(byte[] key, JsonMapper json) {
        if (key.length != Sealed.KEY_BYTES) {
            throw new IllegalArgumentException("A sealing key has 32 bytes");
        }
        this.key = key.clone();
        this.json = json;
    }

    /**
     * The key the setting gives ({@link SealingKey}): production refuses to start without it; elsewhere a fixed
     * development key stands in, with a warning. A key that is not base64 of exactly 32 bytes is refused everywhere.
     */
    static byte[] key(IntegrationProperties properties, boolean production) {
        return KEY.read(properties.sealingKey(), production);
    }

    /** The credentials of the account's connection, sealed. */
    byte[] seal(UUID accountId, UUID connectionId, Map<String, String> credentials) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("account_id", accountId.toString());
        content.put("connection_id", connectionId.toString());
        content.put("credentials", credentials);
        try {
            return Sealed.seal(key, json.writeValueAsBytes(content));
        } catch (JacksonException e) {
            throw new IllegalStateException("The credentials of integration connection " + connectionId
                    + " could not be written");
        }
    }

    /** The credentials sealed for the account's connection; fails when they were sealed for another. */
    Map<String, String> open(UUID accountId, UUID connectionId, byte[] sealed) {
        byte[] plain;
        try {
            plain = Sealed.open(key, sealed);
        } catch (RuntimeException e) {
            throw new IllegalStateException("The credentials of integration connection " + connectionId
                    + " did not open with " + KEY_SETTING + ": the key changed or the row was altered");
        }
        JsonNode content;
        try {
            content = json.readTree(plain);
        } catch (JacksonException e) {
            throw new IllegalStateException("The credentials of integration connection " + connectionId
                    + " are not readable");
        }
        if (!accountId.toString().equals(content.path("account_id").asString(""))
                || !connectionId.toString().equals(content.path("connection_id").asString(""))) {
            throw new IllegalStateException("The credentials stored on integration connection " + connectionId
                    + " were sealed for another connection");
        }
        Map<String, String> credentials = new LinkedHashMap<>();
        content.path("credentials").properties().forEach(e -> credentials.put(e.getKey(), e.getValue().asString()));
        return credentials;
    }

    @Override
    public String toString() {
        return "CredentialSeal[key=redacted]";
    }

    /** The seal of this deployment, from {@code crm.integrations.sealing-key}, checked as crm-service starts. */
    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(IntegrationProperties.class)
    static class Key {

        @Bean
        CredentialSeal credentialSeal(IntegrationProperties properties, PlatformProperties platform,
                JsonMapper json) {
            return new CredentialSeal(key(properties, platform.isProduction()), json);
        }
    }
}
