package com.storageplatform.compliance.access.credential;

/**
 * The optional body of {@code POST /v1/access-credentials/{id}/suspend} and {@code .../revoke}.
 *
 * @param reason {@code lost}, {@code stolen}, {@code compromised} or {@code other} (the default)
 */
record CredentialAction(String reason) {
}
