package com.storageplatform.commerce.order;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.order.OrderPricing.CouponTerms;
import com.storageplatform.commerce.order.OrderPricing.CoverItem;
import com.storageplatform.commerce.order.OrderPricing.Inputs;
import com.storageplatform.commerce.order.Order.Line;
import com.storageplatform.commerce.order.OrderPricing.Priced;
import com.storageplatform.commerce.order.OrderPricing.ProductItem;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The binding price, pure: proration, VAT per line, coupons as applies_to says, deposit, totals. */
class OrderPricingTest {

    static final LocalDate DEC_10 = LocalDate.of(2026, 12, 10);
    static final UUID ID = UUID.fromString("019aa5b2-5e63-7f20-9b3c-4d5e6f708192");

    static Inputs inputs(LocalDate moveIn, long fee, String vat, List<ProductItem> products, CoverItem cover,
            Long deposit, CouponTerms coupon) {
        return new Inputs(moveIn, fee, "GBP", vat, "A12", products, cover, deposit, coupon);
    }

    static Inputs fee(LocalDate moveIn, long fee) {
        return inputs(moveIn, fee, "standard_20", List.of(), null, null, null);
    }

    static CouponTerms percent(long value, String duration, Integer months) {
        return new CouponTerms(ID, "HALF", "percent", value, null, duration, months,
                "once".equals(duration) ? List.of("licence_fee") : List.of("licence_fee", "fee"));
    }

    static CouponTerms fixed(long value, String duration) {
        return new CouponTerms(ID, "TENNER", "fixed_amount", value, "GBP", duration, null,
                "once".equals(duration) ? List.of("licence_fee") : List.of("licence_fee", "fee"));
    }

    static CouponTerms fixedRepeating(long value, int months) {
        return new CouponTerms(ID, "TENNER", "fixed_amount", value, "GBP", "repeating", months,
                List.of("licence_fee", "fee"));
    }

    static Line line(Priced priced, String kind) {
        return priced.lines().stream().filter(l -> l.kind().equals(kind)).findFirst().orElseThrow();
    }

    @Test
    void aMoveInOnTheFirstPaysAFullMonth() {
        Priced priced = OrderPricing.price(fee(LocalDate.of(2026, 12, 1), 9000));
        assertThat(line(priced, "licence_fee").amountMinor()).isEqualTo(9000);
        assertThat(priced.firstPeriodEnd()).isEqualTo(LocalDate.of(2026, 12, 31));
        assertThat(priced.recurringAmountFrom()).isEqualTo(LocalDate.of(2027, 1, 1));
    }

    @Test
    void theFirstPeriodIsProratedToTheEndOfTheMonthRoundedHalfUp() {
        // 22 of December's 31 days: 9000 × 22 / 31 = 6387.1
        assertThat(OrderPricing.prorate(9000, DEC_10)).isEqualTo(6387);
        // The last day of November: 45 / 30 = 1.5, rounded up
        assertThat(OrderPricing.prorate(45, LocalDate.of(2026, 11, 30))).isEqualTo(2);
        // February of a non-leap year has 28 days: 14 of them is half
        assertThat(OrderPricing.prorate(1000, LocalDate.of(2027, 2, 15))).isEqualTo(500);
        assertThat(OrderPricing.prorate(1000, LocalDate.of(2028, 2, 15))).isEqualTo(517);
    }

    @Test
    void theLicenceFeeTakesTheUnitTypesVatTreatment() {
        assertThat(line(OrderPricing.price(inputs(LocalDate.of(2026, 12, 1), 10000, "standard_20", List.of(), null,
                null, null)), "licence_fee").vatMinor()).isEqualTo(2000);
        Line reduced = line(OrderPricing.price(inputs(LocalDate.of(2026, 12, 1), 10000, "reduced_5", List.of(),
                null, null, null)), "licence_fee");
        assertThat(reduced.vatMinor()).isEqualTo(500);
        assertThat(reduced.vatRate()).isEqualTo(5);
        assertThat(reduced.totalMinor()).isEqualTo(10500);
        for (String none : List.of("zero", "exempt", "outside_scope")) {
            Line line = line(OrderPricing.price(inputs(LocalDate.of(2026, 12, 1), 10000, none, List.of(), null,
                    null, null)), "licence_fee");
            assertThat(line.vatMinor()).as(none).isZero();
            assertThat(line.vatTreatment()).isEqualTo(none);
        }
    }

