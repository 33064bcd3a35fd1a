package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.subscription.PriceIncreaseRules.Change;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PriceIncreaseRulesTest {

    static final String DATE = "2027-05-01";

    @Test
    void aNewPriceIsTakenAsItIsAndAnIncreaseIsAddedToTheCurrentPrice() {
        assertThat(change(6500L, null, null).newAmount(6200)).isEqualTo(6500);
        assertThat(change(null, 300L, null).newAmount(6200)).isEqualTo(6500);
    }

    @Test
    void aPercentageIsAddedRoundedHalfUpToMinorUnits() {
        // 6200 x 4.5% = 279 exactly; 6199 x 4.5% = 278.955 -> 279; 6190 x 4.5% = 278.55 -> 279; 6188 -> 278.46 -> 278.
        assertThat(change(null, null, "4.5").newAmount(6200)).isEqualTo(6479);
        assertThat(change(null, null, "4.5").newAmount(6199)).isEqualTo(6478);
        assertThat(change(null, null, "4.5").newAmount(6190)).isEqualTo(6469);
        assertThat(change(null, null, "4.5").newAmount(6188)).isEqualTo(6466);
        // 10 x 5% = 0.5 -> 1 (half up); 9 x 5% = 0.45 -> 0.
        assertThat(change(null, null, "5").newAmount(10)).isEqualTo(11);
        assertThat(change(null, null, "5").newAmount(9)).isEqualTo(9);
        assertThat(change(null, null, "100").newAmount(6200)).isEqualTo(12400);
    }

    @Test
    void exactlyOneWayOfStatingTheNewPriceIsRequired() {
        assertThat(issues(null, null, null, DATE)).containsExactly("amount_minor required");
        assertThat(issues(6500L, 300L, new BigDecimal("3"), DATE))
                .containsExactly("increase_minor not_allowed", "increase_percent not_allowed");
    }

    @Test
    void amountsMustBePositiveAndAPercentageAbove0AtMost100WithTwoDecimals() {
        assertThat(issues(0L, null, null, DATE)).containsExactly("amount_minor below_minimum");
        assertThat(issues(null, 0L, null, DATE)).containsExactly("increase_minor below_minimum");
        assertThat(issues(SubscriptionRules.MAX_AMOUNT_MINOR + 1, null, null, DATE))
                .containsExactly("amount_minor above_maximum");
        assertThat(issues(null, null, new BigDecimal("0"), DATE)).containsExactly("increase_percent below_minimum");
        assertThat(issues(null, null, new BigDecimal("100.01"), DATE))
                .containsExactly("increase_percent above_maximum");
        assertThat(issues(null, null, new BigDecimal("2.125"), DATE)).containsExactly("increase_percent invalid");
        assertThat(issues(null, null, new BigDecimal("2.120"), DATE)).isEmpty();
    }

    @Test
    void theEffectiveDateIsRequiredAndMustBeADate() {
        assertThat(issues(6500L, null, null, null)).containsExactly("effective_date required");
        assertThat(issues(6500L, null, null, "2027-02-30")).containsExactly("effective_date invalid");
    }

    @Test
    void aPlanCancelledEndedOrWithoutALicenceFeeTakesNoIncrease() {
        assertThat(PriceIncreaseRules.conflict(plan("active", true, 6200))).isNull();
        assertThat(PriceIncreaseRules.conflict(plan("pending", true, 6200))).isNull();
        assertThat(PriceIncreaseRules.conflict(plan("cancelled", true, 6200))).isEqualTo("it is cancelled");
        assertThat(PriceIncreaseRules.conflict(plan("ended", true, 6200))).isEqualTo("it is ended");
        assertThat(PriceIncreaseRules.conflict(plan("active", false, 0)))
                .isEqualTo("it has no licence fee to increase");
    }

    @Test
    void aNewPriceMustRiseAndStayWithinTheMaximum() {
        assertThat(PriceIncreaseRules.amountIssue(plan("active", true, 6200), change(6200L, null, null)))
                .isEqualTo(FieldIssue.BELOW_MINIMUM);
        assertThat(PriceIncreaseRules.amountIssue(plan("active", true, 9), change(null, null, "5")))
                .isEqualTo(FieldIssue.BELOW_MINIMUM);
        assertThat(PriceIncreaseRules.amountIssue(plan("active", true, SubscriptionRules.MAX_AMOUNT_MINOR),
                change(null, 1L, null))).isEqualTo(FieldIssue.ABOVE_MAXIMUM);
        assertThat(PriceIncreaseRules.amountIssue(plan("active", true, 6200), change(6201L, null, null))).isNull();
    }

    @Test
    void theNoticeRunsFromTodayAtTheSite() {
        assertThat(PriceIncreaseRules.earliest(LocalDate.of(2027, 3, 10), 28)).isEqualTo(LocalDate.of(2027, 4, 7));
        assertThat(PriceIncreaseRules.earliest(LocalDate.of(2027, 3, 10), 0)).isEqualTo(LocalDate.of(2027, 3, 10));
    }

    private static Change change(Long amount, Long increase, String percent) {
        Validation v = Validation.start();
        Change change = PriceIncreaseRules.check(v, new SchedulePriceIncrease(amount, increase,
                percent == null ? null : new BigDecimal(percent), DATE));
        v.orThrow();
        return change;
    }

    private static List<String> issues(Long amount, Long increase, BigDecimal percent, String date) {
        Validation v = Validation.start();
        PriceIncreaseRules.check(v, new SchedulePriceIncrease(amount, increase, percent, date));
        return v.issues().stream().map(i -> i.field() + " " + i.issue()).toList();
    }

    private static Plan plan(String status, boolean hasFee, long amount) {
        Instant now = Instant.parse("2027-03-10T12:00:00Z");
        return new Plan(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), status, "month",
                1, "GBP", amount, hasFee, "standard_20", "Licence fee", LocalDate.of(2027, 1, 1), null, null,
                LocalDate.of(2027, 4, 1), 1, null, null, null, "offline", true, false, false, null, "Europe/London",
                null, now, null, null, null, now, now);
    }
}
