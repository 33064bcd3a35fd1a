package com.storageplatform.auth.operator;

/** Body of {@code POST /admin/v1/operators}. */
record CreateOperator(String name, String defaultCurrency, String timezone) {
}
