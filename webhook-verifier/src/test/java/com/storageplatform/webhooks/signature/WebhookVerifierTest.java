package com.storageplatform.webhooks.signature;

import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.SIGNATURE_MISMATCH;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.TIMESTAMP_OUTSIDE_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.webhooks.signature.KnownAnswers.Vector;
import com.storageplatform.webhooks.signature.WebhookVerificationException.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookVerifierTest {

    private static final long T = 1700000000L;
    private static final String SECRET = KnownAnswers.SECRET;
    private static final byte[] BODY = KnownAnswers.ENVELOPE.getBytes(StandardCharsets.UTF_8);

    static List<Vector> vectors() {
        return KnownAnswers.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void acceptsThePublishedKnownAnswerHeaders(Vector vector) {
        WebhookVerifier verifier = verifier(vector.secret(), clockAt(vector.timestamp()));

        assertThatCode(() -> verifier.verify(vector.header(), vector.bodyBytes())).doesNotThrowAnyException();
    }

    @Test
    void acceptsWhatTheSignerSigned() {
        long now = Instant.now().getEpochSecond();
        String header = WebhookSignature.header(List.of(SECRET), now, BODY);

        assertThat(WebhookVerifier.of(SECRET).isValid(header, BODY)).isTrue();
    }

    // Tolerance: |now - t| <= 300 s by default, in both directions.

    @Test
    void acceptsATimestampExactlyTheToleranceInThePast() {
        assertAccepted(verifier(SECRET, clockAt(T + 300)), header(T), BODY);
    }

    @Test
    void refusesATimestampOneSecondMoreThanTheToleranceInThePast() {
        assertRefused(verifier(SECRET, clockAt(T + 301)), header(T), BODY, TIMESTAMP_OUTSIDE_TOLERANCE)
                .hasMessageContaining("301 s in the past");
    }

    @Test
    void acceptsATimestampExactlyTheToleranceInTheFuture() {
        assertAccepted(verifier(SECRET, clockAt(T - 300)), header(T), BODY);
    }

    @Test
    void refusesATimestampOneSecondMoreThanTheToleranceInTheFuture() {
        assertRefused(verifier(SECRET, clockAt(T - 301)), header(T), BODY, TIMESTAMP_OUTSIDE_TOLERANCE)
                .hasMessageContaining("301 s in the future");
    }

    @Test
    void comparesWholeSecondsSoAFractionPastTheLastAcceptedSecondStillCounts() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(T + 300, 999_999_999), ZoneOffset.UTC);

        assertAccepted(verifier(SECRET, clock), header(T), BODY);
    }

    @Test
    void appliesAConfiguredTolerance() {
        WebhookVerifier atSixty = WebhookVerifier.builder().secret(SECRET).tolerance(Duration.ofSeconds(60))
                .clock(clockAt(T + 60)).build();
        WebhookVerifier atSixtyOne = WebhookVerifier.builder().secret(SECRET).tolerance(Duration.ofSeconds(60))
                .clock(clockAt(T + 61)).build();

        assertAccepted(atSixty, header(T), BODY);
        assertRefused(atSixtyOne, header(T), BODY, TIMESTAMP_OUTSIDE_TOLERANCE);
    }

    @Test
    void checksTheTimestampBeforeTheSignature() {
        String staleAndWrong = "t=" + T + ",v1=" + "0".repeat(64);

        assertRefused(verifier(SECRET, clockAt(T + 3600)), staleAndWrong, BODY, TIMESTAMP_OUTSIDE_TOLERANCE);
    }

    @Test
    void refusesATimestampFarBeyondAnyClock() {
        assertRefused(verifier(SECRET, clockAt(T)), "t=9223372036854775807,v1=" + "0".repeat(64), BODY,
                TIMESTAMP_OUTSIDE_TOLERANCE);
        assertRefused(verifier(SECRET, Clock.fixed(Instant.MIN, ZoneOffset.UTC)),
                "t=9223372036854775807,v1=" + "0".repeat(64), BODY, TIMESTAMP_OUTSIDE_TOLERANCE);
    }

    // Several v1 values: any one matching any secret is enough.

    @Test
    void acceptsWhenOneV1AmongInvalidOnesMatches() {
        String valid = WebhookSignature.sign(SECRET, T, BODY);
        String other = WebhookSignature.sign("whsec_other", T, BODY);
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));

        assertAccepted(verifier, "t=" + T + ",v1=" + other + ",v1=nothex,v1=" + valid.toUpperCase() + ",v1=" + valid,
                BODY);
        assertAccepted(verifier, "t=" + T + ",v1=" + valid + ",v1=" + other, BODY);
        assertAccepted(verifier, "t=" + T + ",v1=,v1=" + valid, BODY);
    }

    @Test
    void acceptsARotationHeaderWithTheOldSecretAloneWithTheNewAloneOrWithBoth() {
        Clock clock = clockAt(T);

        assertAccepted(verifier(KnownAnswers.SECRET, clock), KnownAnswers.ROTATION_HEADER, BODY);
        assertAccepted(verifier(KnownAnswers.NEW_SECRET, clock), KnownAnswers.ROTATION_HEADER, BODY);
        assertAccepted(WebhookVerifier.builder().secret(KnownAnswers.NEW_SECRET).secret(KnownAnswers.SECRET)
                .clock(clock).build(), KnownAnswers.ROTATION_HEADER, BODY);
    }

    @Test
    void acceptsASingleSignatureFromAnyOfTheReceiversSecrets() {
        WebhookVerifier both = WebhookVerifier.builder().secrets(List.of(KnownAnswers.NEW_SECRET, KnownAnswers.SECRET))
                .clock(clockAt(T)).build();

        assertAccepted(both, KnownAnswers.ASCII.header(), BODY);
        assertAccepted(both, KnownAnswers.NEW_SECRET_ASCII.header(), BODY);
    }

    @Test
    void ignoresUnknownSchemesElementOrderAndWhitespaceAroundElements() {
        String signature = WebhookSignature.sign(SECRET, T, BODY);
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));

        assertAccepted(verifier, "v0=" + "a".repeat(64) + ",t=" + T + ",v1=" + signature, BODY);
        assertAccepted(verifier, "v1=" + signature + ",t=" + T, BODY);
        assertAccepted(verifier, "  t=" + T + " ,\tv1=" + signature + "\t , v2=future", BODY);
    }

    // Mismatches.

    @Test
    void refusesABodyWithOneByteChanged() {
        String header = header(T);
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));
        for (int i = 0; i < BODY.length; i++) {
            byte[] tampered = BODY.clone();
            tampered[i] ^= 0x01;
            assertRefused(verifier, header, tampered, SIGNATURE_MISMATCH);
        }
    }

    @Test
    void refusesABodyWithABytePrependedAppendedOrRemoved() {
        String header = header(T);
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));

        assertRefused(verifier, header, (" " + KnownAnswers.ENVELOPE).getBytes(StandardCharsets.UTF_8),
                SIGNATURE_MISMATCH);
        assertRefused(verifier, header, (KnownAnswers.ENVELOPE + "\n").getBytes(StandardCharsets.UTF_8),
                SIGNATURE_MISMATCH);
        assertRefused(verifier, header, KnownAnswers.ENVELOPE.substring(1).getBytes(StandardCharsets.UTF_8),
                SIGNATURE_MISMATCH);
    }

    @Test
    void refusesASignatureMadeWithAnotherSecret() {
        String header = WebhookSignature.header(List.of("whsec_someone_else"), T, BODY);

        assertRefused(verifier(SECRET, clockAt(T)), header, BODY, SIGNATURE_MISMATCH);
    }

    @Test
    void refusesTheSecretWithoutItsPrefixBecauseTheKeyIsTheWholeString() {
        String header = WebhookSignature.header(List.of(SECRET), T, BODY);

        assertRefused(verifier(SECRET.substring("whsec_".length()), clockAt(T)), header, BODY, SIGNATURE_MISMATCH);
    }

    @Test
    void refusesAnOldSignatureUnderANewTimestampBecauseTheTimestampIsSigned() {
        String replayed = "t=" + (T + 60) + ",v1=" + WebhookSignature.sign(SECRET, T, BODY);

        assertRefused(verifier(SECRET, clockAt(T + 60)), replayed, BODY, SIGNATURE_MISMATCH);
    }

    @Test
    void refusesTheRightSignatureInUppercaseBecauseV1IsLowercaseHex() {
        String upper = "t=" + T + ",v1=" + WebhookSignature.sign(SECRET, T, BODY).toUpperCase();

        assertRefused(verifier(SECRET, clockAt(T)), upper, BODY, SIGNATURE_MISMATCH)
                .hasMessageContaining("1 of them not 64 lowercase hex characters");
    }

    // Failures never reveal secrets or the expected signature.

    @Test
    void failureMessagesNeverContainTheSecretOrTheExpectedSignature() {
        String expected = WebhookSignature.sign(SECRET, T, BODY);
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));
        List<String> headers = List.of("", "t=x,v1=" + "0".repeat(64), "t=" + T, "t=" + (T - 1000) + ",v1=" + expected,
                "t=" + T + ",v1=" + "0".repeat(64), "t=" + T + ",v1=" + expected.substring(1));
        for (String header : headers) {
            assertThatThrownBy(() -> verifier.verify(header, BODY))
                    .isInstanceOf(WebhookVerificationException.class)
                    .hasMessageNotContaining(SECRET)
                    .hasMessageNotContaining(SECRET.substring("whsec_".length()))
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(expected.substring(1)));
        }
        byte[] tampered = BODY.clone();
        tampered[0] = '[';
        assertThatThrownBy(() -> verifier.verify("t=" + T + ",v1=" + "0".repeat(64), tampered))
                .hasMessageNotContaining(WebhookSignature.sign(SECRET, T, tampered));
    }

    @Test
    void toStringNamesNoSecret() {
        WebhookVerifier verifier = WebhookVerifier.of(SECRET, KnownAnswers.NEW_SECRET);

        assertThat(verifier.toString()).doesNotContain(SECRET).doesNotContain(KnownAnswers.NEW_SECRET)
                .isEqualTo("WebhookVerifier[secrets=2, tolerance=300 s]");
    }

    // The String body overload and isValid.

    @Test
    void stringBodyIsVerifiedAsItsUtf8Bytes() {
        Vector vector = KnownAnswers.NON_ASCII;
        WebhookVerifier verifier = verifier(vector.secret(), clockAt(vector.timestamp()));

        assertThatCode(() -> verifier.verify(vector.header(), vector.body())).doesNotThrowAnyException();
        assertThat(verifier.isValid(vector.header(), vector.body())).isTrue();
    }

    @Test
    void aBodyDecodedWithTheWrongCharsetNoLongerMatches() {
        Vector vector = KnownAnswers.NON_ASCII;
        String misdecoded = new String(vector.bodyBytes(), StandardCharsets.ISO_8859_1);

        assertRefused(verifier(vector.secret(), clockAt(vector.timestamp())), vector.header(),
                misdecoded.getBytes(StandardCharsets.UTF_8), SIGNATURE_MISMATCH);
    }

    @Test
    void isValidAnswersFalseInsteadOfThrowing() {
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));

        assertThat(verifier.isValid(header(T), BODY)).isTrue();
        assertThat(verifier.isValid(null, BODY)).isFalse();
        assertThat(verifier.isValid("t=x", BODY)).isFalse();
        assertThat(verifier.isValid("t=" + T, BODY)).isFalse();
        assertThat(verifier.isValid(header(T - 301), BODY)).isFalse();
        assertThat(verifier.isValid(header(T), new byte[0])).isFalse();
        assertThat(verifier.isValid(header(T), "")).isFalse();
    }

    @Test
    void aMissingBodyIsAProgrammingErrorNotAFailedDelivery() {
        WebhookVerifier verifier = verifier(SECRET, clockAt(T));

        assertThatThrownBy(() -> verifier.verify(header(T), (byte[]) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> verifier.verify(header(T), (String) null)).isInstanceOf(NullPointerException.class);
    }

    // Construction.

    @Test
    void defaultsToAToleranceOfThreeHundredSeconds() {
        assertThat(WebhookVerifier.of(SECRET).tolerance()).isEqualTo(Duration.ofSeconds(300));
        assertThat(WebhookVerifier.DEFAULT_TOLERANCE).isEqualTo(Duration.ofSeconds(300));
    }

    @Test
    void needsAtLeastOneSecret() {
        assertThatThrownBy(() -> WebhookVerifier.builder().build()).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void needsAPositiveTolerance(long seconds) {
        assertThatThrownBy(() -> WebhookVerifier.builder().tolerance(Duration.ofSeconds(seconds)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "whsec_k\n", " whsec_k", "whsec_k\r\n"})
    void refusesAnEmptySecretOrOneWithSurroundingWhitespace(String secret) {
        assertThatThrownBy(() -> WebhookVerifier.builder().secret(secret))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebhookVerifier.of(SECRET, secret)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesNullSettings() {
        assertThatThrownBy(() -> WebhookVerifier.builder().secret(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> WebhookVerifier.builder().clock(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> WebhookVerifier.builder().tolerance(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void isImmutableOnceBuilt() {
        WebhookVerifier.Builder builder = WebhookVerifier.builder().secret(SECRET).clock(clockAt(T));
        WebhookVerifier verifier = builder.build();

        builder.secret(KnownAnswers.NEW_SECRET).tolerance(Duration.ofDays(1));

        assertRefused(verifier, KnownAnswers.NEW_SECRET_ASCII.header(), BODY, SIGNATURE_MISMATCH);
        assertThat(verifier.tolerance()).isEqualTo(Duration.ofSeconds(300));
    }

    private static String header(long timestamp) {
        return WebhookSignature.header(List.of(SECRET), timestamp, BODY);
    }

    static WebhookVerifier verifier(String secret, Clock clock) {
        return WebhookVerifier.builder().secret(secret).clock(clock).build();
    }

    static Clock clockAt(long epochSecond) {
        return Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC);
    }

    private static void assertAccepted(WebhookVerifier verifier, String header, byte[] body) {
        assertThatCode(() -> verifier.verify(header, body)).doesNotThrowAnyException();
        assertThat(verifier.isValid(header, body)).isTrue();
    }

    static AbstractThrowableAssert<?, ? extends Throwable> assertRefused(WebhookVerifier verifier, String header,
            byte[] body, Reason reason) {
        assertThat(verifier.isValid(header, body)).isFalse();
        return assertThatThrownBy(() -> verifier.verify(header, body))
                .isInstanceOfSatisfying(WebhookVerificationException.class,
                        e -> assertThat(e.reason()).isEqualTo(reason))
                .hasMessageStartingWith(reason.name() + ": ");
    }
}
