package com.storageplatform.webhooks.signature;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Computes webhook signatures: the one implementation the platform signs deliveries with and {@link
 * WebhookVerifier} checks them with, so sender and receiver cannot disagree about the scheme.
 *
 * <p>The {@code v1} signature is the lowercase hex HMAC-SHA256 of {@code <t>.<raw-body>}: the key is the UTF-8
 * bytes of the whole secret string as the platform shows it (prefix such as {@code whsec_} included); the message
 * is the ASCII decimal of the timestamp, one {@code .}, then the body bytes exactly as sent. Signing the timestamp
 * together with the body is what lets a receiver refuse an old delivery replayed with a new timestamp.
 *
 * <p>The header is {@code t=<unix-seconds>,v1=<hex>}; while an endpoint's secret is being rotated it carries one
 * {@code v1} per active secret, and a receiver accepts the delivery when any of them matches.
 */
public final class WebhookSignature {

    /** The only scheme defined so far; receivers ignore other schemes, so a future one can be added alongside. */
    public static final String SCHEME = "v1";

    /** Length of a {@code v1} signature: 32 bytes of HMAC-SHA256 as hex. */
    public static final int SIGNATURE_HEX_LENGTH = 64;

    private static final String ALGORITHM = "HmacSHA256";
    private static final HexFormat HEX = HexFormat.of();

    /**
     * Keyed {@code Mac}s to clone, one per key recently signed with: a clone costs a fraction of
     * {@code Mac.getInstance} and {@code init}, which a sender paid per signature. Never used to sign (only cloned),
     * so threads share them. Keyed by the key's bytes, so a rotated secret is simply another entry; emptied when
     * full, which bounds both its size and how long an old key stays in it.
     */
    private static final Map<Key, Mac> PROTOTYPES = new ConcurrentHashMap<>();
    static final int MAX_PROTOTYPES = 1024;

    private WebhookSignature() {
    }

    /**
     * The {@code v1} signature of one delivery.
     *
     * @param secret    the endpoint's signing secret exactly as shown (e.g. {@code whsec_...}); not empty, and without
     *                  leading or trailing whitespace, which is nearly always a copy-paste or file-reading mistake
     * @param timestamp Unix time in seconds at signing, not negative
     * @param body      the exact bytes that are sent as the request body
     * @return 64 lowercase hex characters
     */
    public static String sign(String secret, long timestamp, byte[] body) {
        return HEX.formatHex(hmac(keyBytes(secret), timestamp, body));
    }

    /**
     * The header value for already computed signatures: {@code t=<timestamp>,v1=<s1>,v1=<s2>...}, in the order given.
     *
     * @param signatures one or more {@code v1} signatures, each 64 lowercase hex characters; checked, so that a
     *                   wrong value can never smuggle extra elements into the header
     */
    public static String header(long timestamp, List<String> signatures) {
        requireTimestamp(timestamp);
        Objects.requireNonNull(signatures, "signatures");
        if (signatures.isEmpty()) {
            throw new IllegalArgumentException("at least one signature is required");
        }
        StringBuilder header = new StringBuilder("t=").append(timestamp);
        for (String signature : signatures) {
            if (!isWellFormed(signature)) {
                throw new IllegalArgumentException("a v1 signature must be " + SIGNATURE_HEX_LENGTH
                        + " lowercase hex characters");
            }
            header.append(',').append(SCHEME).append('=').append(signature);
        }
        return header.toString();
    }

    /**
     * Signs the body with every active secret of an endpoint and builds the header: during a rotation pass the new
     * and the old secret, so receivers that still hold either one accept the delivery.
     *
     * @param secrets one or more secrets; a secret given twice yields one signature
     */
    public static String header(List<String> secrets, long timestamp, byte[] body) {
        Objects.requireNonNull(secrets, "secrets");
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret is required");
        }
        List<String> signatures = secrets.stream().map(secret -> sign(secret, timestamp, body)).distinct().toList();
        return header(timestamp, signatures);
    }

    /** Whether a value has the shape of a {@code v1} signature: exactly 64 characters of {@code 0-9a-f}. */
    static boolean isWellFormed(String signature) {
        if (signature == null || signature.length() != SIGNATURE_HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < signature.length(); i++) {
            char c = signature.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** Decodes a signature that {@link #isWellFormed} accepted into its 32 bytes. */
    static byte[] decode(String signature) {
        return HEX.parseHex(signature);
    }

    /** The HMAC key for a secret: the UTF-8 bytes of the whole string, after checking it is usable. */
    static byte[] keyBytes(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("a secret must not be empty");
        }
        if (isSpace(secret.charAt(0)) || isSpace(secret.charAt(secret.length() - 1))) {
            throw new IllegalArgumentException("a secret must not start or end with whitespace (often a trailing"
                    + " newline read from a file or an environment variable); use it exactly as shown");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    /** HMAC-SHA256 over the ASCII decimal of the timestamp, {@code .}, then the body. */
    static byte[] hmac(byte[] key, long timestamp, byte[] body) {
        requireTimestamp(timestamp);
        Objects.requireNonNull(body, "body");
        Mac mac = keyedMac(key);
        mac.update(Long.toString(timestamp).getBytes(StandardCharsets.US_ASCII));
        mac.update((byte) '.');
        mac.update(body);
        return mac.doFinal();
    }

    /** A fresh {@code Mac} keyed with {@code key}: a clone of its prototype, or a new one if it cannot be cloned. */
    static Mac keyedMac(byte[] key) {
        Mac prototype = PROTOTYPES.get(new Key(key));
        if (prototype == null) {
            if (PROTOTYPES.size() >= MAX_PROTOTYPES) {
                PROTOTYPES.clear();
            }
            prototype = PROTOTYPES.computeIfAbsent(new Key(key.clone()), k -> newMac(k.bytes()));
        }
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            // A provider whose Mac cannot be cloned: sign with a new one each time, as before.
            return newMac(key);
        }
    }

    static int prototypes() {
        return PROTOTYPES.size();
    }

    /** Key bytes compared by content (a {@code byte[]} is compared by identity). */
    private record Key(byte[] bytes) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Arrays.equals(bytes, key.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Key";
        }
    }

    private static Mac newMac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java platform must provide HmacSHA256, and any non-empty key is valid for it.
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static void requireTimestamp(long timestamp) {
        if (timestamp < 0) {
            throw new IllegalArgumentException("the timestamp must be Unix seconds, not negative");
        }
    }

    private static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }
}
