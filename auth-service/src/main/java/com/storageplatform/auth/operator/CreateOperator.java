package com.storageplatform.auth.operator;

import io.swagger.v3.oas.annotations.media.Schema;

/** Body of {@code POST /admin/v1/operators}. */
@Schema(requiredProperties = {"name"})
record CreateOperator(String name, String defaultCurrency, String timezone) {
}
