package com.storageplatform.billing.invoice;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The tax inside a tax-inclusive amount, in whole minor units, rounded half up (HMRC allows rounding to the nearest
 * penny per line). Integer arithmetic only: money never passes through floating point.
 */
final class Taxes {

    /** Insurance premium tax, standard rate (Finance Act 1994, as amended: 12% since 1 June 2017). */
    static final int IPT_PERCENT = 12;

    private Taxes() {
    }

    /** The VAT inside {@code grossMinor} under {@code treatment}: rate / (100 + rate) of it. */
    static long vatWithin(long grossMinor, String treatment) {
        int rate = switch (treatment) {
            case "standard_20" -> 20;
            case "reduced_5" -> 5;
            default -> 0;
        };
        return within(grossMinor, rate);
    }

    /** The IPT inside an insurance premium of {@code grossMinor}. */
    static long iptWithin(long grossMinor) {
        return within(grossMinor, IPT_PERCENT);
    }

    private static long within(long grossMinor, int ratePercent) {
        if (ratePercent == 0) {
            return 0;
        }
        return BigDecimal.valueOf(grossMinor).multiply(BigDecimal.valueOf(ratePercent))
                .divide(BigDecimal.valueOf(100L + ratePercent), 0, RoundingMode.HALF_UP)
                .longValueExact();
    }
}
