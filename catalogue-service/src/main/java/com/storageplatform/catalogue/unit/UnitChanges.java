package com.storageplatform.catalogue.unit;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/units/{id}}: a field left out stays as it is; {@code floor} and {@code notes} clear
 * with {@code null}. {@code site_id} cannot change (sending the current value is accepted).
 */
record UnitChanges(Patch<String> siteId, Patch<String> unitTypeId, Patch<String> name, Patch<String> floor,
        Patch<String> status, Patch<List<String>> features, Patch<String> notes) {
}
