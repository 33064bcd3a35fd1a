package com.storageplatform.commerce.agreement;

import java.time.LocalDate;
import java.util.UUID;

/**
 * An agreement brought in from another system (an import's row): the customer already lives in the unit, so it is
 * made {@code active}, signed and moved in on {@code moveInDate}.
 *
 * @param id the agreement's id, chosen by the importer so that a row is written once
 */
public record MigratedAgreement(UUID id, UUID contactId, UUID unitId, long licenceFeeMinor, String currency,
        LocalDate moveInDate) {
}
