package com.storageplatform.crm.message.provider;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** What every report reader shares: its refusals and the HMAC-SHA256 the relay's reports are signed with. */
final class Reports {

    private Reports() {
    }

    static ApiException badSignature(String header) {
        return new ApiException(ErrorCode.INVALID_REQUEST,
                "The " + header + " header is missing, stale or does not sign this body.");
    }

    static ApiException notTheProvidersBody(String provider) {
        return new ApiException(ErrorCode.INVALID_REQUEST, "The body is not a " + provider + " delivery report.");
    }

    static String hmacSha256Hex(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", impossible);
        }
    }

    /** Compares two signatures in time that does not depend on where they differ. */
    static boolean same(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }
}
