package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Mono;

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

    /**
     * Tells {@code settlements} of a lock command's outcome ({@code status} {@code confirmed} or {@code failed});
     * nothing for a credential's.
     */
    Mono<Void> settledAs(LockSettlements settlements, String status, String reason, Instant at) {
        if (operation.isCredential()) {
            return Mono.empty();
        }
        Caller caller = Caller.actingFor(accountId, operatorId, environment, "access-commands", null);
        return settlements.settled(caller, outcome(status, reason, at));
    }

    AccessLock outcome(String status, String reason, Instant at) {
        return new AccessLock(overlockId(), AccessLock.OBJECT,
                operation == Operation.APPLY_OVERLOCK ? AccessLock.APPLY : AccessLock.RELEASE, id, siteId, subjectId,
                status, CONFIRMED.equals(status) ? null : reason, at);
    }

    /** The overlock a lock command is for: its reference, when that is an id. */
    private UUID overlockId() {
        try {
            return reference == null ? null : UUID.fromString(reference);
        } catch (IllegalArgumentException notAnId) {
            return null;
        }
    }
}
