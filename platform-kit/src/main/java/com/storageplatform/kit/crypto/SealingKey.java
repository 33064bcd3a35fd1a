package com.storageplatform.kit.crypto;

import java.util.Base64;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a service reads the key it seals with ({@link Sealed}) from a setting of its own: base64 of 32 random
 * bytes ({@code openssl rand -base64 32}).
 *
 * <ul>
 *   <li>Blank in production: refused, so the service does not start, with a message naming the setting, saying how
 *       to make a key and that it must be kept.</li>
 *   <li>Blank elsewhere: a fixed development key derived from the service's own phrase stands in, with a warning.
 *       Anyone who reads the phrase has the key, so it protects nothing.</li>
 *   <li>Not base64, or not 32 bytes: refused everywhere, naming the setting.</li>
 * </ul>
 *
 * Neither the key nor the setting's text is ever logged or put in a message.
 *
 * <pre>{@code
 * private static final SealingKey KEY = SealingKey
 *         .setting("CRM_INTEGRATIONS_SEALING_KEY", "crm.integrations.sealing-key")
 *         .sealing("integration connections' credentials")
 *         .developmentPhrase("crm-service development sealing key, not secret");
 *
 * byte[] key = KEY.read(properties.sealingKey(), platform.isProduction());
 * }</pre>
 */
public final class SealingKey {

    private static final Logger log = LoggerFactory.getLogger(SealingKey.class);

    private final String name;
    private final String property;
    private final String sealing;
    private final String developmentPhrase;

    private SealingKey(String name, String property, String sealing, String developmentPhrase) {
        this.name = name;
        this.property = property;
        this.sealing = sealing;
        this.developmentPhrase = developmentPhrase;
    }

    /**
     * The key held by the environment variable {@code name} ({@code CRM_INTEGRATIONS_SEALING_KEY}), which is the
     * Spring property {@code property} ({@code crm.integrations.sealing-key}).
     */
    public static SealingKey setting(String name, String property) {
        if (name == null || !name.matches("[A-Z][A-Z0-9_]*")) {
            throw new IllegalArgumentException("A sealing key's setting is an environment variable's name, such as "
                    + "CRM_INTEGRATIONS_SEALING_KEY, not " + name);
        }
        if (property == null || !property.matches("[a-z][a-z0-9.-]*")) {
            throw new IllegalArgumentException("A sealing key's property is a Spring property, such as "
                    + "crm.integrations.sealing-key, not " + property);
        }
        return new SealingKey(name, property, "what the service keeps sealed", null);
    }

    /** What the key seals, for the messages: {@code "integration connections' credentials"}. */
    public SealingKey sealing(String what) {
        return new SealingKey(name, property, Objects.requireNonNull(what, "what"), developmentPhrase);
    }

    /**
     * The phrase the development key is derived from, naming the service so that no two share one:
     * {@code "crm-service development sealing key, not secret"}. Changing it changes the key, and what a development
     * database holds sealed no longer opens.
     */
    public SealingKey developmentPhrase(String phrase) {
        if (phrase == null || phrase.isBlank()) {
            throw new IllegalArgumentException("A development phrase names the service");
        }
        return new SealingKey(name, property, sealing, phrase);
    }

    /** The environment variable that holds the key. */
    public String name() {
        return name;
    }

    /**
     * The 32-byte key the setting's {@code value} gives, or, outside {@code production} when it is blank, the
     * development key. Refused with an {@link IllegalStateException} naming the setting: blank in production, not
     * base64, or not 32 bytes.
     */
    public byte[] read(String value, boolean production) {
        if (value == null || value.isBlank()) {
            if (production) {
                throw new IllegalStateException(name + " (" + property + ") is not set, and production does not "
                        + "start without it: it seals " + sealing + ". Set it to base64 of 32 random bytes (openssl "
                        + "rand -base64 32) and keep it: what is sealed with it opens only with it.");
            }
            if (developmentPhrase == null) {
                throw new IllegalStateException("The sealing key " + name + " has no development phrase");
            }
            log.warn("{} is not set: sealing {} with the development key, which is not secret. Never run production "
                    + "like this.", name, sealing);
            return Sealed.sha256(developmentPhrase);
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(value.trim());
        } catch (IllegalArgumentException notBase64) {
            // Its message quotes a character of the value: not passed on.
            throw new IllegalStateException(name + " must be base64 of 32 random bytes; it is not base64.");
        }
        if (key.length != Sealed.KEY_BYTES) {
            throw new IllegalStateException(name + " must be base64 of 32 random bytes, not " + key.length
                    + " bytes.");
        }
        return key;
    }

    @Override
    public String toString() {
        return "SealingKey[" + name + "]";
    }
}
