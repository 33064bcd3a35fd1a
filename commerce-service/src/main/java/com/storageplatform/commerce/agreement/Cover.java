package com.storageplatform.commerce.agreement;

import java.time.LocalDate;
import java.util.UUID;

/**
 * The cover a customer holds with an agreement: goods insurance or a damage waiver, under one of the catalogue's
 * coverage products. Billing prices and bills it from the {@code cover.*} events.
 *
 * @param coverageProductId the coverage product it is held under
 * @param coverMinor        the cover the customer declared, in minor units (rounded up to the product's
 *                          {@code rounding_step}); null for a fixed-level product when none was declared
 * @param currency          the coverage product's currency (the agreement's)
 * @param startsOn          the first day of cover: the move-in date, or the day it was taken out when that is later
 * @param endsOn            the last day of cover, once the agreement has ended; null while it runs on
 */
public record Cover(UUID id, UUID coverageProductId, Long coverMinor, String currency, LocalDate startsOn,
        LocalDate endsOn) {

    Cover startingOn(LocalDate date) {
        return new Cover(id, coverageProductId, coverMinor, currency, date, endsOn);
    }

    Cover endingOn(LocalDate date) {
        return new Cover(id, coverageProductId, coverMinor, currency, startsOn, date);
    }

    Cover declaring(Long amount) {
        return new Cover(id, coverageProductId, amount, currency, startsOn, endsOn);
    }
}
