package com.storageplatform.catalogue.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The price function on its own: every rule kind, scope, order, rounding and the floor at 0. */
class PriceQuotesTest {

    static final UUID SITE = UUID.fromString("01900000-0000-7000-8000-000000000001");
    static final UUID OTHER_SITE = UUID.fromString("01900000-0000-7000-8000-000000000002");
    static final UUID TYPE = UUID.fromString("01900000-0000-7000-8000-000000000003");
    static final UUID OTHER_TYPE = UUID.fromString("01900000-0000-7000-8000-000000000004");
    static final LocalDate DAY = LocalDate.of(2026, 6, 15);
    static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    private static int sequence;

    /** 10 of 20 units occupied (50%), no features, list price 10000 GBP. */
    private static QuoteRequest request(long listPrice) {
        return new QuoteRequest(SITE, TYPE, listPrice, "GBP", null, DAY, 10, 20, Set.of("drive_up"));
    }

    private static PriceRule rule(String kind, int priority, String adjustmentKind, long value) {
        return rule(kind, priority, adjustmentKind, value, "active", List.of(), List.of());
    }

    private static PriceRule rule(String kind, int priority, String adjustmentKind, long value, String status,
            List<UUID> sites, List<UUID> types) {
        UUID id = UUID.fromString("01900000-0000-7000-8000-%012d".formatted(100 + sequence++));
        boolean fixed = PriceRule.FIXED_AMOUNT.equals(adjustmentKind);
        return new PriceRule(id, PriceRule.OBJECT, kind + " " + value, kind, status, priority, adjustmentKind, value,
                fixed ? "GBP" : null,
                kind.equals(PriceRule.OCCUPANCY) ? PriceRule.AT_OR_ABOVE : null,
                kind.equals(PriceRule.OCCUPANCY) ? 50 : null,
                kind.equals(PriceRule.DATE_RANGE) ? DAY : null, kind.equals(PriceRule.DATE_RANGE) ? DAY : null,
                kind.equals(PriceRule.UNIT_FEATURE) ? "drive_up" : null, sites, types, AT, AT);
    }

    private static PriceRule occupancy(String comparison, int threshold, long percent) {
        PriceRule base = rule(PriceRule.OCCUPANCY, 1, PriceRule.PERCENT, percent);
        return new PriceRule(base.id(), base.object(), base.name(), base.kind(), base.status(), base.priority(),
                base.adjustmentKind(), base.adjustmentValue(), null, comparison, threshold, null, null, null,
                List.of(), List.of(), AT, AT);
    }

    private static PriceRule dates(LocalDate from, LocalDate to) {
        PriceRule base = rule(PriceRule.DATE_RANGE, 1, PriceRule.FIXED_AMOUNT, -100);
        return new PriceRule(base.id(), base.object(), base.name(), base.kind(), base.status(), base.priority(),
                base.adjustmentKind(), base.adjustmentValue(), "GBP", null, null, from, to, null, List.of(),
                List.of(), AT, AT);
    }

    @Test
    void withoutRulesTheListPriceIsThePrice() {
        Quote quote = PriceQuotes.quote(request(10000), List.of());

        assertThat(quote.priceMinor()).isEqualTo(10000);
        assertThat(quote.listPriceMinor()).isEqualTo(10000);
        assertThat(quote.currency()).isEqualTo("GBP");
        assertThat(quote.appliedRules()).isEmpty();
    }

    @Test
    void anOccupancyRuleComparesAgainstItsThreshold() {
        // 10 of 20 = 50%.
        assertThat(PriceQuotes.quote(request(10000), List.of(occupancy("at_or_above", 50, 10))).priceMinor())
                .isEqualTo(11000);
        assertThat(PriceQuotes.quote(request(10000), List.of(occupancy("at_or_above", 51, 10))).priceMinor())
                .isEqualTo(10000);
        assertThat(PriceQuotes.quote(request(10000), List.of(occupancy("below", 51, -10))).priceMinor())
                .isEqualTo(9000);
        assertThat(PriceQuotes.quote(request(10000), List.of(occupancy("below", 50, -10))).priceMinor())
                .isEqualTo(10000);
        QuoteRequest empty = new QuoteRequest(SITE, TYPE, 10000, "GBP", null, DAY, 0, 0, Set.of());
        assertThat(PriceQuotes.quote(empty, List.of(occupancy("below", 1, -10))).priceMinor()).isEqualTo(9000);
        assertThat(PriceQuotes.quote(empty, List.of(occupancy("at_or_above", 1, 10))).priceMinor()).isEqualTo(10000);
    }

    @Test
    void aDateRangeRuleAppliesOnItsDaysInclusive() {
        assertThat(PriceQuotes.quote(request(10000), List.of(dates(DAY, DAY))).priceMinor()).isEqualTo(9900);
        assertThat(PriceQuotes.quote(request(10000), List.of(dates(DAY.minusDays(5), null))).priceMinor())
                .isEqualTo(9900);
        assertThat(PriceQuotes.quote(request(10000), List.of(dates(DAY.plusDays(1), null))).priceMinor())
                .isEqualTo(10000);
        assertThat(PriceQuotes.quote(request(10000), List.of(dates(DAY.minusDays(9), DAY.minusDays(1))))
                .priceMinor()).isEqualTo(10000);
    }

