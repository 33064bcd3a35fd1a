package com.storageplatform.catalogue.unittype;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/unit-types}; {@link UnitTypeRules} judges the values. */
@Schema(requiredProperties = {"site_id", "name", "price_minor", "currency"})
record CreateUnitType(String siteId, String name, @Nullable String description, @Nullable Long widthCm,
        @Nullable Long depthCm, @Nullable Long heightCm, Long priceMinor, String currency, String vatTreatment,
        List<String> features, String status) {
}
