package com.storageplatform.compliance.access.control;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How the rest of the platform asks a site's gate or lock system for something: a command is stored in the caller's
 * transaction, and the {@link CommandSender} hands it to the {@link AccessControl} port once that commits (woken by
 * the commit). Nothing reaches the system inside a transaction, and a change that rolls back sends nothing.
 */
@Component
public class AccessCommands {

    private final CommandRepository commands;
    private final WakeUpSignal sender;
    private final Clock clock;

    AccessCommands(CommandRepository commands, @Qualifier("accessCommandSignal") WakeUpSignal sender, Clock clock) {
        this.commands = commands;
        this.sender = sender;
        this.clock = clock;
    }

    /** The facts of a credential a command carries (never its code, which is read when an issue is sent). */
    public record Credential(UUID id, UUID agreementId, UUID contactId, UUID siteId, UUID unitId, String kind) {
    }

    /**
     * Tells the system about a change of the credential: {@code operation} is one of the four credential
     * operations.
     */
    public Mono<Void> credential(Caller caller, Operation operation, Credential credential) {
        if (!operation.isCredential()) {
            throw new IllegalArgumentException(operation + " is not about a credential");
        }
        return queue(new AccessCommand(caller.accountId(), Ids.newId(), caller.operatorId(),
                environmentOf(caller), operation, credential.id(), credential.siteId(), credential.unitId(),
                credential.agreementId(), credential.contactId(), credential.kind(), null, AccessCommand.PENDING, 0));
    }

    /**
     * Locks the unit against its customer (an overlock, issue 18): answers the command's id, which the system's
     * confirmation names.
     *
     * @param reference what the requester calls the overlock, for the system's records
     */
    public Mono<UUID> applyOverlock(Caller caller, UUID siteId, UUID unitId, String reference) {
        return lock(caller, Operation.APPLY_OVERLOCK, siteId, unitId, reference);
    }

    /** Lifts the unit's overlock; answers the command's id. */
    public Mono<UUID> releaseOverlock(Caller caller, UUID siteId, UUID unitId, String reference) {
        return lock(caller, Operation.RELEASE_OVERLOCK, siteId, unitId, reference);
    }

    private Mono<UUID> lock(Caller caller, Operation operation, UUID siteId, UUID unitId, String reference) {
        AccessCommand command = new AccessCommand(caller.accountId(), Ids.newId(), caller.operatorId(),
                environmentOf(caller), operation, unitId, siteId, unitId, null, null, null, reference,
                AccessCommand.PENDING, 0);
        return queue(command).thenReturn(command.id());
    }

    private Mono<Void> queue(AccessCommand command) {
        return commands.insert(command, clock.instant()).then(AfterCommit.run(sender::wake));
    }

    /** An event that named no environment is taken for live: no simulator ever acts for a live account. */
    private static Environment environmentOf(Caller caller) {
        return caller.environment() == null ? Environment.LIVE : caller.environment();
    }
}
