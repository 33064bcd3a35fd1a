package com.storageplatform.compliance.identity;

/**
 * The body of the actions that take no parameters ({@code accept}, the test helpers): no body, or {@code {}}. Any
 * field in it is 422 {@code unknown_field}, as everywhere else.
 */
record NoFields() {
}
