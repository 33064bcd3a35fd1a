package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.crypto.Secrets;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.regex.Pattern;

/** The codes of credentials: those the platform makes, and the form of those the operator sends. */
final class Codes {

    static final int GATE_CODE_DIGITS = 6;
    private static final Pattern CHOSEN_GATE_CODE = Pattern.compile("[0-9]{4,8}");
    private static final Pattern FOB_NUMBER = Pattern.compile("[A-Za-z0-9]{4,32}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private Codes() {
    }

    /** A new code of the kind: six random digits for a gate code, a random key for an app key. */
    static String generate(String kind) {
        return switch (kind) {
            case AccessCredential.GATE_CODE -> String.format(Locale.ROOT, "%0" + GATE_CODE_DIGITS + "d",
                    RANDOM.nextInt(1_000_000));
            case AccessCredential.APP_KEY -> Secrets.generate("ak_", 32);
            default -> throw new IllegalArgumentException("The platform does not make codes of kind " + kind);
        };
    }

    /** A gate code a customer chose: 4 to 8 digits. */
    static boolean isGateCode(String code) {
        return CHOSEN_GATE_CODE.matcher(code).matches();
    }

    /** A fob's number: 4 to 32 letters and digits. */
    static boolean isFobNumber(String code) {
        return FOB_NUMBER.matcher(code).matches();
    }

    /** A fob's number as stored: upper case, so one fob is one number whoever types it. */
    static String fobNumber(String code) {
        return code.toUpperCase(Locale.ROOT);
    }
}
