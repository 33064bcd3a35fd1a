package com.storageplatform.catalogue.unittype;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The body of {@code POST /v1/unit-types}; {@link UnitTypeRules} judges the values. */
@Schema(requiredProperties = {"site_id", "name", "price_minor", "currency"})
record CreateUnitType(String siteId, String name, String description, Long widthCm, Long depthCm, Long heightCm,
        Long priceMinor, String currency, String vatTreatment, List<String> features, String status) {
}
