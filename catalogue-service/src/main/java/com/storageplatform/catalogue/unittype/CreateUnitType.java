package com.storageplatform.catalogue.unittype;

import java.util.List;

/** The body of {@code POST /v1/unit-types}; {@link UnitTypeRules} judges the values. */
record CreateUnitType(String siteId, String name, String description, Long widthCm, Long depthCm, Long heightCm,
        Long priceMinor, String currency, String vatTreatment, List<String> features, String status) {
}
