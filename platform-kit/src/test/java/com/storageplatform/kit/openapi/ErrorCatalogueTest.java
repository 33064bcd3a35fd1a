package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.ErrorCode;
import org.junit.jupiter.api.Test;

class ErrorCatalogueTest {

    @Test
    void everyErrorCodeSaysWhenItIsAnsweredAndIsInTheDescriptionsTable() {
        String table = SharedComponents.codeTable();
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(ErrorCatalogue.when(code)).as(code.code()).isNotBlank();
            assertThat(table).as(code.code()).contains("| `" + code.code() + "` | ");
        }
    }

    @Test
    void operationNamesAreStableAndReadable() {
        assertThat(OperationNames.summary("rotateSecret", "/v1/webhooks/{id}/rotate-secret", null))
                .isEqualTo("Rotate secret");
        assertThat(OperationNames.summary("create", "/v1/unit-types", "unit_type")).isEqualTo("Create a unit type");
        assertThat(OperationNames.summary("create", "/v1/units", "unit")).isEqualTo("Create a unit");
        assertThat(OperationNames.summary("list", "/v1/unit-types", "unit_type")).isEqualTo("List unit types");
        assertThat(OperationNames.summary("read", "/v1/events/{id}", "event")).isEqualTo("Retrieve an event");
        assertThat(OperationNames.summary("list", "/admin/v1/operators/{operatorId}/api-keys", null))
                .isEqualTo("List API keys");
        assertThat(OperationNames.summary("read", "/admin/v1/api-keys/{id}", null)).isEqualTo("Retrieve an API key");
        assertThat(OperationNames.summary("list", "/v1/webhooks/{id}/deliveries", "webhook_delivery"))
                .isEqualTo("List deliveries");
        assertThat(OperationNames.id("GET", "/v1/coupons/{id}")).isEqualTo("getCouponsId");
        assertThat(OperationNames.id("POST", "/admin/v1/operators/{operatorId}/api-keys"))
                .isEqualTo("postAdminOperatorsOperatorIdApiKeys");
        assertThat(OperationNames.tag("/v1/unit-types/{id}")).isEqualTo("Unit types");
        assertThat(OperationNames.tag("/v1/test-helpers/events")).isEqualTo("Test helpers: events");
        assertThat(OperationNames.tag("/admin/v1/api-keys/{id}/rotate")).isEqualTo("Admin: API keys");
        assertThat(OperationNames.tag("/oauth/token")).isEqualTo("OAuth");
    }
}
