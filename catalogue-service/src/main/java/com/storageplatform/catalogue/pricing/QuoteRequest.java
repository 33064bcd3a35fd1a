package com.storageplatform.catalogue.pricing;

import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

/**
 * What a price depends on besides the rules.
 *
 * @param listPriceMinor the rate plan's price in force on {@code date}, else the unit type's price
 * @param ratePlanId     the rate plan that price came from, or null
 * @param occupiedUnits  units of the type at the site that are reserved or occupied
 * @param totalUnits     units of the type at the site that are not archived (0 reads as 0% occupancy)
 * @param features       the unit type's features, with the unit's own when quoting one unit
 */
public record QuoteRequest(UUID siteId, UUID unitTypeId, long listPriceMinor, String currency, UUID ratePlanId,
        LocalDate date, long occupiedUnits, long totalUnits, Set<String> features) {

    public QuoteRequest {
        features = Set.copyOf(features);
    }
}
