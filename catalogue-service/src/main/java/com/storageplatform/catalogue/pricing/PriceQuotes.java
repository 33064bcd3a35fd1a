package com.storageplatform.catalogue.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The one price function availability, commerce and the storefront share (the latter two through
 * {@code GET /v1/availability}, with {@code unit_id} to quote one unit). Pure: the same request and rules give
 * the same quote.
 *
 * <ol>
 * <li>Start from the list price (the rate plan in force on the date, else the unit type's price).</li>
 * <li>Keep the rules that apply: {@code active}; the site and unit type within their {@code site_ids} and
 * {@code unit_type_ids} (empty = all); a {@code fixed_amount} in the quote's currency; and the condition of their
 * kind holds on the date (occupancy against the threshold, the date within the range, the feature present).</li>
 * <li>Apply them in ascending {@code priority}, ties in creation order (ascending id), each to the running
 * price: a percentage of the running price rounded half-up to the minor unit (halves away from zero), or a fixed
 * amount.</li>
 * <li>After each step the price is floored at 0; a rule's applied amount is what it actually changed.</li>
 * </ol>
 */
public final class PriceQuotes {

    private static final Comparator<PriceRule> ORDER = Comparator.comparingInt(PriceRule::priority)
            .thenComparing(PriceRule::id);
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private PriceQuotes() {
    }

    public static Quote quote(QuoteRequest request, List<PriceRule> rules) {
        long price = request.listPriceMinor();
        List<Quote.AppliedRule> applied = new ArrayList<>();
        for (PriceRule rule : rules.stream().filter(rule -> applies(rule, request)).sorted(ORDER).toList()) {
            long next = Math.max(0, price + adjustment(rule, price));
            applied.add(new Quote.AppliedRule(rule.id(), rule.name(), rule.kind(), rule.adjustmentKind(),
                    rule.adjustmentValue(), next - price));
            price = next;
        }
        return new Quote(price, request.currency(), request.listPriceMinor(), request.ratePlanId(), applied);
    }

    /** The signed change a rule asks for on {@code price}, before the floor at 0. */
    static long adjustment(PriceRule rule, long price) {
        if (PriceRule.FIXED_AMOUNT.equals(rule.adjustmentKind())) {
            return rule.adjustmentValue();
        }
        return BigDecimal.valueOf(price).multiply(BigDecimal.valueOf(rule.adjustmentValue()))
                .divide(HUNDRED, 0, RoundingMode.HALF_UP).longValueExact();
    }

    static boolean applies(PriceRule rule, QuoteRequest request) {
        if (!rule.isActive()
                || (!rule.siteIds().isEmpty() && !rule.siteIds().contains(request.siteId()))
                || (!rule.unitTypeIds().isEmpty() && !rule.unitTypeIds().contains(request.unitTypeId()))
                || (PriceRule.FIXED_AMOUNT.equals(rule.adjustmentKind())
                        && !request.currency().equals(rule.currency()))) {
            return false;
        }
        return switch (rule.kind()) {
            case PriceRule.OCCUPANCY -> occupancyHolds(rule, request);
            case PriceRule.DATE_RANGE -> !request.date().isBefore(rule.startsOn())
                    && (rule.endsOn() == null || !request.date().isAfter(rule.endsOn()));
            case PriceRule.UNIT_FEATURE -> request.features().contains(rule.feature());
            default -> false;
        };
    }

    /**
     * Compared in whole units (occupied × 100 against threshold × total), so no rounding decides it; a unit type
     * without units is 0% occupied.
     */
    private static boolean occupancyHolds(PriceRule rule, QuoteRequest request) {
        boolean none = request.totalUnits() == 0;
        long occupied = none ? 0 : request.occupiedUnits() * 100;
        long threshold = (long) rule.thresholdPercent() * (none ? 1 : request.totalUnits());
        return PriceRule.AT_OR_ABOVE.equals(rule.occupancyComparison()) ? occupied >= threshold : occupied < threshold;
    }
}
