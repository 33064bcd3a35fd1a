package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Environment;
import java.util.UUID;

/**
 * A command to a site's gate or lock system as stored in {@code access_commands}: what the sender hands to the
 * {@link AccessControl} port. It never holds a code: an issue's code is read from its credential when sent.
 *
 * @param subjectId   the credential, or the unit of an overlock
 * @param agreementId for a credential: its agreement; null for an overlock
 * @param contactId   for a credential: its customer; null for an overlock
 * @param kind        for a credential: its kind; null for an overlock
 * @param reference   for an overlock: what the requester calls it; null for a credential
 * @param attempts    hand-overs so far, the one being made included
 */
record AccessCommand(UUID accountId, UUID id, UUID operatorId, Environment environment, Operation operation,
        UUID subjectId, UUID siteId, UUID unitId, UUID agreementId, UUID contactId, String kind, String reference,
        String status, int attempts) {

    static final String PENDING = "pending";
    static final String SENT = "sent";
    static final String CONFIRMED = "confirmed";
    static final String FAILED = "failed";
    static final String CANCELLED = "cancelled";

    CredentialCommand credential(String code) {
        return new CredentialCommand(id, accountId, siteId, unitId, subjectId, agreementId, contactId, kind, code);
    }

    LockCommand lock() {
        return new LockCommand(id, accountId, siteId, subjectId, reference);
    }
}
