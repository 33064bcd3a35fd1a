package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** What commerce reads of {@code contract.signed}, and when its document states the agreement as it is. */
class SignedContractTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theContractSignsTheAgreementOnlyOnTheTermsItsDocumentStates() {
        UUID contact = Ids.newId();
        UUID unit = Ids.newId();
        Instant now = Instant.now();
        Agreement agreement = new Agreement(Ids.newId(), Agreement.OBJECT, contact, unit, Ids.newId(), Ids.newId(),
                null, null, 4500, "GBP", LocalDate.of(2026, 12, 1), null, null, "draft", null, null, null, "drafted",
                null, now, now);
        SignedContract same = SignedContract.of(JSON.valueToTree(Map.of("id", Ids.newId().toString(),
                "agreement_id", agreement.id().toString(), "contact_id", contact.toString(), "unit_id",
                unit.toString(), "licence_fee_minor", 4500, "currency", "GBP", "move_in_date", "2026-12-01")));
        assertThat(same.changedTerms(agreement)).isEmpty();
        SignedContract other = SignedContract.of(JSON.valueToTree(Map.of("agreement_id",
                agreement.id().toString(), "contact_id", Ids.newId().toString(), "unit_id", "not an id",
                "licence_fee_minor", "4500", "currency", "EUR", "move_in_date", "2026-12-02")));
        assertThat(other.changedTerms(agreement)).containsExactly("contact_id", "unit_id", "licence_fee_minor",
                "currency", "move_in_date");
        assertThat(SignedContract.of(JSON.valueToTree(Map.of())).agreementId()).isNull();
    }
}
