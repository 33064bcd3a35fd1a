package com.storageplatform.compliance.access.control;

import java.util.UUID;

/**
 * A command about one credential, for {@link AccessControl}.
 *
 * @param commandId    the platform's id of the command: the report of its outcome names it, and a command sent
 *                     again carries the same one
 * @param credentialId the credential's reference at the system
 * @param kind         {@code gate_code}, {@code fob} or {@code app_key}
 * @param code         the code to register, on {@code issue} only (null on the other commands, and when the
 *                     credential was revoked before its issue was sent); a secret: never logged
 */
public record CredentialCommand(UUID commandId, UUID accountId, UUID siteId, UUID unitId, UUID credentialId,
        UUID agreementId, UUID contactId, String kind, String code) {

    /** Never the code. */
    @Override
    public String toString() {
        return "CredentialCommand[command=" + commandId + ", credential=" + credentialId + ", site=" + siteId
                + ", kind=" + kind + "]";
    }
}
