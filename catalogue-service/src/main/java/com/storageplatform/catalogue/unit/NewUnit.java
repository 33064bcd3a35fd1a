package com.storageplatform.catalogue.unit;

import java.util.List;
import java.util.UUID;

/**
 * A unit to create, its fields judged by the rules of {@code POST /v1/units} ({@link Units#judge}); the site and
 * unit type are the creator's to have checked.
 *
 * @param status the operator's status: {@code available}, {@code out_of_service} or {@code archived}
 */
public record NewUnit(UUID siteId, UUID unitTypeId, String name, String floor, String status, List<String> features,
        String notes) {

    public NewUnit {
        features = List.copyOf(features);
    }
}
