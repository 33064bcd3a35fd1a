package com.storageplatform.webhooks.signature;

import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.MALFORMED_HEADER;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.MISSING_HEADER;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.NO_SIGNATURE;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.SIGNATURE_MISMATCH;
import static com.storageplatform.webhooks.signature.WebhookVerifierTest.assertRefused;
import static com.storageplatform.webhooks.signature.WebhookVerifierTest.clockAt;
import static com.storageplatform.webhooks.signature.WebhookVerifierTest.verifier;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.storageplatform.webhooks.signature.WebhookVerificationException.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every way a header can be wrong, through the public {@link WebhookVerifier}, with the reason it must give. */
class SignatureHeaderParsingTest {

    private static final long T = KnownAnswers.ASCII.timestamp();
    private static final String SIG = KnownAnswers.ASCII.signature();
    private static final byte[] BODY = KnownAnswers.ASCII.bodyBytes();
    private static final WebhookVerifier VERIFIER = verifier(KnownAnswers.SECRET, clockAt(T));

    static Stream<Arguments> refusedHeaders() {
        return Stream.of(
                arguments("absent", null, MISSING_HEADER),
                arguments("empty", "", MISSING_HEADER),
                arguments("only whitespace", " \t ", MISSING_HEADER),
                arguments("no t", "v1=" + SIG, MALFORMED_HEADER),
                arguments("empty t", "t=,v1=" + SIG, MALFORMED_HEADER),
                arguments("non-numeric t", "t=abc,v1=" + SIG, MALFORMED_HEADER),
                arguments("negative t", "t=-1700000000,v1=" + SIG, MALFORMED_HEADER),
                arguments("t with a plus sign", "t=+1700000000,v1=" + SIG, MALFORMED_HEADER),
                arguments("fractional t", "t=1700000000.5,v1=" + SIG, MALFORMED_HEADER),
                arguments("t in exponent form", "t=1.7e9,v1=" + SIG, MALFORMED_HEADER),
                arguments("t with a leading zero", "t=01700000000,v1=" + SIG, MALFORMED_HEADER),
                arguments("t in milliseconds beyond a long", "t=99999999999999999999,v1=" + SIG, MALFORMED_HEADER),
                arguments("t one past Long.MAX_VALUE", "t=9223372036854775808,v1=" + SIG, MALFORMED_HEADER),
                arguments("t in non-ASCII digits", "t=\u0661\u0667\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0660,v1="
                        + SIG, MALFORMED_HEADER),
                arguments("t with inner space", "t=1700 000000,v1=" + SIG, MALFORMED_HEADER),
                arguments("several t, even equal", "t=" + T + ",t=" + T + ",v1=" + SIG, MALFORMED_HEADER),
                arguments("several t, different", "t=" + T + ",v1=" + SIG + ",t=" + (T + 1), MALFORMED_HEADER),
                arguments("t in uppercase", "T=" + T + ",v1=" + SIG, MALFORMED_HEADER),
                arguments("semicolon separator", "t=" + T + ";v1=" + SIG, MALFORMED_HEADER),
                arguments("empty element", "t=" + T + ",,v1=" + SIG, MALFORMED_HEADER),
                arguments("trailing comma", "t=" + T + ",v1=" + SIG + ",", MALFORMED_HEADER),
                arguments("leading comma", ",t=" + T + ",v1=" + SIG, MALFORMED_HEADER),
                arguments("element without '='", "t=" + T + ",v1" + SIG, MALFORMED_HEADER),
                arguments("element without a name", "t=" + T + ",=" + SIG, MALFORMED_HEADER),
                arguments("just a comma", ",", MALFORMED_HEADER),
                arguments("garbage", "hello world", MALFORMED_HEADER),
                arguments("longer than 8192 characters",
                        "t=" + T + ",v1=" + SIG + ",v0=" + "a".repeat(WebhookVerifier.MAX_HEADER_LENGTH), MALFORMED_HEADER),
                arguments("t but no v1", "t=" + T, NO_SIGNATURE),
                arguments("t and only unknown schemes", "t=" + T + ",v0=" + SIG + ",v2=" + SIG, NO_SIGNATURE),
                arguments("empty v1", "t=" + T + ",v1=", SIGNATURE_MISMATCH),
                arguments("v1 of 63 characters", "t=" + T + ",v1=" + SIG.substring(1), SIGNATURE_MISMATCH),
                arguments("v1 of 65 characters", "t=" + T + ",v1=" + SIG + "0", SIGNATURE_MISMATCH),
                arguments("v1 in uppercase hex", "t=" + T + ",v1=" + SIG.toUpperCase(), SIGNATURE_MISMATCH),
                arguments("v1 not hex", "t=" + T + ",v1=" + "z".repeat(64), SIGNATURE_MISMATCH),
                arguments("v1 quoted", "t=" + T + ",v1=\"" + SIG + "\"", SIGNATURE_MISMATCH),
                arguments("v1 with inner whitespace", "t=" + T + ",v1= " + SIG, SIGNATURE_MISMATCH),
                arguments("v1 as base64", "t=" + T + ",v1=nUyLTOPd0gAf8j0it4XlyRcoOBnVFoGq/GJ1V9+tzQM=",
                        SIGNATURE_MISMATCH));
    }

