package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.billing.subscription.Discounts.Charge;
import com.storageplatform.billing.subscription.Discounts.Promotion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a promotion takes off each charge of a period, as the coupon's {@code applies_to} says. */
class DiscountsTest {

    static Charge licenceFee(long amount) {
        return new Charge("licence_fee", amount);
    }

    static Charge fee(long amount) {
        return new Charge("fee", amount);
    }

    static final List<Charge> EVERY_KIND = List.of(licenceFee(1000), fee(500), new Charge("product", 300),
            new Charge("insurance", 450), new Charge("waiver", 200));

    @Test
    void aOncePercentDiscountsTheLicenceFeeOnly() {
        assertThat(Discounts.discounts(new Promotion("percent", 50, "once"), EVERY_KIND))
                .containsExactly(500L, 0L, 0L, 0L, 0L);
    }

    @Test
    void aRepeatingOrForeverPercentDiscountsTheLicenceFeeAndFeesButNeverProductsOrCover() {
        assertThat(Discounts.discounts(new Promotion("percent", 50, "repeating"), EVERY_KIND))
                .containsExactly(500L, 250L, 0L, 0L, 0L);
        assertThat(Discounts.discounts(new Promotion("percent", 100, "forever"), EVERY_KIND))
                .containsExactly(1000L, 500L, 0L, 0L, 0L);
    }

    @Test
    void aPercentOfEachChargeIsRoundedHalfUp() {
        assertThat(Discounts.discounts(new Promotion("percent", 15, "forever"), List.of(licenceFee(999), fee(333))))
                .containsExactly(150L, 50L);
        assertThat(Discounts.discounts(new Promotion("percent", 10, "forever"), List.of(licenceFee(5), fee(4))))
                .containsExactly(1L, 0L);
    }

    @Test
    void aFixedAmountIsTakenOffTheLicenceFeeFirstThenTheFeesInTurn() {
        List<Charge> charges = List.of(fee(500), licenceFee(1000), new Charge("insurance", 800), fee(300));
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 1200, "repeating"), charges))
                .containsExactly(200L, 1000L, 0L, 0L);
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 1700, "repeating"), charges))
                .containsExactly(500L, 1000L, 0L, 200L);
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 400, "forever"), charges))
                .containsExactly(0L, 400L, 0L, 0L);
    }

    @Test
    void aFixedAmountLargerThanTheChargesTakesThemToZeroAndCarriesNothingOver() {
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 5000, "forever"), EVERY_KIND))
                .containsExactly(1000L, 500L, 0L, 0L, 0L);
    }

    @Test
    void aOnceFixedAmountNeverSpillsFromTheLicenceFeeIntoFees() {
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 1200, "once"),
                List.of(licenceFee(1000), fee(500)))).containsExactly(1000L, 0L);
    }

    @Test
    void aChargeOfNothingOrLessOrOfAnUnknownKindGetsNoDiscount() {
        List<Charge> charges = List.of(licenceFee(0), fee(-100), new Charge("deposit", 1000), fee(300));
        assertThat(Discounts.discounts(new Promotion("percent", 50, "forever"), charges))
                .containsExactly(0L, 0L, 0L, 150L);
        assertThat(Discounts.discounts(new Promotion("fixed_amount", 1000, "forever"), charges))
                .containsExactly(0L, 0L, 0L, 300L);
    }

    @Test
    void aPromotionOfAnUnknownKindOrDurationOrAPercentAbove100IsRefused() {
        assertThatThrownBy(() -> new Promotion("bogof", 1, "once")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Promotion("percent", 10, "monthly"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Promotion("percent", 101, "once")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Promotion("fixed_amount", -1, "once"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
