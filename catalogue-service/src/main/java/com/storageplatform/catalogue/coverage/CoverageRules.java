package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules of a coverage product, the same on create and update: {@link #check} judges the product as it would
 * be stored and records every problem on {@code v}, naming each field. A product may be stored without what it
 * takes to sell it (the insurer of insurance, the price of its pricing mode), but then only {@code inactive}.
 */
final class CoverageRules {

    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    static final int INSURER_MAX = 200;
    static final long RATE_PER_THOUSAND_MAX = 100_000;
    static final int REGULATORY_BASIS_REF_MAX = 200;

    private CoverageRules() {
    }

    static void check(Validation v, CoverageProduct p) {
        v.require("name", p.name()).maxLength("name", p.name(), NAME_MAX)
                .check(CoverageProduct.WAIVER.equals(p.kind()) && saysInsurance(p.name()), "name",
                        FieldIssue.NOT_ALLOWED)
                .maxLength("description", p.description(), DESCRIPTION_MAX)
                .require("kind", p.kind()).oneOf("kind", p.kind(), CoverageProduct.KINDS);
        if (CoverageProduct.INSURANCE.equals(p.kind())) {
            v.maxLength("insurer_name", p.insurerName(), INSURER_MAX);
        } else {
            v.check(p.insurerName() != null, "insurer_name", FieldIssue.NOT_ALLOWED);
        }
        v.require("pricing_mode", p.pricingMode()).oneOf("pricing_mode", p.pricingMode(),
                CoverageProduct.PRICING_MODES);
        v.min("price_minor", p.priceMinor(), 0)
                .min("rate_per_thousand_minor", p.ratePerThousandMinor(), 1)
                .max("rate_per_thousand_minor", p.ratePerThousandMinor(), RATE_PER_THOUSAND_MAX);
        if (CoverageProduct.FIXED_LEVEL.equals(p.pricingMode())) {
            v.check(p.ratePerThousandMinor() != null, "rate_per_thousand_minor", FieldIssue.NOT_ALLOWED);
        } else if (CoverageProduct.PER_THOUSAND.equals(p.pricingMode())) {
            v.check(p.priceMinor() != null, "price_minor", FieldIssue.NOT_ALLOWED);
        }
        if (CoverageProduct.ACTIVE.equals(p.status())) {
            // Offered to customers: everything a sale needs must be there.
            missingForSale(p).forEach(field -> v.add(field, FieldIssue.REQUIRED));
        }
        v.require("currency", p.currency()).currency("currency", p.currency())
                .min("min_cover_minor", p.minCoverMinor(), 0)
                .min("max_cover_minor", p.maxCoverMinor(), 1)
                .check(p.minCoverMinor() != null && p.maxCoverMinor() != null
                        && p.minCoverMinor() > p.maxCoverMinor(), "max_cover_minor", FieldIssue.BELOW_MINIMUM)
                .min("rounding_step", p.roundingStep(), 1)
                .require("billing_cycle", p.billingCycle())
                .check(p.billingCycle() != null && !CoverageProduct.MONTHLY.equals(p.billingCycle()),
                        "billing_cycle", FieldIssue.INVALID)
                .maxLength("regulatory_basis_ref", p.regulatoryBasisRef(), REGULATORY_BASIS_REF_MAX)
                .printable("regulatory_basis_ref", p.regulatoryBasisRef(), false)
                .require("status", p.status()).oneOf("status", p.status(), CoverageProduct.STATUSES);
    }

    /**
     * What the product lacks to be sold: the insurer of {@code insurance}, the {@code price_minor} of
     * {@code fixed_level}, the {@code rate_per_thousand_minor} of {@code per_thousand}. Empty when complete (or
     * when its kind or pricing mode is not one we know, which is refused on its own field).
     */
    static List<String> missingForSale(CoverageProduct p) {
        List<String> missing = new ArrayList<>();
        if (CoverageProduct.INSURANCE.equals(p.kind()) && p.insurerName() == null) {
            missing.add("insurer_name");
        }
        if (CoverageProduct.FIXED_LEVEL.equals(p.pricingMode()) && p.priceMinor() == null) {
            missing.add("price_minor");
        }
        if (CoverageProduct.PER_THOUSAND.equals(p.pricingMode()) && p.ratePerThousandMinor() == null) {
            missing.add("rate_per_thousand_minor");
        }
        return missing;
    }

    /** A name that says insurance in any form and case: insurance, insure, insured, insurer, reinsured. */
    static boolean saysInsurance(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).contains("insur");
    }
}
