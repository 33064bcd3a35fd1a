package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Monthly premiums exactly as the catalogue defines them: fixed level, or per 1,000.00 of cover rounded up. */
class CoverPricingTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    static JsonNode perThousand(long rate, Long roundingStep) {
        return JSON.readTree("""
                {"id": "019aa5b2-4d52-7e1f-8a2b-3c4d5e6f7081", "pricing_mode": "per_thousand", "price_minor": null,
                 "rate_per_thousand_minor": %d, "rounding_step": %s}""".formatted(rate, roundingStep));
    }

    @Test
    void aFixedLevelProductCostsItsPriceWhateverTheCover() {
        JsonNode product = JSON.readTree("""
                {"pricing_mode": "fixed_level", "price_minor": 700, "rate_per_thousand_minor": null}""");
        assertThat(CoverPricing.monthlyPremium(product, null)).isEqualTo(700);
        assertThat(CoverPricing.monthlyPremium(product, 5_000_000L)).isEqualTo(700);
    }

    @Test
    void coverOf10000AtRate150Costs1500AMonth() {
        assertThat(CoverPricing.monthlyPremium(perThousand(150, null), 1_000_000L)).isEqualTo(1500);
        assertThat(CoverPricing.monthlyPremium(perThousand(150, 100_000L), 1_000_000L)).isEqualTo(1500);
    }

    @Test
    void theCoverIsRoundedUpToTheRoundingStepBeforePricing() {
        assertThat(CoverPricing.monthlyPremium(perThousand(150, 100_000L), 250_001L)).isEqualTo(450);
        assertThat(CoverPricing.monthlyPremium(perThousand(150, 100_000L), 300_000L)).isEqualTo(450);
        assertThat(CoverPricing.monthlyPremium(perThousand(150, null), 250_001L)).isEqualTo(375);
    }

    @Test
    void aPremiumIsRoundedHalfUpToWholeMinorUnits() {
        assertThat(CoverPricing.monthlyPremium(perThousand(150, null), 123_456L)).isEqualTo(185);
        assertThat(CoverPricing.monthlyPremium(perThousand(50, null), 1_000L)).isEqualTo(1);
        assertThat(CoverPricing.monthlyPremium(perThousand(49, null), 1_000L)).isZero();
    }

    @Test
    void aPerThousandProductWithoutADeclaredCoverCannotBePriced() {
        assertThatThrownBy(() -> CoverPricing.monthlyPremium(perThousand(150, 100_000L), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cover_minor");
    }

    @Test
    void aProductMissingThePriceItsModeNeedsCannotBePriced() {
        JsonNode fixed = JSON.readTree("""
                {"id": "019aa5b2-4d52-7e1f-8a2b-3c4d5e6f7081", "pricing_mode": "fixed_level", "price_minor": null}""");
        assertThatThrownBy(() -> CoverPricing.monthlyPremium(fixed, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("price_minor");
        JsonNode perThousand = JSON.readTree("""
                {"pricing_mode": "per_thousand"}""");
        assertThatThrownBy(() -> CoverPricing.monthlyPremium(perThousand, 1_000_000L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate_per_thousand_minor");
        assertThatThrownBy(() -> CoverPricing.monthlyPremium(JSON.readTree("{\"pricing_mode\": \"tiered\"}"), 1L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tiered");
    }
}
