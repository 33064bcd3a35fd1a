package com.storageplatform.catalogue.product;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/products/{id}}: a field left out stays as it is, a field sent as {@code null} clears
 * it (the kit's {@link Patch}); {@link ProductRules} refuses null where a field always has a value.
 */
record ProductChanges(Patch<String> name, Patch<String> description, Patch<String> sku,
        Patch<String> accountingCode, Patch<Boolean> usableWebsite, Patch<Boolean> usableShop,
        Patch<Boolean> trackStock, Patch<Long> stockOnHand, Patch<String> priceMode, Patch<String> unitLabel,
        Patch<Long> unitPriceE4, Patch<String> currency, Patch<Long> standardRateAbovePerDay,
        Patch<String> vatTreatment, Patch<String> status) {
}
