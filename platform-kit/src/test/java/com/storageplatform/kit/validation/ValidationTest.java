package com.storageplatform.kit.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValidationTest {

    @Test
    void aMaximumLengthCountsCharactersNotUtf16Units() {
        String emoji = "\uD83D\uDCE6";
        assertThat(emoji.length()).isEqualTo(2);
        assertThat(Validation.start().maxLength("regulatory_basis_ref", emoji.repeat(200), 200).isValid()).isTrue();
        assertThat(Validation.start().maxLength("regulatory_basis_ref", "\u00E9".repeat(199) + emoji, 200).isValid()).isTrue();
        assertThat(Validation.start().maxLength("regulatory_basis_ref", emoji.repeat(201), 200).issues())
                .containsExactly(new FieldIssue("regulatory_basis_ref", "too_long"));
        assertThat(Validation.start().maxLength("name", "x".repeat(200), 200).isValid()).isTrue();
        assertThat(Validation.start().maxLength("name", "x".repeat(201), 200).isValid()).isFalse();
    }

    @Test
    void textThatCannotBeShownIsInvalidAndAbsentTextPasses() {
        Validation validation = Validation.start()
                .printable("first_name", "Zo\u00EB", false)
                .printable("company_name", null, false)
                .printable("marketing_consent_wording", "Yes,\nplease", true)
                .printable("address.city", "Leeds\n", false)
                .printable("regulatory_basis_ref", "FCA\u202E123", true);
        assertThat(validation.issues()).containsExactly(new FieldIssue("address.city", "invalid"),
                new FieldIssue("regulatory_basis_ref", "invalid"));
    }

    @Test
    void everyBadFieldIsNamedOnceWithItsFirstIssue() {
        Validation validation = Validation.start()
                .require("name", " ")
                .maxLength("name", "x".repeat(300), 200)
                .currency("currency", "gbp")
                .min("amount_minor", -1L, 0)
                .max("rate", 100_001L, 100_000)
                .oneOf("status", "lost", List.of("active"))
                .require("site_id", "ok");
        assertThat(validation.issues()).containsExactly(
                new FieldIssue("name", "required"),
                new FieldIssue("currency", "invalid"),
                new FieldIssue("amount_minor", "below_minimum"),
                new FieldIssue("rate", "above_maximum"),
                new FieldIssue("status", "invalid"));
        assertThatThrownBy(validation::orThrow)
                .isInstanceOf(ApiException.class)
                .satisfies(e -> {
                    ApiException api = (ApiException) e;
                    assertThat(api.status().value()).isEqualTo(422);
                    assertThat(api.code().code()).isEqualTo("validation_error");
                    assertThat(api.details()).hasSize(5);
                });
    }

    @Test
    void aValidBodyPasses() {
        Validation validation = Validation.start().require("name", "Unit 1").currency("currency", "GBP");
        assertThat(validation.isValid()).isTrue();
        validation.orThrow();
    }

    @Test
    void aRequiredIdIsAPlatformId() {
        Validation validation = Validation.start();
        String id = Ids.newId().toString();
        assertThat(validation.requiredId("site_id", id)).hasToString(id);
        assertThat(validation.requiredId("unit_type_id", null)).isNull();
        assertThat(validation.requiredId("contact_id", "0f8fad5b-d9cb-469f-a165-70867728950e")).isNull();
        assertThat(validation.issues()).extracting(FieldIssue::field, FieldIssue::issue).containsExactly(
                org.assertj.core.groups.Tuple.tuple("unit_type_id", FieldIssue.REQUIRED),
                org.assertj.core.groups.Tuple.tuple("contact_id", FieldIssue.INVALID));
    }

    @Test
    void anOptionalIdOrDateIsNullWhenAbsentAndInvalidWhenMalformed() {
        String id = Ids.newId().toString();
        Validation validation = Validation.start();
        assertThat(validation.optionalId("unit_id", null)).isNull();
        assertThat(validation.optionalId("unit_id", id)).hasToString(id);
        assertThat(validation.optionalDate("move_in_date", null)).isNull();
        assertThat(validation.optionalDate("move_in_date", "2026-12-01")).hasToString("2026-12-01");
        assertThat(validation.isValid()).isTrue();
        assertThat(validation.optionalId("deal_id", "deal-1")).isNull();
        assertThat(validation.optionalDate("end_date", "2026-2-1")).isNull();
        assertThat(validation.issues()).containsExactly(new FieldIssue("deal_id", "invalid"),
                new FieldIssue("end_date", "invalid"));
    }
}
