package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/agreements/{id}}: left out stays, {@code null} clears (the kit's Patch).
 * {@code coverage_product_id} and {@code cover_minor} set or change the agreement's cover; an explicit
 * {@code "coverage_product_id": null} ends it.
 *
 * @param coverageProductId the coverage product of the cover to hold; null ends the cover
 * @param coverMinor        the cover declared, in minor units (required for a {@code per_thousand} product)
 */
record AgreementChanges(Patch<String> contactId, Patch<String> unitId, Patch<Long> licenceFeeMinor,
        Patch<String> moveInDate, Patch<String> coverageProductId, Patch<Long> coverMinor) {
}
