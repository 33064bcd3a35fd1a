package com.storageplatform.commerce.contact;

/**
 * The body of {@code archive} and {@code unarchive}, which take no parameters: no body, or {@code {}}. Any field in
 * it is 422 {@code unknown_field}, as everywhere else.
 */
record NoFields() {
}
