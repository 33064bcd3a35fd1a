package com.storageplatform.webhooks.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.storageplatform.webhooks.signature.KnownAnswers.Vector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookSignatureTest {

    static List<Vector> vectors() {
        return KnownAnswers.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void signProducesThePublishedKnownAnswer(Vector vector) {
        assertThat(vector.bodyBytes()).hasSize(vector.bodyLength());

        assertThat(WebhookSignature.sign(vector.secret(), vector.timestamp(), vector.bodyBytes()))
                .isEqualTo(vector.signature());
        assertThat(WebhookSignature.header(vector.timestamp(), List.of(vector.signature())))
                .isEqualTo(vector.header());
    }

    /** A second, deliberately plain computation, so the vectors do not merely repeat the signer. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswerIsHmacSha256OfTimestampDotBodyKeyedWithTheWholeSecret(Vector vector) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(vector.secret().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String message = vector.timestamp() + "." + vector.body();

        String independent = HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));

        assertThat(independent).isEqualTo(vector.signature());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswerMatchesOpensslWhenInstalled(Vector vector) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder("openssl", "dgst", "-sha256", "-hmac", vector.secret(), "-r").start();
        } catch (IOException e) {
            assumeTrue(false, "openssl is not installed");
            return;
        }
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write((vector.timestamp() + ".").getBytes(StandardCharsets.US_ASCII));
            stdin.write(vector.bodyBytes());
        }
        String output = readAll(process.getInputStream());
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assumeTrue(process.exitValue() == 0, "openssl failed");

        assertThat(output.strip().split("\\s+")[0]).isEqualTo(vector.signature());
    }

    @Test
    void headerForSeveralSecretsCarriesOneV1PerSecretInTheOrderGiven() {
        String header = WebhookSignature.header(List.of(KnownAnswers.NEW_SECRET, KnownAnswers.SECRET), 1700000000L,
                KnownAnswers.ENVELOPE.getBytes(StandardCharsets.UTF_8));

        assertThat(header).isEqualTo(KnownAnswers.ROTATION_HEADER);
    }

    @Test
    void headerForTheSameSecretTwiceCarriesItsSignatureOnce() {
        String header = WebhookSignature.header(List.of(KnownAnswers.SECRET, KnownAnswers.SECRET), 1700000000L,
                KnownAnswers.ENVELOPE.getBytes(StandardCharsets.UTF_8));

        assertThat(header).isEqualTo(KnownAnswers.ASCII.header());
    }

    @Test
    void keyIsTheUtf8BytesOfTheWholeSecretPrefixIncluded() throws Exception {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        String secret = "whsec_cl\u00e9_\u043a\u043b\u044e\u0447";   // non-ASCII only to prove the encoding
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal("42.{}".getBytes(StandardCharsets.US_ASCII)));

        assertThat(WebhookSignature.sign(secret, 42, body)).isEqualTo(expected);
        assertThat(WebhookSignature.sign("whsec_abc", 42, body)).isNotEqualTo(WebhookSignature.sign("abc", 42, body));
    }

    @Test
    void signedTimestampIsThePlainDecimalOfTheSeconds() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("whsec_k".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal("0.x".getBytes(StandardCharsets.US_ASCII)));

        assertThat(WebhookSignature.sign("whsec_k", 0, new byte[] {'x'})).isEqualTo(expected);
        assertThat(WebhookSignature.header(0, List.of(expected))).isEqualTo("t=0,v1=" + expected);
    }

    /**
     * Signing reuses a keyed {@code Mac} per secret: signatures made one after another, with secrets interleaved and
     * from many threads at once, must each be the known answer, never carrying state or a key over from another.
     */
    @Test
    void reusedMacsSignEveryDeliveryAlikeWhateverCameBefore() throws Exception {
        List<Vector> vectors = KnownAnswers.all();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int thread = 0; thread < 8; thread++) {
                int offset = thread;
                results.add(threads.submit(() -> {
                    List<String> wrong = new ArrayList<>();
                    for (int i = 0; i < 2_000; i++) {
                        Vector vector = vectors.get((i + offset) % vectors.size());
                        String signature = WebhookSignature.sign(vector.secret(), vector.timestamp(),
                                vector.bodyBytes());
                        if (!signature.equals(vector.signature())) {
                            wrong.add(vector.name() + ": " + signature);
                        }
                    }
                    return wrong;
                }));
            }
            for (Future<List<String>> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEmpty();
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(WebhookSignature.sign(KnownAnswers.NEW_SECRET, 1700000000L,
                KnownAnswers.ENVELOPE.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(KnownAnswers.NEW_SECRET_ASCII.signature());
    }

    @Test
    void manySecretsNeitherGrowTheMacCacheWithoutBoundNorChangeASignature() {
        byte[] body = KnownAnswers.ENVELOPE.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < WebhookSignature.MAX_PROTOTYPES * 2 + 10; i++) {
            WebhookSignature.sign("whsec_rotated_" + i, 1700000000L, body);
            assertThat(WebhookSignature.prototypes()).isLessThanOrEqualTo(WebhookSignature.MAX_PROTOTYPES);
        }

        assertThat(WebhookSignature.sign(KnownAnswers.SECRET, 1700000000L, body))
                .isEqualTo(KnownAnswers.ASCII.signature());
    }

    @Test
    void signatureIsSixtyFourLowercaseHexCharacters() {
        String signature = WebhookSignature.sign("whsec_k", 1700000000L, new byte[] {(byte) 0xff, 0, 1});

        assertThat(signature).matches("[0-9a-f]{64}");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "abc",
        "9D4C8B4CE3DDD2001FF23D22B785E5C917283819D51681AAFC627557DFADCD03",
        "9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd0",
        "9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd03,t=1",
        "9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd0g"})
    void headerRefusesASignatureThatIsNotSixtyFourLowercaseHex(String signature) {
        assertThatThrownBy(() -> WebhookSignature.header(1700000000L, List.of(signature)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void headerNeedsAtLeastOneSignatureOrSecret() {
        assertThatThrownBy(() -> WebhookSignature.header(1700000000L, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebhookSignature.header(List.of(), 1700000000L, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void signRefusesANegativeTimestamp() {
        assertThatThrownBy(() -> WebhookSignature.sign("whsec_k", -1, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebhookSignature.header(-1, List.of(KnownAnswers.ASCII.signature())))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "whsec_k\n", " whsec_k", "whsec_k\t", "whsec_k\u00a0"})
    void signRefusesAnEmptySecretOrOneWithSurroundingWhitespace(String secret) {
        assertThatThrownBy(() -> WebhookSignature.sign(secret, 1, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("whsec_k");
    }

    @Test
    void signRefusesNullArguments() {
        assertThatThrownBy(() -> WebhookSignature.sign(null, 1, new byte[0])).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> WebhookSignature.sign("whsec_k", 1, null)).isInstanceOf(NullPointerException.class);
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.US_ASCII);
    }
}
