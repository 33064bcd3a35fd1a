package com.storageplatform.webhooks.signature;

import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.MALFORMED_HEADER;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.MISSING_HEADER;
import static com.storageplatform.webhooks.signature.WebhookVerificationException.Reason.NO_SIGNATURE;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts of an {@code X-Service-Signature} header that verification uses: the timestamp and every {@code v1}
 * value, as sent.
 *
 * <p>Parsing is strict where leniency could hide an attack or a bug, and tolerant only where the contract says so:
 * elements are comma-separated, in any order, with spaces or tabs around them; elements of unknown schemes (such as
 * {@code v0}) are skipped, so new schemes can be added without breaking receivers. Anything else that is not as
 * the platform writes it is refused: an empty element, an element without {@code =} or without a name, a missing
 * or repeated {@code t}, a {@code t} that is not the canonical decimal of a non-negative number of seconds (no sign,
 * no leading zeros, no non-ASCII digits, fits a {@code long}). A {@code v1} value of the wrong shape is kept: it
 * simply matches nothing. Parsing never throws anything but {@link WebhookVerificationException}.
 *
 * @param timestamp  the {@code t} value, Unix seconds
 * @param signatures every {@code v1} value in header order, whatever its shape; never empty
 */
record SignatureHeader(long timestamp, List<String> signatures) {

    /** Longer headers are refused before any work: ~120 signatures, far beyond any real rotation. */
    static final int MAX_LENGTH = 8192;

    SignatureHeader {
        signatures = List.copyOf(signatures);
    }

    static SignatureHeader parse(String header) {
        if (header == null || header.isBlank()) {
            throw new WebhookVerificationException(MISSING_HEADER,
                    "the " + WebhookHeaders.SIGNATURE + " header is missing or empty");
        }
        if (header.length() > MAX_LENGTH) {
            throw malformed("the header is longer than " + MAX_LENGTH + " characters");
        }
        String timestamp = null;
        List<String> signatures = new ArrayList<>();
        String[] elements = header.split(",", -1);
        for (int i = 0; i < elements.length; i++) {
            String element = trim(elements[i]);
            int equals = element.indexOf('=');
            if (element.isEmpty()) {
                throw malformed("element " + (i + 1) + " is empty");
            }
            if (equals < 0) {
                throw malformed("element " + (i + 1) + " has no '='");
            }
            if (equals == 0) {
                throw malformed("element " + (i + 1) + " has no name before '='");
            }
            String name = element.substring(0, equals);
            String value = element.substring(equals + 1);
            if (name.equals("t")) {
                if (timestamp != null) {
                    throw malformed("the header has more than one t");
                }
                timestamp = value;
            } else if (name.equals(WebhookSignature.SCHEME)) {
                signatures.add(value);
            }
        }
        if (timestamp == null) {
            throw malformed("the header has no t");
        }
        long seconds = parseSeconds(timestamp);
        if (signatures.isEmpty()) {
            throw new WebhookVerificationException(NO_SIGNATURE, "the header has no " + WebhookSignature.SCHEME
                    + " signature");
        }
        return new SignatureHeader(seconds, signatures);
    }

    /**
     * The canonical decimal only, so that the digits the sender signed are exactly the digits recomputed here: one
     * timestamp has one spelling.
     */
    private static long parseSeconds(String value) {
        boolean digits = !value.isEmpty() && value.length() <= 19;
        for (int i = 0; digits && i < value.length(); i++) {
            char c = value.charAt(i);
            digits = c >= '0' && c <= '9';
        }
        if (!digits || (value.length() > 1 && value.charAt(0) == '0')) {
            throw malformed("t is not a number of seconds written as plain decimal digits");
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw malformed("t is too large");
        }
    }

    /** Removes optional whitespace as HTTP defines it: spaces and horizontal tabs. */
    private static String trim(String element) {
        int start = 0;
        int end = element.length();
        while (start < end && isOws(element.charAt(start))) {
            start++;
        }
        while (end > start && isOws(element.charAt(end - 1))) {
            end--;
        }
        return element.substring(start, end);
    }

    private static boolean isOws(char c) {
        return c == ' ' || c == '\t';
    }

    private static WebhookVerificationException malformed(String message) {
        return new WebhookVerificationException(MALFORMED_HEADER, message);
    }
}
