package com.storageplatform.catalogue.unit;

import java.util.UUID;

/**
 * The validated filters of {@code GET /v1/units}; null when absent. {@code reservationId} counts the unit that
 * reservation holds as bookable, so it comes only with {@code bookable}.
 */
record UnitFilters(UUID siteId, UUID unitTypeId, String status, Boolean bookable, UUID reservationId) {
}
