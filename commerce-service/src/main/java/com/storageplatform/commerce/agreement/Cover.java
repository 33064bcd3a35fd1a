package com.storageplatform.commerce.agreement;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.LocalDate;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The cover a customer holds with an agreement: goods insurance or a damage waiver, under one of the catalogue's
 * coverage products. Billing prices and bills it from the {@code cover.*} events.
 *
 * @param coverageProductId the coverage product it is held under
 * @param coverMinor        the cover the customer declared, in minor units (rounded up to the product's
 *                          {@code rounding_step}); null for a fixed-level product when none was declared
 * @param currency          the coverage product's currency (the agreement's)
 * @param startsOn          the first day of cover: the move-in date, or the day it was taken out when that is later
 * @param endsOn            the last day of cover, once it has ended; null while it runs on
 * @param takenOutOn        the day the cover was taken out (the site's time zone); kept for {@code starts_on}'s
 *                          rule, never shown
 */
public record Cover(UUID id, UUID coverageProductId, @Nullable Long coverMinor, String currency, LocalDate startsOn,
        @Nullable LocalDate endsOn, @JsonIgnore @Schema(hidden = true) LocalDate takenOutOn) {

    /** Cover starts on the move-in date, or on the day it is taken out when that is later. */
    static LocalDate startsOn(LocalDate moveInDate, LocalDate takenOutOn) {
        return moveInDate == null || moveInDate.isBefore(takenOutOn) ? takenOutOn : moveInDate;
    }

    /** The same cover under another move-in date: {@link #startsOn} keeps holding. */
    Cover following(LocalDate moveInDate) {
        return startingOn(startsOn(moveInDate, takenOutOn));
    }

    /**
     * The cover ended with {@code lastDay} its last day. A cover that had not started by then ends the day before
     * it would have (it never ran), so {@code ends_on} is never earlier than that.
     */
    Cover endedBy(LocalDate lastDay) {
        return new Cover(id, coverageProductId, coverMinor, currency, startsOn,
                lastDay.isBefore(startsOn) ? startsOn.minusDays(1) : lastDay, takenOutOn);
    }

    Cover startingOn(LocalDate date) {
        return new Cover(id, coverageProductId, coverMinor, currency, date, endsOn, takenOutOn);
    }

    Cover declaring(Long amount) {
        return new Cover(id, coverageProductId, amount, currency, startsOn, endsOn, takenOutOn);
    }
}
