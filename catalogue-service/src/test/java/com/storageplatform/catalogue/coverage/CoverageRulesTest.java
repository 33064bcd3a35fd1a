package com.storageplatform.catalogue.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure text rules of coverage products, without infrastructure. */
class CoverageRulesTest {

    @Test
    void aNameSaysInsuranceInAnyFormAndCase() {
        for (String name : List.of("Goods Insurance", "INSURED waiver", "We insure it", "Insurer-backed cover",
                "Reinsured protection", "iNsUrAnCe")) {
            assertThat(CoverageRules.saysInsurance(name)).as(name).isTrue();
        }
        for (String name : List.of("Damage waiver", "Protection plan", "Assured cover", "Insu rance")) {
            assertThat(CoverageRules.saysInsurance(name)).as(name).isFalse();
        }
    }

    @Test
    void printableTextHasNoControlFormatOrSeparatorCharacters() {
        for (String text : List.of("FCA ref 123456", "Règlement n° 2016/97 — art. 2", "A/B-C_D (2026)")) {
            assertThat(CoverageRules.isPrintable(text)).as(text).isTrue();
        }
        for (String text : List.of("line\nbreak", "tab\there", "bell\u0007", "zero\u200Bwidth", "rtl\u202Eoverride",
                "sep\u2028", "private\uE000", "nul\u0000")) {
            assertThat(CoverageRules.isPrintable(text)).as(text).isFalse();
        }
    }
}
