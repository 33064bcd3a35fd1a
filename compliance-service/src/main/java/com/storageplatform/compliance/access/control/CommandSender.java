package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.polling.LeasedWorkLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Hands pending commands to the account's {@link AccessControl}, after the commit that stored them (woken by it),
 * when they fall due (every poll), and again at once after a turn that handed some over (a subject's next command
 * waits for the one before it). Each turn leases due commands of every account ({@code SKIP LOCKED}, so replicas
 * share the work; a subject's commands one after another, in order), then, for each, outside any transaction: hands
 * it over and records what happened in a short transaction of its own.
 * <ul>
 *   <li>accepted: {@code sent}; the simulator's confirmation of a credential's command follows at once through
 *       {@link AccessReports}, the path of a real system's report (a lock's comes after a delay:
 *       {@link SimulatedLockConfirmations});</li>
 *   <li>refused: {@code failed} with the system's reason;</li>
 *   <li>unavailable: pending again after 1, 2, 4, 8 minutes ({@link CommandSettings}), then {@code failed};</li>
 *   <li>no system for the account (a live account: none is connected yet): {@code failed}, saying so;</li>
 *   <li>the issue of a credential revoked before it was sent: {@code cancelled} (the revoke follows it).</li>
 * </ul>
 * A sender that stops mid-hand-over leaves the command leased; once the lease ends it is tried again with the same
 * id, which the system treats as a repeat.
 */
@Component
class CommandSender extends LeasedWorkLoop<AccessCommand> {

    private static final Logger log = LoggerFactory.getLogger(CommandSender.class);
    private static final int CONCURRENCY = 4;

    private final CommandRepository commands;
    private final AccessControls controls;
    private final CredentialCodes codes;
    private final AccessReports reports;
    private final LockSettlements locks;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final CommandSettings settings;

    CommandSender(CommandRepository commands, AccessControls controls, CredentialCodes codes, AccessReports reports,
            LockSettlements locks, TransactionalOperator tx, Clock clock, CommandSettings settings,
            @Qualifier("accessCommandSignal") WakeUpSignal signal) {
        super("access command sender", settings.pollInterval(), signal, clock, settings.lease(), settings.batch(),
                CONCURRENCY);
        this.commands = commands;
        this.controls = controls;
        this.codes = codes;
        this.reports = reports;
        this.locks = locks;
        this.tx = tx;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    protected Flux<AccessCommand> claimDue(Instant now, Instant leaseEnds, int batch) {
        return commands.claimDue(now, leaseEnds, batch);
    }

    @Override
    protected Mono<?> handle(AccessCommand item) {
        return handOver(item);
    }

    @Override
    protected String describe(AccessCommand item) {
        return "Command " + item.id() + " (" + item.operation().value() + ") of account " + item.accountId();
    }

    private Mono<Void> handOver(AccessCommand command) {
        AccessControl control = controls.of(command.environment()).orElse(null);
        if (control == null) {
            log.info("Command {} ({}) of account {} was not sent: no access-control system is connected",
                    command.id(), command.operation().value(), command.accountId());
            return end(command, AccessCommand.FAILED, null, AccessControls.NOT_CONNECTED);
        }
        return dispatch(control, command)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(dispatch -> dispatch.isPresent() ? record(command, dispatch.get())
                        : end(command, AccessCommand.CANCELLED, control.provider(),
                                "The credential was revoked before its issue was sent."));
    }

    /** The port's answer; empty for the issue of a credential whose code is gone (revoked since). */
    private Mono<Dispatch> dispatch(AccessControl control, AccessCommand command) {
        return switch (command.operation()) {
            case ISSUE_CREDENTIAL -> codes.code(command.accountId(), command.subjectId())
                    .flatMap(code -> control.issueCredential(command.credential(code)));
            case SUSPEND_CREDENTIAL -> control.suspendCredential(command.credential(null));
            case REINSTATE_CREDENTIAL -> control.reinstateCredential(command.credential(null));
            case REVOKE_CREDENTIAL -> control.revokeCredential(command.credential(null));
            case APPLY_OVERLOCK -> control.applyOverlock(command.lock());
            case RELEASE_OVERLOCK -> control.releaseOverlock(command.lock());
        };
    }

    private Mono<Void> record(AccessCommand command, Dispatch dispatch) {
        Instant now = clock.instant();
        if (dispatch instanceof Dispatch.Accepted accepted) {
            return tx.transactional(commands.sent(command.accountId(), command.id(), accepted.provider(),
                            accepted.providerRef(), now))
                    .then(Mono.defer(() -> accepted.simulatedOutcome() == null ? Mono.empty()
                            : reports.receive(accepted.simulatedOutcome()).then()));
        }
        if (dispatch instanceof Dispatch.Refused refused) {
            log.warn("Command {} ({}) of account {} was refused by {}: {}", command.id(),
                    command.operation().value(), command.accountId(), refused.provider(), refused.reason());
            return end(command, AccessCommand.FAILED, refused.provider(), refused.reason());
        }
        Dispatch.Unavailable unavailable = (Dispatch.Unavailable) dispatch;
        Duration wait = settings.retryAfter(command.attempts());
        if (wait == null) {
            log.warn("Command {} ({}) of account {} failed: {} was unavailable at each of {} attempts", command.id(),
                    command.operation().value(), command.accountId(), unavailable.provider(), command.attempts());
            return end(command, AccessCommand.FAILED, unavailable.provider(), "The system was unavailable at each "
                    + "of " + command.attempts() + " attempts; the last said: " + unavailable.reason());
        }
        return tx.transactional(commands.retryAt(command.accountId(), command.id(), now.plus(wait),
                unavailable.reason(), now));
    }

    /** The pending command ends unsent; a lock command that failed so is settled, and its outcome told. */
    private Mono<Void> end(AccessCommand command, String status, String provider, String error) {
        Instant at = clock.instant();
        return tx.transactional(commands.ended(command.accountId(), command.id(), status, provider, error, at)
                .flatMap(ended -> ended.settledAs(locks, status, error, at)));
    }
}
