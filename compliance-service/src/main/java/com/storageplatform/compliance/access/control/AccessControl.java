package com.storageplatform.compliance.access.control;

import reactor.core.publisher.Mono;

/**
 * The gate or lock system of a site, as the platform drives it (docs/api/access.md, "The AccessControl port"): the
 * one port for credentials and locks alike. Test accounts get {@link SimulatedAccessControl}; no vendor is connected
 * for live accounts yet ({@link AccessControls#of}).
 *
 * <p>Every operation is asynchronous at the system: an adapter answers once the system has <em>accepted</em> the
 * command ({@link Dispatch.Accepted}), and the outcome comes later as an {@link AccessReport} naming the command's
 * id, through {@link AccessReports#receive}, the one handler of every report (entries and exits among them). A
 * command is sent again with the same id after an {@link Dispatch.Unavailable}: an adapter must make a repeat of an
 * accepted id a no-op at the system. Commands about one subject (a credential, a unit's lock) arrive in the order
 * they were made, each once the one before it was accepted.
 *
 * <p>A credential's reference at the system is the platform's credential id: {@link #issueCredential} registers the
 * code under it, and the later commands name it. Suspending, reinstating or revoking a credential the system does not
 * know is to be confirmed (there is nothing to do). An adapter never logs a code.
 */
public interface AccessControl {

    /** The system's name in reports and commands ({@code simulator}; a live adapter its connection's provider). */
    String provider();

    /** Registers the credential's code (a gate code, fob number or app key) for its customer at its site and unit. */
    Mono<Dispatch> issueCredential(CredentialCommand command);

    /** The code stops opening anything until reinstated; the system keeps it. */
    Mono<Dispatch> suspendCredential(CredentialCommand command);

    /** A suspended code opens again. */
    Mono<Dispatch> reinstateCredential(CredentialCommand command);

    /** The code is removed for good. */
    Mono<Dispatch> revokeCredential(CredentialCommand command);

    /** Locks the unit against its customer (an overlock), whatever credential they hold. */
    Mono<Dispatch> applyOverlock(LockCommand command);

    /** Lifts the unit's overlock. */
    Mono<Dispatch> releaseOverlock(LockCommand command);
}
