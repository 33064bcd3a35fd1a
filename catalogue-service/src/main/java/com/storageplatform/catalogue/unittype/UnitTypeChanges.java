package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/unit-types/{id}}: a field left out stays as it is, a field sent as {@code null}
 * clears it where it is nullable. {@code site_id} cannot change (sending the current value is accepted).
 */
record UnitTypeChanges(Patch<String> siteId, Patch<String> name, Patch<String> description, Patch<Long> widthCm,
        Patch<Long> depthCm, Patch<Long> heightCm, Patch<Long> priceMinor, Patch<String> currency,
        Patch<String> vatTreatment, Patch<List<String>> features, Patch<String> status) {
}
