package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.time.Dates;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * What commerce reads of compliance's {@code contract.signed} (docs/api/compliance.md, Contracts): the contract, its
 * agreement, and the terms its licence document states, which the agreement must still have to be signed by it.
 * Null fields are ones the event did not carry (a peer's event is not ours to trust).
 */
record SignedContract(UUID id, UUID agreementId, UUID contactId, UUID unitId, Long licenceFeeMinor, String currency,
        LocalDate moveInDate) {

    static SignedContract of(JsonNode data) {
        JsonNode fee = data.path("licence_fee_minor");
        return new SignedContract(EventData.id(data, "id"), EventData.id(data, "agreement_id"),
                EventData.id(data, "contact_id"), EventData.id(data, "unit_id"),
                fee.isIntegralNumber() ? fee.asLong() : null, EventData.text(data, "currency"),
                Dates.parseDate(data.path("move_in_date").asString("")).orElse(null));
    }

    /**
     * The agreement's terms that differ from the document's, named as the agreement's fields; empty when the
     * document states the agreement as it is.
     */
    List<String> changedTerms(Agreement agreement) {
        List<String> changed = new ArrayList<>();
        if (!Objects.equals(contactId, agreement.contactId())) {
            changed.add("contact_id");
        }
        if (!Objects.equals(unitId, agreement.unitId())) {
            changed.add("unit_id");
        }
        if (licenceFeeMinor == null || licenceFeeMinor != agreement.licenceFeeMinor()) {
            changed.add("licence_fee_minor");
        }
        if (!Objects.equals(currency, agreement.currency())) {
            changed.add("currency");
        }
        if (!Objects.equals(moveInDate, agreement.moveInDate())) {
            changed.add("move_in_date");
        }
        return changed;
    }
}
