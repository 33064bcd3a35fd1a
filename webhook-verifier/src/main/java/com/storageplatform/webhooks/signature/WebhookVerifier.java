package com.storageplatform.webhooks.signature;

import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.SIGNATURE_MISMATCH;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.TIMESTAMP_OUTSIDE_TOLERANCE;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Checks that a webhook delivery was signed by the platform with one of the endpoint's secrets, recently.
 *
 * <p>Call {@link #verify(String, byte[])} with the {@code X-Service-Signature} header and the request body exactly
 * as received, before parsing the body; answer a {@link WebhookVerificationException} with a 4xx and drop the
 * delivery. The steps, in order:
 * <ol>
 *   <li>read {@code t} and every {@code v1} from the header ({@link WebhookVerificationException.Reason#MISSING_HEADER
 *       MISSING_HEADER}, {@link WebhookVerificationException.Reason#MALFORMED_HEADER MALFORMED_HEADER},
 *       {@link WebhookVerificationException.Reason#NO_SIGNATURE NO_SIGNATURE});</li>
 *   <li>refuse a {@code t} further than the tolerance from now, either way: the signature covers {@code t}, so this
 *       is what stops a captured delivery from being replayed later
 *       ({@link WebhookVerificationException.Reason#TIMESTAMP_OUTSIDE_TOLERANCE TIMESTAMP_OUTSIDE_TOLERANCE});</li>
 *   <li>sign {@code <t>.<body>} with each secret and compare with each {@code v1} in constant time
 *       ({@link MessageDigest#isEqual}), so response timing reveals nothing about how much of a guess was right
 *       ({@link WebhookVerificationException.Reason#SIGNATURE_MISMATCH SIGNATURE_MISMATCH} when none matches).</li>
 * </ol>
 *
 * <p>Several secrets are for rotation: hold the old and the new secret until the platform stops signing with the
 * old one. Instances are immutable and thread-safe; build one at start-up and share it.
 *
 * <pre>{@code
 * WebhookVerifier verifier = WebhookVerifier.builder().secret(System.getenv("WEBHOOK_SECRET")).build();
 * verifier.verify(request.getHeader(WebhookHeaders.SIGNATURE), rawBody);   // then parse rawBody
 * }</pre>
 */
public final class WebhookVerifier {

    /** How far {@code t} may be from the receiver's clock, in either direction, unless configured otherwise. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    /** Headers longer than this many characters are refused as malformed before any other work. */
    public static final int MAX_HEADER_LENGTH = SignatureHeader.MAX_LENGTH;

    private final List<byte[]> keys;
    private final Duration tolerance;
    private final Clock clock;

    private WebhookVerifier(Builder builder) {
        List<byte[]> keys = new ArrayList<>();
        for (String secret : builder.secrets) {
            keys.add(WebhookSignature.keyBytes(secret));
        }
        this.keys = List.copyOf(keys);
        this.tolerance = builder.tolerance;
        this.clock = builder.clock;
    }

    /** A verifier for one or more secrets, with the default tolerance and the system clock. */
    public static WebhookVerifier of(String secret, String... moreSecrets) {
        Builder builder = builder().secret(secret);
        for (String more : Objects.requireNonNull(moreSecrets, "moreSecrets")) {
            builder.secret(more);
        }
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Verifies a delivery, or throws.
     *
     * @param signatureHeader the {@code X-Service-Signature} header value; {@code null} when absent
     * @param rawBody         the request body bytes exactly as received, before any JSON parsing or re-encoding
     * @throws WebhookVerificationException when the delivery must be refused; never anything else for a bad header
     * @throws NullPointerException         when {@code rawBody} is {@code null} (pass an empty array for no body)
     */
    public void verify(String signatureHeader, byte[] rawBody) {
        Objects.requireNonNull(rawBody, "rawBody");
        SignatureHeader header = SignatureHeader.parse(signatureHeader);
        requireFresh(header.timestamp());
        requireMatch(header, rawBody);
    }

    /**
     * Verifies a delivery whose body is only available as a {@code String}, by encoding it as UTF-8.
     *
     * <p><strong>Prefer {@link #verify(String, byte[])} with the raw bytes.</strong> The signature covers the bytes
     * that were sent; a body that a framework decoded, re-encoded, trimmed or pretty-printed no longer matches, and
     * a body decoded with any charset other than UTF-8 turns non-ASCII characters into different bytes.
     */
    public void verify(String signatureHeader, String body) {
        verify(signatureHeader, Objects.requireNonNull(body, "body").getBytes(StandardCharsets.UTF_8));
    }

    /** {@link #verify(String, byte[])} as a yes or no, for callers that do not need the reason. */
    public boolean isValid(String signatureHeader, byte[] rawBody) {
        try {
            verify(signatureHeader, rawBody);
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }

    /**
     * {@link #verify(String, String)} as a yes or no. <strong>Prefer {@link #isValid(String, byte[])} with the raw
     * bytes</strong>, for the reasons given on {@link #verify(String, String)}.
     */
    public boolean isValid(String signatureHeader, String body) {
        return isValid(signatureHeader, Objects.requireNonNull(body, "body").getBytes(StandardCharsets.UTF_8));
    }

    public Duration tolerance() {
        return tolerance;
    }

    /** Names how many secrets it holds, never the secrets. */
    @Override
    public String toString() {
        return "WebhookVerifier[secrets=" + keys.size() + ", tolerance=" + seconds(tolerance) + "]";
    }

    private void requireFresh(long timestamp) {
        long now = clock.instant().getEpochSecond();
        long distance;
        try {
            distance = Math.absExact(Math.subtractExact(now, timestamp));
        } catch (ArithmeticException e) {
            distance = Long.MAX_VALUE;   // only with an absurd clock or t; certainly outside any tolerance
        }
        if (Duration.ofSeconds(distance).compareTo(tolerance) > 0) {
            throw new WebhookVerificationException(TIMESTAMP_OUTSIDE_TOLERANCE, "t=" + timestamp + " is " + distance
                    + " s in the " + (timestamp < now ? "past" : "future") + "; the tolerance is "
                    + seconds(tolerance) + " (check the receiver's clock if this repeats)");
        }
    }

    private static String seconds(Duration duration) {
        return duration.toNanosPart() == 0 ? duration.toSeconds() + " s" : duration.toMillis() / 1000.0 + " s";
    }

    private void requireMatch(SignatureHeader header, byte[] rawBody) {
        List<byte[]> candidates = new ArrayList<>();
        for (String signature : header.signatures()) {
            if (WebhookSignature.isWellFormed(signature)) {
                candidates.add(WebhookSignature.decode(signature));
            }
        }
        // One HMAC per secret, however many v1 values; stopping at the first match reveals only which of the
        // sender's own signatures matched, nothing about a secret.
        for (byte[] key : keys) {
            byte[] expected = WebhookSignature.hmac(key, header.timestamp(), rawBody);
            for (byte[] candidate : candidates) {
                if (MessageDigest.isEqual(expected, candidate)) {
                    return;
                }
            }
        }
        int ignored = header.signatures().size() - candidates.size();
        throw new WebhookVerificationException(SIGNATURE_MISMATCH, "none of the " + header.signatures().size()
                + " v1 signature(s) matches the body signed with the " + keys.size() + " configured secret(s)"
                + (ignored == 0 ? "" : "; " + ignored + " of them not 64 lowercase hex characters")
                + " (wrong secret, or a body changed since it was sent)");
    }

    /** Collects the secrets, tolerance and clock; every setting is checked when given. */
    public static final class Builder {

        private final Set<String> secrets = new LinkedHashSet<>();
        private Duration tolerance = DEFAULT_TOLERANCE;
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        /**
         * Adds a secret exactly as the platform showed it, prefix included. It must not be empty nor start or end with
         * whitespace: that is nearly always a newline read from a file or an environment variable, and would make
         * every delivery fail.
         */
        public Builder secret(String secret) {
            WebhookSignature.keyBytes(secret);
            secrets.add(secret);
            return this;
        }

        /** Adds several secrets; see {@link #secret(String)}. */
        public Builder secrets(Collection<String> secrets) {
            Objects.requireNonNull(secrets, "secrets").forEach(this::secret);
            return this;
        }

        /** How far {@code t} may be from now, either way; positive. Defaults to {@link #DEFAULT_TOLERANCE}. */
        public Builder tolerance(Duration tolerance) {
            Objects.requireNonNull(tolerance, "tolerance");
            if (tolerance.isZero() || tolerance.isNegative()) {
                throw new IllegalArgumentException("the tolerance must be positive");
            }
            this.tolerance = tolerance;
            return this;
        }

        /** The clock "now" is read from; tests pass a fixed one. Defaults to the system clock in UTC. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** @throws IllegalStateException when no secret was added */
        public WebhookVerifier build() {
            if (secrets.isEmpty()) {
                throw new IllegalStateException("at least one secret is required");
            }
            return new WebhookVerifier(this);
        }
    }
}
