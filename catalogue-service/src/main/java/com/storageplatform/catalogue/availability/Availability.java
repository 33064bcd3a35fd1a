package com.storageplatform.catalogue.availability;

import com.storageplatform.catalogue.pricing.Quote;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What one unit type at one site has to let, and at what price: an item of {@code GET /v1/availability}. Computed
 * on each read, so it has no id of its own; {@code unit_type_id} identifies it.
 *
 * @param unitId           the unit the price was quoted for (the {@code unit_id} query), else null
 * @param date             the date the price is for (the query's, else today in the site's timezone)
 * @param unitsTotal       units of the type that are not archived
 * @param unitsBookable    units available with no hold on them, less holds on the unit type itself (never below 0)
 * @param occupancyPercent units reserved or occupied (unit type holds included, up to the total) as a percentage of
 *                         {@code unitsTotal}, one decimal place, half-up; 0 when there are no units
 * @param price            the quote of {@code PriceQuotes} for the type (with the unit's own features when
 *                         {@code unitId} is set) on {@code date}
 */
public record Availability(String object, UUID siteId, UUID unitTypeId, String unitTypeName, @Nullable UUID unitId,
        LocalDate date, long unitsTotal, long unitsBookable, BigDecimal occupancyPercent, Quote price) {

    public static final String OBJECT = "availability";
}