    @Test
    void theWorkedExampleOfTheDocs() {
        Priced priced = OrderPricing.price(inputs(DEC_10, 9000, "standard_20",
                List.of(new ProductItem(ID, "Archive box", 3, 34500, "standard_20", null)),
                new CoverItem(ID, "Damage waiver", 500), 5000L, percent(50, "once", null)));
        assertThat(priced.lines()).extracting(Line::kind)
                .containsExactly("licence_fee", "discount", "cover", "product", "deposit");
        assertThat(line(priced, "licence_fee")).extracting(Line::amountMinor, Line::vatMinor, Line::totalMinor)
                .containsExactly(6387L, 1277L, 7664L);
        assertThat(line(priced, "discount")).extracting(Line::amountMinor, Line::vatMinor, Line::totalMinor)
                .containsExactly(-3194L, -638L, -3832L);
        assertThat(line(priced, "cover")).extracting(Line::amountMinor, Line::vatMinor, Line::totalMinor)
                .containsExactly(355L, 71L, 426L);
        assertThat(line(priced, "product")).extracting(Line::quantity, Line::unitAmountMinor, Line::amountMinor,
                Line::vatMinor, Line::totalMinor).containsExactly(3, 345L, 862L, 173L, 1035L);
        assertThat(line(priced, "deposit")).extracting(Line::amountMinor, Line::vatMinor, Line::vatTreatment)
                .containsExactly(5000L, 0L, "outside_scope");
        assertThat(priced.subtotalMinor()).isEqualTo(12604);
        assertThat(priced.discountMinor()).isEqualTo(3194);
        assertThat(priced.vatMinor()).isEqualTo(883);
        assertThat(priced.totalDueTodayMinor()).isEqualTo(10293);
        assertThat(priced.depositMinor()).isEqualTo(5000);
        // A once coupon is over after the first period: 9000 + 1800 VAT + 500 cover + 100 VAT.
        assertThat(priced.recurringAmountMinor()).isEqualTo(11400);
        assertThat(priced.recurringAmountFrom()).isEqualTo(LocalDate.of(2027, 1, 1));
        assertThat(priced.recurringDiscountUntil()).isNull();
    }

    @Test
    void aOnceCouponDiscountsOnlyTheFirstLicenceFeeNeverProductsCoverOrDeposit() {
        Priced priced = OrderPricing.price(inputs(LocalDate.of(2026, 12, 1), 9000, "standard_20",
                List.of(new ProductItem(ID, "Padlock", 1, 120000, "standard_20", null)),
                new CoverItem(ID, "Damage waiver", 500), 5000L, percent(100, "once", null)));
        assertThat(priced.discountMinor()).isEqualTo(9000);
        // Everything but the fee is still paid: cover 600, padlock 1200, deposit 5000.
        assertThat(priced.totalDueTodayMinor()).isEqualTo(600 + 1200 + 5000);
        assertThat(priced.recurringAmountMinor()).isEqualTo(10800 + 600);
    }

    @Test
    void aFixedAmountIsTakenOffAtMostTheFee() {
        Priced small = OrderPricing.price(inputs(LocalDate.of(2026, 12, 31), 3100, "standard_20", List.of(), null,
                null, fixed(1000, "once")));
        // One day of December: 100; the coupon takes off 100, not 1000, and nothing is carried over.
        assertThat(line(small, "licence_fee").amountMinor()).isEqualTo(100);
        assertThat(small.discountMinor()).isEqualTo(100);
        assertThat(small.totalDueTodayMinor()).isZero();
        assertThat(small.recurringAmountMinor()).isEqualTo(3720);
    }

    @Test
    void repeatingAndForeverCouponsAlsoDiscountTheRecurringFee() {
        Priced forever = OrderPricing.price(fee(DEC_10, 9000).withCoupon(percent(10, "forever", null)));
        assertThat(forever.recurringAmountMinor()).isEqualTo(8100 + 1620);
        assertThat(forever.recurringDiscountUntil()).isNull();

        Priced threeMonths = OrderPricing.price(fee(DEC_10, 9000).withCoupon(fixedRepeating(1000, 3)));
        assertThat(threeMonths.discountMinor()).isEqualTo(1000);
        assertThat(threeMonths.recurringAmountMinor()).isEqualTo(8000 + 1600);
        // December (prorated), January, February.
        assertThat(threeMonths.recurringDiscountUntil()).isEqualTo(LocalDate.of(2027, 2, 28));

        Priced oneMonth = OrderPricing.price(fee(DEC_10, 9000).withCoupon(percent(10, "repeating", 1)));
        assertThat(oneMonth.discountMinor()).isEqualTo(639);
        assertThat(oneMonth.recurringAmountMinor()).isEqualTo(10800);
    }

