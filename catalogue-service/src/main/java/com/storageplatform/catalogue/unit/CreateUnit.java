package com.storageplatform.catalogue.unit;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The body of {@code POST /v1/units}; {@link UnitRules} judges the values. */
@Schema(requiredProperties = {"site_id", "unit_type_id", "name"})
record CreateUnit(String siteId, String unitTypeId, String name, String floor, String status, List<String> features,
        String notes) {
}
