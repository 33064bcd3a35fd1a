package com.storageplatform.kit.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValidationTest {

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
}
