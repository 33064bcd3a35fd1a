package com.storageplatform.compliance.access.overlock;

import com.storageplatform.compliance.access.control.AccessLock;
import com.storageplatform.compliance.access.control.LockSettlements;
import com.storageplatform.compliance.access.credential.AgreementOverlocks;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The overlocks as the rest of access sees them: whether one of an agreement is in force (for its credentials), and
 * the outcome of each of their lock commands, recorded on the overlock and published for billing on
 * {@code compliance.events} (internal): {@code access_lock.confirmed} or {@code access_lock.failed}, with the
 * {@link AccessLock} as data, once per command (the port tells each settlement once, in its transaction).
 */
@Component
class Overlocks implements AgreementOverlocks, LockSettlements {

    static final String CONFIRMED = "access_lock.confirmed";
    static final String FAILED = "access_lock.failed";

    private static final Logger log = LoggerFactory.getLogger(Overlocks.class);

    private final OverlockRepository overlocks;
    private final EventPublisher events;
    private final Clock clock;

    Overlocks(OverlockRepository overlocks, EventPublisher events, Clock clock) {
        this.overlocks = overlocks;
        this.events = events;
        this.clock = clock;
    }

    @Override
    public Mono<Boolean> inForce(UUID accountId, UUID agreementId) {
        return overlocks.inForce(accountId, agreementId);
    }

    /** A lock command for an overlock billing never asked for (another caller of the port) publishes nothing. */
    @Override
    public Mono<Void> settled(Caller caller, AccessLock lock) {
        if (lock.overlockId() == null) {
            return Mono.empty();
        }
        return overlocks.findForUpdate(caller.accountId(), lock.overlockId())
                .flatMap(known -> overlocks.save(caller.accountId(), known.settled(lock), clock.instant())
                        .then(events.publish(caller, lock.confirmed() ? CONFIRMED : FAILED, lock.overlockId(),
                                lock)))
                .switchIfEmpty(TraceLogs.log(() -> log.info("Lock command {} of account {} is for {}, no "
                        + "overlock billing asked for; nothing published", lock.commandId(), caller.accountId(),
                        lock.overlockId())))
                .then();
    }
}
