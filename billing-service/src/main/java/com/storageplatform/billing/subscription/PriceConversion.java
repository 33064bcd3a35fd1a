package com.storageplatform.billing.subscription;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.OptionalLong;

/**
 * A price stated per {@code count} × {@code interval} re-stated for another billing period, as an interval change
 * re-prices a plan's repeating charges and cover from each one's own original price.
 *
 * <ul>
 * <li>Month-based periods count months (a month is 1, a year 12): price × months of the new period / months of the
 * old one. Two-monthly 2000 is 1000 a month; 1000 a month is 12000 a year.</li>
 * <li>Week periods count weeks the same way: price × new weeks / old weeks.</li>
 * <li>Between weeks and months a year is 52 weeks and 12 months: weekly to monthly is price × months × 52 /
 * (weeks × 12), monthly to weekly price × weeks × 12 / (months × 52). 1000 a month is 231 a week (230.77).</li>
 * <li>Rounded to whole minor units half up on exact integers; the same period answers the price itself.</li>
 * <li>A price that cannot be charged for the new period is no answer (empty): a positive price that rounds to 0,
 * or a result above {@value #MAX_PRICE_MINOR} minor units (100,000,000.00, the most an invoice line may be).</li>
 * </ul>
 */
final class PriceConversion {

    /** The invoice line maximum (100,000,000.00), the most a re-stated price may be. */
    static final long MAX_PRICE_MINOR = 100_000_000_00L;

    private static final long WEEKS_A_YEAR = 52;
    private static final long MONTHS_A_YEAR = 12;

    private PriceConversion() {
    }

    /**
     * {@code priceMinor} per {@code fromCount} × {@code fromInterval}, per {@code toCount} × {@code toInterval};
     * empty when it cannot be priced.
     */
    static OptionalLong convert(long priceMinor, String fromInterval, int fromCount, String toInterval, int toCount) {
        if (priceMinor < 0) {
            throw new IllegalArgumentException("a price is 0 or more, not " + priceMinor);
        }
        long from = units(fromInterval, fromCount);
        long to = units(toInterval, toCount);
        if (fromInterval.equals(toInterval) && fromCount == toCount) {
            return OptionalLong.of(priceMinor);
        }
        boolean fromWeeks = BillingPeriods.WEEK.equals(fromInterval);
        boolean toWeeks = BillingPeriods.WEEK.equals(toInterval);
        long numerator = to;
        long denominator = from;
        if (fromWeeks && !toWeeks) {
            numerator = to * WEEKS_A_YEAR;
            denominator = from * MONTHS_A_YEAR;
        } else if (!fromWeeks && toWeeks) {
            numerator = to * MONTHS_A_YEAR;
            denominator = from * WEEKS_A_YEAR;
        }
        BigDecimal converted = BigDecimal.valueOf(priceMinor).multiply(BigDecimal.valueOf(numerator))
                .divide(BigDecimal.valueOf(denominator), 0, RoundingMode.HALF_UP);
        if (converted.compareTo(BigDecimal.valueOf(MAX_PRICE_MINOR)) > 0
                || (priceMinor > 0 && converted.signum() == 0)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(converted.longValueExact());
    }

    /** The length of {@code count} × {@code interval} in its own unit: weeks for week plans, else months. */
    private static long units(String interval, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("interval count must be 1 or more, not " + count);
        }
        return switch (interval) {
            case BillingPeriods.WEEK, BillingPeriods.MONTH -> count;
            case BillingPeriods.YEAR -> MONTHS_A_YEAR * count;
            default -> throw new IllegalArgumentException(
                    "billing interval must be week, month or year, not " + interval);
        };
    }
}
