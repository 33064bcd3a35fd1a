package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * The gate and lock system of test accounts, without a network: it takes every command and confirms it, the
 * confirmation coming back as a report through {@link AccessReports#receive} like a live system's. A credential's
 * command is confirmed at once (the sender hands the report over once the command is recorded sent); a lock, as a
 * padlock fitted by a motor or a person, after a delay ({@link SimulatedLockConfirmations}), unless the overlock
 * test helper settles it first ({@link #confirmed}, {@link #refused}). The test helper makes its entries, exits and
 * denials ({@link #reported}). Its report ids derive from the command's id, so a command sent again, or confirmed
 * both by the helper and after the delay, is confirmed once.
 *
 * <p>Like the test cards, two overlock references play a system's failures: {@value #REFUSED} is refused, and
 * {@value #UNAVAILABLE} finds the system unavailable at every attempt.
 */
final class SimulatedAccessControl implements AccessControl {

    static final String PROVIDER = "simulator";
    static final String REFUSED = "test_refused";
    static final String UNAVAILABLE = "test_unavailable";

    private final Clock clock;

    SimulatedAccessControl(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public Mono<Dispatch> issueCredential(CredentialCommand command) {
        return accepted(command.commandId(), command.accountId());
    }

    @Override
    public Mono<Dispatch> suspendCredential(CredentialCommand command) {
        return accepted(command.commandId(), command.accountId());
    }

    @Override
    public Mono<Dispatch> reinstateCredential(CredentialCommand command) {
        return accepted(command.commandId(), command.accountId());
    }

    @Override
    public Mono<Dispatch> revokeCredential(CredentialCommand command) {
        return accepted(command.commandId(), command.accountId());
    }

    @Override
    public Mono<Dispatch> applyOverlock(LockCommand command) {
        return lock(command);
    }

    @Override
    public Mono<Dispatch> releaseOverlock(LockCommand command) {
        return lock(command);
    }

    private Mono<Dispatch> lock(LockCommand command) {
        if (REFUSED.equals(command.reference())) {
            return Mono.just(new Dispatch.Refused(PROVIDER, "The simulated system refused the lock of unit "
                    + command.unitId() + "."));
        }
        if (UNAVAILABLE.equals(command.reference())) {
            return Mono.just(new Dispatch.Unavailable(PROVIDER, "The simulated system did not answer."));
        }
        // Its outcome comes later: after the delay, or from the test helper.
        return Mono.just(new Dispatch.Accepted(PROVIDER, "sim_" + command.commandId(), null));
    }

    private Mono<Dispatch> accepted(UUID commandId, UUID accountId) {
        return Mono.just(new Dispatch.Accepted(PROVIDER, "sim_" + commandId, confirmed(accountId, commandId)));
    }

    /** The system's report that the command was carried out; one id per command, whoever hands it over. */
    AccessReport confirmed(UUID accountId, UUID commandId) {
        return new AccessReport(PROVIDER, "confirm_" + commandId, AccessReport.Kind.CONFIRMED, accountId, commandId,
                null, null, clock.instant(), null);
    }

    /** The system's report that it could not lock or unlock the unit (the overlock test helper's refusal). */
    AccessReport refused(UUID accountId, UUID commandId, UUID unitId) {
        return new AccessReport(PROVIDER, "refuse_" + commandId, AccessReport.Kind.FAILED, accountId, commandId, null,
                null, clock.instant(), "The simulated system could not work the lock of unit " + unitId + ".");
    }

    /**
     * What a gate of a test account reports when someone uses it: an entry, exit or denial at the device
     * ({@code deviceRef}) with the credential, at {@code occurredAt} (now when null).
     */
    AccessReport reported(UUID accountId, AccessReport.Kind kind, String deviceRef, UUID credentialId,
            Instant occurredAt) {
        return new AccessReport(PROVIDER, "event_" + Ids.newId(), kind, accountId, null, deviceRef, credentialId,
                occurredAt == null ? clock.instant() : occurredAt, null);
    }
}
