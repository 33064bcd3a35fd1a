package com.storageplatform.billing.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The arithmetic of the occupancy and revenue figures: exact integers in, one rounding at the end. */
final class ReportFigures {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private ReportFigures() {
    }

    /** {@code part} / {@code whole} as a percentage with two decimals, rounded half up; 0.00 when whole is 0. */
    static BigDecimal pct(long part, long whole) {
        if (whole == 0) {
            return BigDecimal.ZERO.setScale(2);
        }
        return BigDecimal.valueOf(part).multiply(HUNDRED).divide(BigDecimal.valueOf(whole), 2, RoundingMode.HALF_UP);
    }

    /** Square centimetres as square metres with two decimals, rounded half up. */
    static BigDecimal squareMetres(long squareCentimetres) {
        return BigDecimal.valueOf(squareCentimetres, 4).setScale(2, RoundingMode.HALF_UP);
    }

    /** Revenue per available unit: {@code mrr} / {@code units} in whole minor units, rounded half up; 0 with none. */
    static long perUnit(long mrrMinor, long units) {
        if (units == 0) {
            return 0;
        }
        return BigDecimal.valueOf(mrrMinor).divide(BigDecimal.valueOf(units), 0, RoundingMode.HALF_UP)
                .longValueExact();
    }
}
