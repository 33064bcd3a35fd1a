package com.storageplatform.auth.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Proof Key for Code Exchange (RFC 7636) with method {@code S256}, the only one served: the challenge is
 * BASE64URL(SHA-256(ASCII(code_verifier))) without padding, compared in constant time.
 */
final class Pkce {

    static final String S256 = "S256";
    /** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9\\-._~]{43,128}");
    /** A SHA-256 in base64url without padding is exactly 43 characters. */
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private Pkce() {
    }

    static boolean isVerifier(String verifier) {
        return verifier != null && VERIFIER.matcher(verifier).matches();
    }

    static boolean isChallenge(String challenge) {
        return challenge != null && CHALLENGE.matcher(challenge).matches();
    }

    static String challengeOf(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** Whether the verifier is well-formed and hashes to the challenge (constant-time comparison). */
    static boolean verifies(String verifier, String challenge) {
        return isVerifier(verifier) && MessageDigest.isEqual(
                challengeOf(verifier).getBytes(StandardCharsets.US_ASCII), challenge.getBytes(StandardCharsets.US_ASCII));
    }
}
