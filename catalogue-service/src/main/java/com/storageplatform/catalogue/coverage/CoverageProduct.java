package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A coverage product as clients see it: goods insurance or a damage waiver a customer takes with a unit. The body
 * of {@code GET /v1/coverage-products/{id}} and the {@code data} of {@code coverage_product.*} events.
 *
 * @param insurerName          the insurer underwriting an {@code insurance} product; null for a {@code waiver}
 * @param priceMinor           the monthly price of a {@code fixed_level} product; null for {@code per_thousand}
 * @param ratePerThousandMinor the monthly charge for each 1000 (major units) of cover, {@code per_thousand} only
 * @param minCoverMinor        the least cover a customer may take, or null for no floor
 * @param maxCoverMinor        the most cover a customer may take, or null for no ceiling
 * @param roundingStep         cover is rounded up to a multiple of this (minor units), or null for none
 * @param regulatoryBasisRef   the reference of the regulatory basis the product is sold under, or null
 */
public record CoverageProduct(UUID id, String object, String name, String description, @OneOf("KINDS") String kind,
        @Nullable String insurerName, @OneOf("PRICING_MODES") String pricingMode, @Nullable Long priceMinor,
        @Nullable Long ratePerThousandMinor, String currency, @Nullable Long minCoverMinor,
        @Nullable Long maxCoverMinor, @Nullable Long roundingStep, String billingCycle,
        @Nullable String regulatoryBasisRef, @OneOf("STATUSES") String status, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "coverage_product";

    public static final String INSURANCE = "insurance";
    public static final String WAIVER = "waiver";
    public static final List<String> KINDS = List.of(INSURANCE, WAIVER);

    public static final String FIXED_LEVEL = "fixed_level";
    public static final String PER_THOUSAND = "per_thousand";
    public static final List<String> PRICING_MODES = List.of(FIXED_LEVEL, PER_THOUSAND);

    public static final String MONTHLY = "monthly";

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final List<String> STATUSES = List.of(ACTIVE, INACTIVE);

    CoverageProduct withStatus(String newStatus) {
        return new CoverageProduct(id, object, name, description, kind, insurerName, pricingMode, priceMinor,
                ratePerThousandMinor, currency, minCoverMinor, maxCoverMinor, roundingStep, billingCycle,
                regulatoryBasisRef, newStatus, createdAt, updatedAt);
    }

    CoverageProduct updatedAt(Instant at) {
        return new CoverageProduct(id, object, name, description, kind, insurerName, pricingMode, priceMinor,
                ratePerThousandMinor, currency, minCoverMinor, maxCoverMinor, roundingStep, billingCycle,
                regulatoryBasisRef, status, createdAt, at);
    }

    /**
     * Whether {@code other} gives a customer holding this product different cover: a different kind, insurer,
     * price or rate, currency, cover limits, rounding or billing cycle. Name, description, status and the
     * regulatory reference do not change anyone's cover.
     */
    boolean altersCoverOf(CoverageProduct other) {
        return !coverTerms().equals(other.coverTerms());
    }

    /** The fields that define the cover a customer holds, in a fixed order (nulls included). */
    private List<Object> coverTerms() {
        return Arrays.asList(kind, insurerName, pricingMode, priceMinor, ratePerThousandMinor, currency,
                minCoverMinor, maxCoverMinor, roundingStep, billingCycle);
    }
}