    @ParameterizedTest(name = "{0} is {2}")
    @MethodSource("refusedHeaders")
    void refusesTheHeaderWithItsReason(String name, String header, Reason reason) {
        assertRefused(VERIFIER, header, BODY, reason);
    }

    @Test
    void acceptsAHeaderOfExactlyTheMaximumLength() {
        String valid = "t=" + T + ",v1=" + SIG + ",v0=";
        String atMaximum = valid + "a".repeat(WebhookVerifier.MAX_HEADER_LENGTH - valid.length());
        assertThat(atMaximum).hasSize(8192);

        assertThatCode(() -> VERIFIER.verify(atMaximum, BODY)).doesNotThrowAnyException();
        assertRefused(VERIFIER, atMaximum + "a", BODY, MALFORMED_HEADER);
    }

    @Test
    void acceptsTheLargestTimestampALongHoldsAsWellFormed() {
        assertRefused(VERIFIER, "t=9223372036854775807,v1=" + SIG, BODY,
                WebhookVerificationException.Reason.TIMESTAMP_OUTSIDE_TOLERANCE);
        assertRefused(verifier(KnownAnswers.SECRET, clockAt(0)), "t=0,v1=" + SIG, BODY, SIGNATURE_MISMATCH);
    }

    /** Whatever arrives, verification ends in a WebhookVerificationException, never in another exception. */
    @Test
    void neverThrowsAnythingButWebhookVerificationExceptionOnArbitraryHeaders() {
        Random random = new Random(20240611L);
        String alphabet = "tv01=,, \t9af-+.;\"\u0000\u00e9\u0661\ud83d\ude42";
        String[] pieces = {"t=", "v1=", "v0=", String.valueOf(T), SIG, ",", "=", " ", "t=" + T, ",v1=" + SIG};
        for (int i = 0; i < 20_000; i++) {
            StringBuilder header = new StringBuilder();
            int parts = random.nextInt(12);
            for (int p = 0; p < parts; p++) {
                if (random.nextBoolean()) {
                    header.append(pieces[random.nextInt(pieces.length)]);
                } else {
                    header.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String candidate = header.toString();
            try {
                VERIFIER.verify(candidate, BODY);
            } catch (WebhookVerificationException expected) {
                // the only acceptable failure
            } catch (RuntimeException e) {
                throw new AssertionError("header " + candidate + " threw " + e, e);
            }
        }
        byte[] randomBytes = new byte[64];
        for (int i = 0; i < 2_000; i++) {
            random.nextBytes(randomBytes);
            String candidate = new String(randomBytes, StandardCharsets.ISO_8859_1);
            assertThat(VERIFIER.isValid(candidate, BODY)).isFalse();
        }
    }
}
