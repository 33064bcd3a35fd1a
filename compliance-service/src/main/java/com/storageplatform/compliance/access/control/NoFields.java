package com.storageplatform.compliance.access.control;

/**
 * The body of the overlock test helpers, which take no parameters: no body, or {@code {}}. Any field in it is 422
 * {@code unknown_field}, as everywhere else.
 */
record NoFields() {
}
