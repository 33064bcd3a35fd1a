package com.storageplatform.webhooks.signature;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The known-answer vectors published in docs/webhooks.md. The expected signatures were computed outside Java, with
 * {@code openssl dgst -sha256 -hmac} (and again with Python's {@code hmac}), and are written here as literals, so a
 * change to the signer cannot quietly change the vectors with it.
 */
final class KnownAnswers {

    static final String SECRET = "whsec_MfKQ9r8GKYqrTNjaCqxPa3mtEjpCVPhz";
    static final String NEW_SECRET = "whsec_9wQz3LkT7vPb2XyN5rHd8mJc4FsA6gEu";

    static final String ENVELOPE = "{\"id\":\"018bcfe5-6800-7a3e-9c41-5d2f8b7e0a91\",\"type\":\"reservation.created\","
            + "\"api_version\":\"2025-01-01\",\"created\":\"2023-11-14T22:13:20Z\",\"data\":{\"object\":\"reservation\","
            + "\"id\":\"018bcfe5-6800-7b12-8f00-3c9d4e5f6a7b\"}}";

    /** ë, ó (two bytes each), — (three bytes), £ (two bytes) and 🙂 (four bytes, a surrogate pair in Java). */
    static final String NON_ASCII_ENVELOPE = "{\"id\":\"018bcfe6-4a2b-7c1d-8e3f-9a0b1c2d3e4f\",\"type\":\"message.sent\","
            + "\"api_version\":\"2025-01-01\",\"created\":\"2023-11-14T22:15:23Z\",\"data\":{\"object\":\"message\","
            + "\"channel\":\"sms\",\"body\":\"Zo\u00eb, your unit at Krak\u00f3w Road is ready \u2014 \u00a325 paid "
            + "\ud83d\ude42\"}}";

    record Vector(String name, String secret, long timestamp, String body, int bodyLength, String signature,
            String header) {

        byte[] bodyBytes() {
            return body.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static final Vector ASCII = new Vector("ascii envelope", SECRET, 1700000000L, ENVELOPE, 210,
            "9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd03",
            "t=1700000000,v1=9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd03");

    static final Vector NON_ASCII = new Vector("non-ASCII UTF-8 envelope", SECRET, 1700000123L, NON_ASCII_ENVELOPE,
            240, "f34895d1ed2f2d0c7ab65207106d699f1af2860a47906c82caf1f13a3569f83c",
            "t=1700000123,v1=f34895d1ed2f2d0c7ab65207106d699f1af2860a47906c82caf1f13a3569f83c");

    static final Vector EMPTY = new Vector("empty body", SECRET, 1735689600L, "", 0,
            "2efc8d40e8851a97ab650426cd7cf7d0f2c3e23e0f4b5eccc27375efe155b55b",
            "t=1735689600,v1=2efc8d40e8851a97ab650426cd7cf7d0f2c3e23e0f4b5eccc27375efe155b55b");

    static final Vector NEW_SECRET_ASCII = new Vector("ascii envelope, new secret", NEW_SECRET, 1700000000L,
            ENVELOPE, 210, "158cf3a4cddd442fada4ab8ebeff95985f43c38cee2dc082bed4c51883b81f4d",
            "t=1700000000,v1=158cf3a4cddd442fada4ab8ebeff95985f43c38cee2dc082bed4c51883b81f4d");

    /** During a rotation: the new secret's signature, then the old one's, over {@link #ENVELOPE} at 1700000000. */
    static final String ROTATION_HEADER = "t=1700000000"
            + ",v1=158cf3a4cddd442fada4ab8ebeff95985f43c38cee2dc082bed4c51883b81f4d"
            + ",v1=9d4c8b4ce3ddd2001ff23d22b785e5c917283819d51681aafc627557dfadcd03";

    static List<Vector> all() {
        return List.of(ASCII, NON_ASCII, EMPTY, NEW_SECRET_ASCII);
    }

    private KnownAnswers() {
    }
}
