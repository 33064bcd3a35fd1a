package com.storageplatform.auth.internal;

/**
 * The body of an action that takes no parameters (rotate, revoke): no body, or {@code {}}. Any field in it is 422
 * {@code unknown_field}, as everywhere else.
 */
public record NoFields() {
}