    @Test
    void aOneMonthRepeatingCouponDiscountsUntilTheEndOfTheFirstPeriod() {
        // Its one month is the first (prorated) period: it runs until the end of December, then the fee is full.
        Priced oneMonth = OrderPricing.price(fee(DEC_10, 9000).withCoupon(percent(10, "repeating", 1)));
        assertThat(oneMonth.recurringDiscountUntil()).isEqualTo(LocalDate.of(2026, 12, 31));
        assertThat(oneMonth.recurringDiscountUntil()).isEqualTo(oneMonth.firstPeriodEnd());
        Priced fromTheFirst = OrderPricing.price(fee(LocalDate.of(2027, 2, 1), 9000)
                .withCoupon(fixedRepeating(1000, 1)));
        assertThat(fromTheFirst.recurringDiscountUntil()).isEqualTo(LocalDate.of(2027, 2, 28));
        assertThat(fromTheFirst.recurringAmountMinor()).isEqualTo(10800);
        // Null only for no coupon, a once coupon (over with the first period) or a forever one.
        assertThat(OrderPricing.price(fee(DEC_10, 9000)).recurringDiscountUntil()).isNull();
        assertThat(OrderPricing.price(fee(DEC_10, 9000).withCoupon(percent(10, "once", null)))
                .recurringDiscountUntil()).isNull();
    }

    @Test
    void aCouponWhoseAppliesToLacksTheLicenceFeeDiscountsNothing() {
        CouponTerms strange = new CouponTerms(ID, "X", "percent", 50, null, "once", null, List.of("something"));
        Priced priced = OrderPricing.price(fee(DEC_10, 9000).withCoupon(strange));
        assertThat(priced.discountMinor()).isZero();
        assertThat(priced.lines()).extracting(Line::kind).containsExactly("licence_fee");
    }

    @Test
    void productsAreVatInclusiveAndTheStandardRateAppliesAboveTheDailyThreshold() {
        ProductItem reduced = new ProductItem(ID, "Fee", 1, 210000, "reduced_5", null);
        Line line = line(OrderPricing.price(inputs(DEC_10, 0, "standard_20", List.of(reduced), null, null, null)),
                "product");
        assertThat(line).extracting(Line::totalMinor, Line::vatMinor, Line::amountMinor)
                .containsExactly(2100L, 100L, 2000L);
        ProductItem overThreshold = new ProductItem(ID, "Fee", 1, 210000, "exempt", 2000L);
        Line standard = line(OrderPricing.price(inputs(DEC_10, 0, "standard_20", List.of(overThreshold), null,
                null, null)), "product");
        assertThat(standard).extracting(Line::vatTreatment, Line::vatMinor).containsExactly("standard_20", 350L);
        ProductItem atThreshold = new ProductItem(ID, "Fee", 1, 210000, "exempt", 2100L);
        assertThat(line(OrderPricing.price(inputs(DEC_10, 0, "standard_20", List.of(atThreshold), null, null,
                null)), "product").vatMinor()).isZero();
        // Per-unit prices of a fraction of a penny are rounded on the line total: 3 × 0.0125 = 3.75p → 4p.
        ProductItem tiny = new ProductItem(ID, "Label", 3, 125, "zero", null);
        assertThat(line(OrderPricing.price(inputs(DEC_10, 0, "standard_20", List.of(tiny), null, null, null)),
                "product").totalMinor()).isEqualTo(4);
    }

    @Test
    void halfUpRoundsHalvesAwayFromZero() {
        assertThat(OrderPricing.divideHalfUp(25, 10)).isEqualTo(3);
        assertThat(OrderPricing.divideHalfUp(24, 10)).isEqualTo(2);
        assertThat(OrderPricing.divideHalfUp(-25, 10)).isEqualTo(-3);
        assertThat(OrderPricing.vat(6387, 20)).isEqualTo(1277);
        assertThat(OrderPricing.inclusiveVat(1035, 20)).isEqualTo(173);
    }
}
