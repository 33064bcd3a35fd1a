package com.storageplatform.commerce.order;

import com.storageplatform.commerce.order.Order.Line;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The binding price of an order, pure: what the customer pays today and each month after, line by line, with VAT
 * per line. Every amount is in minor units of the order's currency; every rounding is half-up (halves away from
 * zero) on the line.
 *
 * <ul>
 *   <li><b>Licence fee</b> (net, VAT added at the unit type's treatment): the first period runs from the move-in
 *       date to the end of that calendar month and costs {@code fee × remaining days / days in the month}; a move-in
 *       on the 1st is a full month. Billing bills monthly on the 1st from then on: that is the order's contract with
 *       billing ({@code recurring_amount_from} is the 1st of the next month).</li>
 *   <li><b>Discount</b>: a coupon applies to exactly what its {@code applies_to} says. A {@code once} coupon takes a
 *       percentage (rounded half-up) or a fixed amount (at most the fee) off the first period's licence fee only; a
 *       {@code repeating} or {@code forever} coupon also discounts the monthly licence fee of the later periods it
 *       runs for (a repeating coupon's first period is the order's first). Never products, cover or deposit.</li>
 *   <li><b>Cover</b> (a fixed-level waiver's monthly {@code price_minor}, net): prorated like the fee for the first
 *       period, standard-rated (20%).</li>
 *   <li><b>Products</b>: {@code unit_price_e4} is VAT inclusive (catalogue.md), so the line total is
 *       {@code unit_price_e4 × quantity / 100} rounded half-up and the VAT is taken out of it.</li>
 *   <li><b>Deposit</b>: refundable, outside the scope of VAT, never discounted, its own line.</li>
 * </ul>
 */
final class OrderPricing {

    static final String LICENCE_FEE = "licence_fee";
    static final String DEPOSIT = "deposit";
    static final String PRODUCT = "product";
    static final String COVER = "cover";
    static final String DISCOUNT = "discount";

    static final String STANDARD_20 = "standard_20";
    static final String OUTSIDE_SCOPE = "outside_scope";

    private OrderPricing() {
    }

    /** A coupon's terms as the catalogue publishes them ({@code applies_to} read, never derived). */
    record CouponTerms(UUID id, String code, String discountKind, long discountValue, String currency,
            String duration, Integer durationMonths, List<String> appliesTo) {

        boolean discountsLicenceFee() {
            return appliesTo.contains(LICENCE_FEE);
        }

        /** Whether the discount runs on after the first period. */
        boolean recurs() {
            return "forever".equals(duration) || repeatingMonths() >= 2;
        }

        /** The months a {@code repeating} coupon runs for, the first period being the first; 0 otherwise. */
        int repeatingMonths() {
            return "repeating".equals(duration) && durationMonths != null ? Math.max(durationMonths, 0) : 0;
        }

        long off(long fee) {
            if ("percent".equals(discountKind)) {
                return Math.min(fee, divideHalfUp(fee * discountValue, 100));
            }
            if ("fixed_amount".equals(discountKind)) {
                return Math.min(fee, discountValue);
            }
            return 0;
        }
    }

    /** A product bought with the order. */
    record ProductItem(UUID productId, String name, int quantity, long unitPriceE4, String vatTreatment,
            Long standardRateAbovePerDay) {
    }

    /** The cover taken at checkout: a fixed-level waiver's monthly price. */
    record CoverItem(UUID coverageProductId, String name, long monthlyMinor) {
    }

    /** What an order is priced from. */
    record Inputs(LocalDate moveInDate, long monthlyFeeMinor, String currency, String unitVatTreatment,
            String unitName, List<ProductItem> products, CoverItem cover, Long depositMinor, CouponTerms coupon) {

        Inputs {
            products = List.copyOf(products);
        }

        Inputs withCoupon(CouponTerms other) {
            return new Inputs(moveInDate, monthlyFeeMinor, currency, unitVatTreatment, unitName, products, cover,
                    depositMinor, other);
        }
    }


    /**
     * The full cost: {@code totalDueTodayMinor} is everything of the first period plus products and deposit;
     * {@code recurringAmountMinor} is each month from {@code recurringAmountFrom}: the licence fee (discounted
     * while a repeating or forever coupon runs, until {@code recurringDiscountUntil}) and cover, with VAT.
     */
    record Priced(List<Line> lines, long subtotalMinor, long discountMinor, long vatMinor, long totalDueTodayMinor,
            long recurringAmountMinor, LocalDate recurringAmountFrom, LocalDate recurringDiscountUntil,
            long depositMinor, LocalDate firstPeriodEnd) {
    }

    static Priced price(Inputs in) {
        LocalDate from = in.moveInDate();
        LocalDate end = from.withDayOfMonth(from.lengthOfMonth());
        LocalDate nextFirst = end.plusDays(1);
        List<Line> lines = new ArrayList<>();

        long firstFee = prorate(in.monthlyFeeMinor(), from);
        int feeRate = rate(in.unitVatTreatment());
        long feeVat = vat(firstFee, feeRate);
        lines.add(new Line(LICENCE_FEE, "Licence fee" + (in.unitName() == null ? "" : " for unit " + in.unitName())
                + ", " + from + " to " + end, 1, firstFee, firstFee, in.unitVatTreatment(), feeRate,
                feeVat, firstFee + feeVat));

        long discount = 0;
        CouponTerms coupon = in.coupon();
        if (coupon != null && coupon.discountsLicenceFee()) {
            discount = coupon.off(firstFee);
            if (discount > 0) {
                // The discount line's VAT is what the discount takes off the fee's VAT, so the fee net of the
                // discount carries exactly the VAT it would have on its own.
                long discountVat = feeVat - vat(firstFee - discount, feeRate);
                lines.add(new Line(DISCOUNT, "Coupon " + (coupon.code() == null ? coupon.id() : coupon.code())
                        + " on the licence fee", 1, -discount, -discount, in.unitVatTreatment(), feeRate,
                        -discountVat, -discount - discountVat));
            }
        }

        long coverMonthly = 0;
        long coverMonthlyVat = 0;
        if (in.cover() != null) {
            coverMonthly = in.cover().monthlyMinor();
            coverMonthlyVat = vat(coverMonthly, 20);
            long firstCover = prorate(coverMonthly, from);
            long coverVat = vat(firstCover, 20);
            lines.add(new Line(COVER, "Cover: " + in.cover().name() + ", " + from + " to " + end, 1, firstCover,
                    firstCover, STANDARD_20, 20, coverVat, firstCover + coverVat));
        }

        for (ProductItem product : in.products()) {
            long gross = divideHalfUp(product.unitPriceE4() * product.quantity(), 100);
            String treatment = productTreatment(product, gross);
            int productRate = rate(treatment);
            long productVat = inclusiveVat(gross, productRate);
            long unitGross = divideHalfUp(product.unitPriceE4(), 100);
            lines.add(new Line(PRODUCT, product.name(), product.quantity(), unitGross, gross - productVat,
                    treatment, productRate, productVat, gross));
        }

        long deposit = in.depositMinor() == null ? 0 : in.depositMinor();
        if (deposit > 0) {
            lines.add(new Line(DEPOSIT, "Refundable deposit", 1, deposit, deposit, OUTSIDE_SCOPE, 0, 0,
                    deposit));
        }

        long subtotal = 0;
        long vatTotal = 0;
        long total = 0;
        for (Line line : lines) {
            if (!DISCOUNT.equals(line.kind())) {
                subtotal += line.amountMinor();
            }
            vatTotal += line.vatMinor();
            total += line.totalMinor();
        }

        long recurringFee = in.monthlyFeeMinor();
        LocalDate discountUntil = null;
        if (coupon != null && coupon.discountsLicenceFee()) {
            if (coupon.recurs()) {
                recurringFee -= coupon.off(in.monthlyFeeMinor());
            }
            if (coupon.repeatingMonths() > 0) {
                // Period 1 is the first (prorated) one, so a 1-month coupon ends with it; period n starts on the
                // 1st, n - 2 months after nextFirst.
                discountUntil = nextFirst.plusMonths(coupon.repeatingMonths() - 1L).minusDays(1);
            }
        }
        long recurring = recurringFee + vat(recurringFee, feeRate) + coverMonthly + coverMonthlyVat;
        return new Priced(List.copyOf(lines), subtotal, discount, vatTotal, total, recurring, nextFirst,
                discountUntil, deposit, end);
    }

    /** {@code monthly × remaining days / days in the month} from {@code from}, rounded half-up. */
    static long prorate(long monthly, LocalDate from) {
        int days = from.lengthOfMonth();
        int remaining = days - from.getDayOfMonth() + 1;
        if (remaining == days) {
            return monthly;
        }
        return divideHalfUp(monthly * remaining, days);
    }

    /** The VAT rate in percent of a treatment: {@code standard_20} 20, {@code reduced_5} 5, anything else 0. */
    static int rate(String treatment) {
        if (STANDARD_20.equals(treatment)) {
            return 20;
        }
        return "reduced_5".equals(treatment) ? 5 : 0;
    }

    /**
     * A product's treatment for a sale at checkout: a sale counts as one day of use, so a line total strictly above
     * {@code standard_rate_above_per_day} takes the standard rate (catalogue.md, products' VAT treatment).
     */
    static String productTreatment(ProductItem product, long lineTotal) {
        String treatment = product.vatTreatment() == null ? STANDARD_20 : product.vatTreatment();
        Long threshold = product.standardRateAbovePerDay();
        return threshold != null && lineTotal > threshold ? STANDARD_20 : treatment;
    }

    /** VAT added to a net amount. */
    static long vat(long net, int ratePercent) {
        return divideHalfUp(net * ratePercent, 100);
    }

    /** VAT included in a gross amount: {@code gross × rate / (100 + rate)}. */
    static long inclusiveVat(long gross, int ratePercent) {
        return divideHalfUp(gross * ratePercent, 100L + ratePercent);
    }

    /** {@code numerator / denominator} rounded half-up, halves away from zero (denominator positive). */
    static long divideHalfUp(long numerator, long denominator) {
        long magnitude = (Math.abs(numerator) * 2 + denominator) / (denominator * 2);
        return numerator < 0 ? -magnitude : magnitude;
    }
}
