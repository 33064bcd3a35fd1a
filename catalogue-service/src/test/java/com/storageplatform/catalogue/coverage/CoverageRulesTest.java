package com.storageplatform.catalogue.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
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
    void aRegulatoryBasisRefIsPrintableTextOnOneLine() {
        for (String ref : List.of("FCA ref 123456", "Règlement n° 2016/97 — art. 2", "A/B-C_D (2026)",
                "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 12")) {   // the zero-width non-joiner of Persian
            assertThat(issuesOf(ref)).as(ref).isEmpty();
        }
        for (String ref : List.of("line\nbreak", "tab\there", "bell\u0007", "zero\u200Bwidth", "rtl\u202Eoverride",
                "sep\u2028", "private\uE000", "nul\u0000")) {
            assertThat(issuesOf(ref)).as(ref).containsExactly(new FieldIssue("regulatory_basis_ref", "invalid"));
        }
    }

    private static List<FieldIssue> issuesOf(String regulatoryBasisRef) {
        Validation v = Validation.start();
        CoverageRules.check(v, new CoverageProduct(null, CoverageProduct.OBJECT, "Damage waiver", null,
                CoverageProduct.WAIVER, null, CoverageProduct.FIXED_LEVEL, 500L, null, "GBP", null, null, null,
                CoverageProduct.MONTHLY, regulatoryBasisRef, CoverageProduct.ACTIVE, null, null));
        return v.issues();
    }
}
