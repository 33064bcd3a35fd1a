package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import org.springframework.stereotype.Component;

/**
 * The customer's link to their online check: the platform's address ({@code COMPLIANCE_IDENTITY_LINK_BASE_URL})
 * with a secret of 256 random bits in its {@code token} parameter, a form crm hides from staff readers (the holder
 * can do the customer's check). Only the secret's SHA-256 is kept; the link itself goes only into the event crm
 * emails from, and is never logged or answered.
 */
@Component
class IdCheckLinks {

    /** How long a link opens the online check: a customer who leaves it longer is sent a new one. */
    static final Duration VALIDITY = Duration.ofDays(7);
    static final String PATH = "/id-checks/start";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final IdCheckProviders providers;

    IdCheckLinks(IdCheckProviders providers) {
        this.providers = providers;
    }

    /** A new link: its address, the hash kept of its secret, and until when it works. */
    record Link(String url, String tokenHash, Instant expiresAt) {

        @Override
        public String toString() {
            return "Link[expiresAt=" + expiresAt + "]";
        }
    }

    Link issue(Instant now) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        return new Link(providers.linkBaseUrl() + PATH + "?token=" + token, hash(token), now.plus(VALIDITY));
    }

    /** The SHA-256 (hex) of a link's secret, as kept. */
    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
