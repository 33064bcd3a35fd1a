package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.web.Patch;

/** The body of {@code PATCH /v1/coverage-products/{id}}: left out stays, {@code null} clears (the kit's Patch). */
record CoverageProductChanges(Patch<String> name, Patch<String> description, Patch<String> kind,
        Patch<String> insurerName, Patch<String> pricingMode, Patch<Long> priceMinor,
        Patch<Long> ratePerThousandMinor, Patch<String> currency, Patch<Long> minCoverMinor,
        Patch<Long> maxCoverMinor, Patch<Long> roundingStep, Patch<String> billingCycle,
        Patch<String> regulatoryBasisRef, Patch<String> status) {
}
