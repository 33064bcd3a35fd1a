package com.storageplatform.auth.user;

/** Body of {@code POST /admin/v1/operators/{id}/users}. */
record AddOperatorUser(String email, String role) {
}
