package com.storageplatform.auth.credential;

import java.time.Instant;

/**
 * How one kind of credential is shown: its resource record, built from the row, the time its status is read at,
 * and its plaintext secret, which is non-null only in the response that created it.
 */
@FunctionalInterface
public interface CredentialView<T> {

    T of(Credential credential, Instant now, String secret);
}
