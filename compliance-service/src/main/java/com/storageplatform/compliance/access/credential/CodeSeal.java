package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.crypto.Sealed;
import com.storageplatform.kit.crypto.SealingKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Keeps credentials' codes unreadable at rest: each is sealed with the kit's {@link Sealed} (AES-256-GCM) under
 * {@code COMPLIANCE_ACCESS_SEALING_KEY}, the sealed text naming its credential, so a value copied onto another row
 * does not open there. A keyed digest (HMAC-SHA256 under a key derived from the same one) lets the database keep a
 * code unique among a site's live credentials without holding it. Neither the key, nor a code, nor a sealed value is
 * ever logged or put in an exception's message.
 */
final class CodeSeal {

    static final String KEY_SETTING = "COMPLIANCE_ACCESS_SEALING_KEY";

    /** Outside production, a blank setting is a development key from this phrase, which protects nothing. */
    private static final SealingKey KEY = SealingKey.setting(KEY_SETTING, "compliance.access.sealing-key")
            .sealing("access credentials' codes")
            .developmentPhrase("compliance-service development sealing key, not secret");

    private final byte[] key;
    private final byte[] digestKey;

    CodeSeal(byte[] key) {
        if (key.length != Sealed.KEY_BYTES) {
            throw new IllegalArgumentException("A sealing key has 32 bytes");
        }
        this.key = key.clone();
        this.digestKey = hmac(key, "access code digest".getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The key the setting gives ({@link SealingKey}): production refuses to start without it; elsewhere a fixed
     * development key stands in, with a warning. A key that is not base64 of exactly 32 bytes is refused everywhere.
     */
    static byte[] key(AccessProperties properties, boolean production) {
        return KEY.read(properties.sealingKey(), production);
    }

    /** The credential's code, sealed for it alone. */
    byte[] seal(UUID credentialId, String code) {
        return Sealed.seal(key, (credentialId + "\n" + code).getBytes(StandardCharsets.UTF_8));
    }

    /** The code sealed for the credential; fails when it was sealed for another, or under another key. */
    String open(UUID credentialId, byte[] sealed) {
        String plain;
        try {
            plain = new String(Sealed.open(key, sealed), StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw new IllegalStateException("The code of access credential " + credentialId + " did not open with "
                    + KEY_SETTING + ": the key changed or the row was altered");
        }
        String prefix = credentialId + "\n";
        if (!plain.startsWith(prefix)) {
            throw new IllegalStateException("The code stored on access credential " + credentialId
                    + " was sealed for another credential");
        }
        return plain.substring(prefix.length());
    }

    /** The keyed digest of a code of {@code kind}: equal codes of a kind have equal digests, and nothing else does. */
    byte[] digest(String kind, String code) {
        return hmac(digestKey, (kind + "\n" + code).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] hmac(byte[] key, byte[] text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(text);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    @Override
    public String toString() {
        return "CodeSeal[key=redacted]";
    }

    /** The seal of this deployment, from {@code compliance.access.sealing-key}, checked as the service starts. */
    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(AccessProperties.class)
    static class Key {

        @Bean
        CodeSeal codeSeal(AccessProperties properties, PlatformProperties platform) {
            return new CodeSeal(key(properties, platform.isProduction()));
        }
    }
}
