package com.storageplatform.billing.internal;

/**
 * The body of {@code archive} and {@code unarchive}, which take no parameters: no body, or {@code {}}. Any field in
 * it is 422 {@code unknown_field}, as everywhere else.
 */
public record NoFields() {
}
