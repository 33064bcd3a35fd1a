package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The pure rules of a contract. */
class ContractRulesTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anIpAddressIsIpv4OrIpv6TextAndNeverAHostName() {
        assertThat(List.of("203.0.113.7", "0.0.0.0", "255.255.255.255", "2001:db8::7", "::1", "::",
                "2001:0DB8:0000:0000:0000:0000:0000:0001", "::ffff:192.0.2.1", "fe80::1:2:3:4"))
                .allMatch(ContractRules::isIpAddress);
        assertThat(List.of("256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "example.com", "localhost", "2001:db8::g",
                "1:2:3:4:5:6:7:8:9", "fe80::1%eth0", ".:", "::1 ", "[::1]", "1.2.3.4:80"))
                .noneMatch(ContractRules::isIpAddress);
    }

    @Test
    void aSignatureNeedsAPrintableNameOfAtMost200CharactersAndAnIpAddress() {
        Validation v = Validation.start();
        ContractRules.Signature s = ContractRules.check(v, new SignContract("  Ada Lovelace ", " 192.0.2.1 "));
        assertThat(v.isValid()).isTrue();
        assertThat(s).isEqualTo(new ContractRules.Signature("Ada Lovelace", "192.0.2.1"));
        v = Validation.start();
        ContractRules.check(v, new SignContract(" ", null));
        assertThat(v.issues()).extracting(i -> i.field() + " " + i.issue())
                .containsExactly("name required", "ip_address required");
        v = Validation.start();
        ContractRules.check(v, new SignContract("\u202Eada", "10.0.0.300"));
        assertThat(v.issues()).extracting(i -> i.field() + " " + i.issue())
                .containsExactly("name invalid", "ip_address invalid");
        v = Validation.start();
        ContractRules.check(v, new SignContract("a".repeat(201), "::1"));
        assertThat(v.issues()).extracting(i -> i.field() + " " + i.issue()).containsExactly("name too_long");
    }

    @Test
    void onlyAQuoteOrDraftAgreementIsSigned() {
        ContractRules.requireUnsigned(agreement(Map.of("status", "quote")));
        ContractRules.requireUnsigned(agreement(Map.of("status", "draft")));
        for (String status : List.of("pending_move_in", "active", "notice_given", "terminated", "")) {
            assertThatThrownBy(() -> ContractRules.requireUnsigned(agreement(Map.of("status", status))))
                    .as(status).isInstanceOfSatisfying(ApiException.class,
                            e -> assertThat(e.status().value()).isEqualTo(409));
        }
    }

    @Test
    void onlyAContractAwaitingItsSignatureIsSigned() {
        Contract awaiting = contract(Contract.AWAITING_SIGNATURE);
        ContractRules.requireAwaitingSignature(awaiting);
        assertThatThrownBy(() -> ContractRules.requireAwaitingSignature(contract(Contract.SIGNED)))
                .hasMessageContaining("signed already");
        assertThatThrownBy(() -> ContractRules.requireAwaitingSignature(contract(Contract.SUPERSEDED)))
                .hasMessageContaining("superseded");
    }

    @Test
    void theTermsTheDocumentStatesAreComparedWithTheAgreementAsItNowIs() {
        Contract c = contract(Contract.AWAITING_SIGNATURE);
        JsonNode same = agreement(Map.of("contact_id", c.contactId().toString(), "unit_id", c.unitId().toString(),
                "licence_fee_minor", 4500, "currency", "GBP", "move_in_date", "2026-12-01"));
        assertThat(ContractRules.changedTerms(c, same)).isEmpty();
        JsonNode changed = agreement(Map.of("contact_id", Ids.newId().toString(), "unit_id", Ids.newId().toString(),
                "licence_fee_minor", 4600, "currency", "EUR", "move_in_date", "2026-12-02"));
        assertThat(ContractRules.changedTerms(c, changed)).containsExactly("contact_id", "unit_id",
                "licence_fee_minor", "currency", "move_in_date");
        JsonNode missing = agreement(Map.of("contact_id", c.contactId().toString(), "unit_id",
                c.unitId().toString(), "currency", "GBP"));
        assertThat(ContractRules.changedTerms(c, missing)).containsExactly("licence_fee_minor", "move_in_date");
    }

    @Test
    void theDocumentStatesTheFeeInTheCurrencysMajorUnitAndLongDates() {
        assertThat(ContractRules.licenceFee(4500, "GBP")).isEqualTo("GBP 45.00");
        assertThat(ContractRules.licenceFee(5, "GBP")).isEqualTo("GBP 0.05");
        assertThat(ContractRules.licenceFee(4500, "JPY")).isEqualTo("JPY 4500");
        assertThat(ContractRules.licenceFee(4500, "BHD")).isEqualTo("BHD 4.500");
        assertThat(ContractRules.longDate(LocalDate.of(2026, 12, 1))).isEqualTo("1 December 2026");
        assertThat(ContractRules.longDate(null)).isEqualTo("to be agreed");
    }

    @Test
    void theSiteAddressIsOneLineOfItsParts() {
        assertThat(ContractRules.siteAddress(agreement(Map.of("address", Map.of("line1", "1 Harbour Road",
                "city", "Bristol", "postcode", "BS1 4QA", "country", "GB"))))).isEqualTo(
                "1 Harbour Road, Bristol, BS1 4QA, GB");
        assertThat(ContractRules.siteAddress(agreement(Map.of("name", "Harbour")))).isEqualTo("not recorded");
    }

    private static JsonNode agreement(Map<String, ?> fields) {
        return JSON.valueToTree(fields);
    }

    private static Contract contract(String status) {
        Instant now = Instant.parse("2026-11-27T10:00:00Z");
        UUID id = Ids.newId();
        return new Contract(id, Contract.OBJECT, Ids.newId(), Ids.newId(), Ids.newId(), Ids.newId(), status, 4500,
                "GBP", LocalDate.of(2026, 12, 1), 0, "0".repeat(64), 1000,
                Contract.SIGNED.equals(status) ? now : null, null,
                Contract.SUPERSEDED.equals(status) ? Ids.newId() : null, List.of(), now, now);
    }
}
