package com.storageplatform.catalogue.unit;

import java.util.List;

/** The body of {@code POST /v1/units}; {@link UnitRules} judges the values. */
record CreateUnit(String siteId, String unitTypeId, String name, String floor, String status, List<String> features,
        String notes) {
}