    @Test
    void aUnitFeatureRuleNeedsTheFeature() {
        PriceRule driveUp = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 500);
        assertThat(PriceQuotes.quote(request(10000), List.of(driveUp)).priceMinor()).isEqualTo(10500);
        QuoteRequest indoor = new QuoteRequest(SITE, TYPE, 10000, "GBP", null, DAY, 0, 1, Set.of("indoor"));
        assertThat(PriceQuotes.quote(indoor, List.of(driveUp)).priceMinor()).isEqualTo(10000);
    }

    @Test
    void rulesApplyInPriorityOrderThenCreationOrderEachOnTheRunningPrice() {
        PriceRule second = rule(PriceRule.UNIT_FEATURE, 20, PriceRule.FIXED_AMOUNT, -1000);
        PriceRule first = rule(PriceRule.UNIT_FEATURE, 10, PriceRule.PERCENT, 10);
        PriceRule thirdOlder = rule(PriceRule.UNIT_FEATURE, 30, PriceRule.PERCENT, -50);
        PriceRule thirdNewer = rule(PriceRule.UNIT_FEATURE, 30, PriceRule.FIXED_AMOUNT, 1);

        Quote quote = PriceQuotes.quote(request(10000), List.of(thirdNewer, second, thirdOlder, first));

        // 10000 +10% = 11000, -1000 = 10000, -50% = 5000, +1 = 5001.
        assertThat(quote.appliedRules()).extracting(Quote.AppliedRule::priceRuleId)
                .containsExactly(first.id(), second.id(), thirdOlder.id(), thirdNewer.id());
        assertThat(quote.appliedRules()).extracting(Quote.AppliedRule::amountMinor)
                .containsExactly(1000L, -1000L, -5000L, 1L);
        assertThat(quote.priceMinor()).isEqualTo(5001);
        assertThat(quote.listPriceMinor()).isEqualTo(10000);
    }

    @Test
    void percentagesRoundHalfUpToTheMinorUnit() {
        // 13% of 999 = 129.87 -> 130; 5% of 250 = 12.5 -> 13, and -12.5 -> -13 (halves away from zero).
        assertThat(PriceQuotes.adjustment(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, 13), 999))
                .isEqualTo(130);
        assertThat(PriceQuotes.adjustment(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, 5), 250))
                .isEqualTo(13);
        assertThat(PriceQuotes.adjustment(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, -5), 250))
                .isEqualTo(-13);
        assertThat(PriceQuotes.adjustment(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, 5), 249))
                .isEqualTo(12);
        assertThat(PriceQuotes.quote(request(4999), List.of(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, -15)))
                .priceMinor()).isEqualTo(4249);
    }

    @Test
    void aPriceNeverGoesBelowZero() {
        PriceRule bigDiscount = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, -20000);
        PriceRule surcharge = rule(PriceRule.UNIT_FEATURE, 2, PriceRule.FIXED_AMOUNT, 300);

        Quote quote = PriceQuotes.quote(request(10000), List.of(bigDiscount, surcharge));

        assertThat(quote.appliedRules()).extracting(Quote.AppliedRule::amountMinor).containsExactly(-10000L, 300L);
        assertThat(quote.priceMinor()).isEqualTo(300);
        assertThat(PriceQuotes.quote(request(10000),
                List.of(rule(PriceRule.UNIT_FEATURE, 1, PriceRule.PERCENT, -100))).priceMinor()).isZero();
    }

    @Test
    void onlyActiveRulesInScopeAndInTheQuotesCurrencyApply() {
        PriceRule inactive = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 1, "inactive", List.of(),
                List.of());
        PriceRule otherSite = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 2, "active",
                List.of(OTHER_SITE), List.of());
        PriceRule otherType = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 4, "active", List.of(),
                List.of(OTHER_TYPE));
        PriceRule here = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 8, "active",
                List.of(OTHER_SITE, SITE), List.of(TYPE));
        PriceRule base = rule(PriceRule.UNIT_FEATURE, 1, PriceRule.FIXED_AMOUNT, 16);
        PriceRule euros = new PriceRule(base.id(), base.object(), base.name(), base.kind(), base.status(),
                base.priority(), base.adjustmentKind(), base.adjustmentValue(), "EUR", null, null, null, null,
                "drive_up", List.of(), List.of(), AT, AT);

        Quote quote = PriceQuotes.quote(request(10000), List.of(inactive, otherSite, otherType, here, euros));

        assertThat(quote.priceMinor()).isEqualTo(10008);
        assertThat(quote.appliedRules()).extracting(Quote.AppliedRule::priceRuleId).containsExactly(here.id());
    }
}
