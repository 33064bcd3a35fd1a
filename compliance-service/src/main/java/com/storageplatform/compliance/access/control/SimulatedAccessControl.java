package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * The gate and lock system of test accounts, without a network: it takes every command and confirms it, the
 * confirmation coming back as a report through {@link AccessReports#receive} like a live system's (the sender hands
 * it over once the command is recorded sent). The test helper makes its entries, exits and denials
 * ({@link #reported}). Its report ids derive from the command's id, so a command sent again is confirmed once.
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
        return accepted(command.commandId(), command.accountId());
    }

    private Mono<Dispatch> accepted(UUID commandId, UUID accountId) {
        AccessReport confirmed = new AccessReport(PROVIDER, "confirm_" + commandId, AccessReport.Kind.CONFIRMED,
                accountId, commandId, null, null, clock.instant(), null);
        return Mono.just(new Dispatch.Accepted(PROVIDER, "sim_" + commandId, confirmed));
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
