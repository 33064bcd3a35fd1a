package com.storageplatform.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** PKCE S256 against the known-answer vector of RFC 7636 appendix B. */
class PkceTest {

    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    @Test
    void theChallengeOfTheRfc7636VerifierIsTheRfcsChallenge() {
        assertThat(Pkce.challengeOf(VERIFIER)).isEqualTo(CHALLENGE);
        assertThat(Pkce.verifies(VERIFIER, CHALLENGE)).isTrue();
    }

    @Test
    void anotherVerifierOrAMalformedOneDoesNotVerify() {
        assertThat(Pkce.verifies(VERIFIER.replace('d', 'e'), CHALLENGE)).isFalse();
        assertThat(Pkce.verifies(VERIFIER.substring(1), CHALLENGE)).as("42 characters").isFalse();
        assertThat(Pkce.verifies(VERIFIER + "=", CHALLENGE)).as("a reserved character").isFalse();
        assertThat(Pkce.verifies("a".repeat(129), Pkce.challengeOf("a".repeat(129)))).as("129 characters").isFalse();
        assertThat(Pkce.verifies("a".repeat(128), Pkce.challengeOf("a".repeat(128)))).isTrue();
    }

    @Test
    void aChallengeIsExactlyFortyThreeBase64UrlCharacters() {
        assertThat(Pkce.isChallenge(CHALLENGE)).isTrue();
        assertThat(Pkce.isChallenge(CHALLENGE + "=")).isFalse();
        assertThat(Pkce.isChallenge(CHALLENGE.substring(1))).isFalse();
        assertThat(Pkce.isChallenge(CHALLENGE.replace('-', '+'))).isFalse();
        assertThat(Pkce.isChallenge(null)).isFalse();
    }
}
