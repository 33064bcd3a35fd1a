package com.storageplatform.billing.subscription;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * What a plan's promotion takes off the charges of one billed period, honouring the coupon's {@code applies_to}
 * (docs/api/catalogue.md, "Coupons").
 *
 * <ul>
 * <li>{@code once} discounts the licence fee only ({@code ["licence_fee"]}); {@code repeating} and {@code forever}
 * discount the licence fee and the plan's repeating fees ({@code ["licence_fee", "fee"]}). Products and cover
 * (insurance premiums, waivers) are never discounted. Which periods a promotion runs in (the first only for
 * {@code once}, {@code periods_total} for {@code repeating}) is counted by the caller.</li>
 * <li>{@code percent}: each eligible charge × value / 100, in whole minor units rounded half up.</li>
 * <li>{@code fixed_amount}: the amount is taken off the eligible charges in turn, the licence fee first and then the
 * fees (each group in the order given), until it is spent; a charge never goes below 0 and what is left of the
 * amount is not carried over to another period.</li>
 * <li>A discount is never negative and never more than its charge (a charge of 0 or less gets none).</li>
 * </ul>
 */
final class Discounts {

    static final String LICENCE_FEE = "licence_fee";
    static final String FEE = "fee";

    private static final Set<String> KINDS = Set.of("percent", "fixed_amount");
    private static final Set<String> DURATIONS = Set.of("once", "repeating", "forever");

    private Discounts() {
    }

    /** A plan's promotion, from the coupon: {@code percent} or {@code fixed_amount}; once, repeating or forever. */
    record Promotion(String discountKind, long discountValue, String duration) {

        Promotion {
            if (!KINDS.contains(discountKind) || !DURATIONS.contains(duration)) {
                throw new IllegalArgumentException("a promotion is percent or fixed_amount, once, repeating or "
                        + "forever, not " + discountKind + " " + duration);
            }
            if (discountValue < 0 || ("percent".equals(discountKind) && discountValue > 100)) {
                throw new IllegalArgumentException("a " + discountKind + " discount of " + discountValue
                        + " is out of range");
            }
        }

        boolean discounts(String chargeKind) {
            return LICENCE_FEE.equals(chargeKind) || (FEE.equals(chargeKind) && !"once".equals(duration));
        }
    }

    /** One charge of the period: its item type ({@code licence_fee}, {@code fee}, {@code product}, ...). */
    record Charge(String kind, long amountMinor) {
    }

    /** The discount on each of {@code charges}, in the same order (0 for a charge it does not apply to). */
    static List<Long> discounts(Promotion promotion, List<Charge> charges) {
        List<Long> discounts = new ArrayList<>(Collections.nCopies(charges.size(), 0L));
        if ("percent".equals(promotion.discountKind())) {
            for (int i = 0; i < charges.size(); i++) {
                Charge charge = charges.get(i);
                if (promotion.discounts(charge.kind()) && charge.amountMinor() > 0) {
                    discounts.set(i, BigDecimal.valueOf(charge.amountMinor())
                            .multiply(BigDecimal.valueOf(promotion.discountValue()))
                            .divide(BigDecimal.valueOf(100), 0, RoundingMode.HALF_UP).longValueExact());
                }
            }
            return List.copyOf(discounts);
        }
        long left = promotion.discountValue();
        for (String kind : List.of(LICENCE_FEE, FEE)) {
            for (int i = 0; i < charges.size() && left > 0; i++) {
                Charge charge = charges.get(i);
                if (kind.equals(charge.kind()) && promotion.discounts(kind) && charge.amountMinor() > 0) {
                    long off = Math.min(left, charge.amountMinor());
                    discounts.set(i, off);
                    left -= off;
                }
            }
        }
        return List.copyOf(discounts);
    }
}
