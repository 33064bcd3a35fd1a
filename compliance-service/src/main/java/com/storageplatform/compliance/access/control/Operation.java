package com.storageplatform.compliance.access.control;

import java.util.Locale;

/** What a command asks of the gate or lock system: one {@link AccessControl} operation each. */
public enum Operation {

    ISSUE_CREDENTIAL, SUSPEND_CREDENTIAL, REINSTATE_CREDENTIAL, REVOKE_CREDENTIAL, APPLY_OVERLOCK, RELEASE_OVERLOCK;

    /** The name stored ({@code issue_credential}). */
    String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Operation of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    boolean isCredential() {
        return this != APPLY_OVERLOCK && this != RELEASE_OVERLOCK;
    }
}
