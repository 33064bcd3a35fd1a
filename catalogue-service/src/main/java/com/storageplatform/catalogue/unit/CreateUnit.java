package com.storageplatform.catalogue.unit;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/units}; {@link UnitRules} judges the values. */
@Schema(requiredProperties = {"site_id", "unit_type_id", "name"})
record CreateUnit(String siteId, String unitTypeId, String name, @Nullable String floor, String status,
        List<String> features, @Nullable String notes) {
}
